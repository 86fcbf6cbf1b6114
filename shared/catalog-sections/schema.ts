/**
 * A catalogue section as POST /api/catalog-sections and PUT /api/catalog-sections/{id} take it (a plain
 * JSON body, spec 03 §7): built from the shared field builders, so outside clients' forms (flags 0/1,
 * numbers as text, absent keys) are read and stored in one form.
 */
import { z } from 'zod';
import { imageArea, STORAGE_URL_PREFIX } from '../files.js';
import { MESSAGES } from '../messages.js';
import { pairItem } from '../resources/cities.js';
import { SLUG_FORMAT } from '../slug.js';
import { activeFlag, flag, optionalId, optionalRichText, optionalText, requiredInteger, requiredText, versionField } from '../validation.js';
import { CATALOG_SECTION_IMAGE, CATALOG_SECTION_LIMITS as L } from './constants.js';

const V = MESSAGES.validation;
const S = MESSAGES.applications;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** An uploaded banner or image: its path (or its URL, as GET's `*_url` gives it) under images/catalog-section/. */
const imagePath = () =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.startsWith(STORAGE_URL_PREFIX) ? value.slice(STORAGE_URL_PREFIX.length) : value),
    optionalText(255).refine((path) => path === null || (path as string).startsWith(imageArea(CATALOG_SECTION_IMAGE.entity)), MESSAGES.files.wrongKind),
  );

/** A slider tour: the tour (`tour_id`, or `tour: {id}` as GET gives it), a title and a price, each with its own message. */
const sliderTour = z.preprocess(
  (value) => (isObject(value) && (value.tour_id === undefined || value.tour_id === null) && isObject(value.tour) ? { ...value, tour_id: value.tour.id } : value),
  z
    .object({ tour_id: optionalId(), title: optionalText(L.sliderTitle), price: optionalText(L.price) }, { error: V.invalid })
    .superRefine((entry, context) => {
      if (entry.tour_id === null) context.addIssue({ code: 'custom', path: ['tour_id'], message: S.specifyTour });
      if (entry.title === null) context.addIssue({ code: 'custom', path: ['title'], message: S.specifyTitle });
      if (entry.price === null) context.addIssue({ code: 'custom', path: ['price'], message: S.specifyPrice });
    })
    .transform((entry) => entry as { tour_id: number; title: string; price: string }),
);

const textBlock = () => z.object({ title: optionalText(L.blockTitle), text: optionalRichText(L.blockText) }, { error: V.invalid }).prefault({ title: null, text: null });

export const seoContentSchema = z.preprocess(
  (value) => value ?? {},
  z.object(
    {
      top_block: textBlock(),
      bottom_block: textBlock(),
      advantages: z.preprocess((value) => value ?? [], z.array(pairItem('title', L.advantageTitle, 'text', L.advantageText), { error: V.invalid }).max(L.advantages, V.maxItems(L.advantages))),
    },
    { error: V.invalid },
  ),
);

const sectionObject = z.object({
  id: z.unknown().optional(),
  version: versionField(),
  name: requiredText(L.name),
  /** Left out (or blank), the save derives it from the name (shared/slug.ts) and makes it unique, as hotels do. */
  slug: optionalText(L.slug).pipe(z.string().regex(SLUG_FORMAT, MESSAGES.cities.slugFormat).nullable()),
  description: optionalText(L.description),
  /** The parent section; never the section itself or one of its descendants (checked on the server). */
  catalog_section_id: optionalId(),
  banner: imagePath(),
  image: imagePath(),
  is_active: activeFlag(),
  exclusive: flag(),
  sort: requiredInteger(L.sort.min, L.sort.max, { blank: L.sort.default }),
  price: optionalText(L.price),
  seo_h1: optionalText(L.seoText),
  seo_title: optionalText(L.seoText),
  seo_description: optionalText(L.seoDescription),
  seo_content: seoContentSchema,
  tours: z.preprocess((value) => value ?? [], z.array(sliderTour, { error: V.invalid }).max(L.sliderTours, MESSAGES.catalogSections.sliderFull(L.sliderTours))),
});

/**
 * The body of a save. Slider tours sent inside `seo_content` (where the original site kept them) are
 * read as `tours` when `tours` itself is absent.
 */
export const catalogSectionSchema = z.preprocess(
  (value) => (isObject(value) && value.tours === undefined && isObject(value.seo_content) && Array.isArray(value.seo_content.tours) ? { ...value, tours: value.seo_content.tours } : value),
  sectionObject,
);

export type CatalogSectionInput = z.input<typeof sectionObject>;
export type CatalogSection = z.output<typeof sectionObject>;
export type SeoContent = z.output<typeof seoContentSchema>;
