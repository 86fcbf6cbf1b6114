/**
 * Cities (spec 01 §2.9, §3 City, §4 City photo, §5 City, §7 "Cities and countries"): country, slug,
 * near / railway-transfer / aviation-transfer cities, catalog image and price, and the SEO blocks
 * `hotel` and `bus_tickets`.
 */
import { z } from 'zod';
import { photoArea } from '../files.js';
import { MESSAGES } from '../messages.js';
import { SLUG_FORMAT } from '../slug.js';
import { id, optionalMoney, optionalRichText, optionalText, requiredText, richText, richTextLength } from '../validation.js';
import { defineResource } from './define.js';

const V = MESSAGES.validation;

/** Spec 01 §5 "City". */
export const CITY_LIMITS = {
  name: 128,
  slug: 128,
  seoH1: 100,
  seoTitle: 100,
  seoDescription: 160,
  bottomBlockTitle: 160,
  faqQuestion: 200,
  advantageTitle: 200,
  advantageText: 60_000,
  /** The rich-text default: descriptions, bottom block text, FAQ answers. */
  richText: 20_000,
  advantages: 4,
  /** GET /api/cities?query=&limit=1000 serves city search. */
  searchLimit: 1000,
  /** …sent 200 ms after the last keystroke. */
  searchDelayMs: 200,
  price: 999_999_999.99,
} as const;

/** Catalog image hint (spec 01 §5): one file, 420x200 px. */
export const CITY_CATALOG_IMAGE_HINT = 'Одно изображение, рекомендуемый размер 420×200 пикселей';

/**
 * A FAQ item (question, rich-text answer) or an advantage (title, rich-text text): both parts filled,
 * otherwise 'Заполните поле' under each empty one (spec 01 §5).
 */
export const pairItem = <A extends string, B extends string>(first: A, firstMax: number, second: B, secondMax: number) =>
  z
    .object({
      id: z.union([z.number(), z.string()]).optional(),
      [first]: z.string({ error: V.fillIn }).trim().max(firstMax, V.maxLength(firstMax)),
      [second]: richText(secondMax, { error: V.fillIn }),
    } as Record<'id' | A | B, z.ZodType>)
    .superRefine((item, context) => {
      const values = item as Record<string, string>;
      if (!values[first]) context.addIssue({ code: 'custom', path: [first], message: V.fillIn });
      if (!values[second] || richTextLength(values[second]) === 0) context.addIssue({ code: 'custom', path: [second], message: V.fillIn });
    });

const seoBlock = {
  meta: z
    .object({
      h1: optionalText(CITY_LIMITS.seoH1),
      title: optionalText(CITY_LIMITS.seoTitle),
      description: optionalText(CITY_LIMITS.seoDescription),
    })
    .prefault({ h1: null, title: null, description: null }),
  description: optionalRichText(CITY_LIMITS.richText),
  bottom_block: z.object({ title: optionalText(CITY_LIMITS.bottomBlockTitle), text: optionalRichText(CITY_LIMITS.richText) }).prefault({ title: null, text: null }),
  faq: z.array(pairItem('question', CITY_LIMITS.faqQuestion, 'answer', CITY_LIMITS.richText)).default([]),
};

const advantages = z
  .array(pairItem('title', CITY_LIMITS.advantageTitle, 'text', CITY_LIMITS.advantageText))
  .max(CITY_LIMITS.advantages, MESSAGES.cities.advantagesMax(CITY_LIMITS.advantages))
  .default([]);

/** seo_settings: the `hotel` block, and the `bus_tickets` block which also has up to 4 advantages. */
export const citySeoSchema = z
  .object({
    hotel: z.object(seoBlock).prefault({ description: null }),
    bus_tickets: z.object({ ...seoBlock, advantages }).prefault({ description: null }),
  })
  .prefault({});

const cityIds = z.array(id(), { error: V.invalid }).default([]);

const citySchema = z.object({
  name: requiredText(CITY_LIMITS.name),
  country_id: id(),
  slug: requiredText(CITY_LIMITS.slug).regex(SLUG_FORMAT, MESSAGES.cities.slugFormat),
  near_cities: cityIds,
  railway_transfer_cities: cityIds,
  aviation_transfer_cities: cityIds,
  catalog: z
    .object({
      // Only a city photo (POST /api/photos, entity city), never any other upload (migrations/1764300000000-StoredContent.ts).
      image: optionalText(255).refine((path) => path === null || (path as string).startsWith(photoArea('city')), MESSAGES.files.wrongKind),
      price: optionalMoney(0, CITY_LIMITS.price),
    })
    .prefault({ image: null, price: null }),
  seo_settings: citySeoSchema,
});

export type CityInput = z.input<typeof citySchema>;
export type CitySeo = z.output<typeof citySeoSchema>;

export interface CityRef {
  id: number;
  name: string;
}

export interface CityRow extends CityRef {
  country_id: number;
  country: CityRef | null;
  slug: string;
  near_cities: CityRef[];
  railway_transfer_cities: CityRef[];
  aviation_transfer_cities: CityRef[];
  catalog: { image: string | null; image_url: string | null; price: number | null };
  seo_settings: CitySeo;
  can_delete: boolean;
}

export const citiesResource = defineResource({
  path: '/cities',
  createSchema: citySchema,
  updateSchema: citySchema,
  sortable: ['id', 'name'],
  maxLimit: CITY_LIMITS.searchLimit,
  messages: { saved: MESSAGES.cities.saved, deleted: MESSAGES.cities.deleted },
});
