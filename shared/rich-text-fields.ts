/**
 * Every field the renderer edits with its rich-text editor, one list for both sides (issue 25): by
 * form, the field's dotted path in the form's save body (`*` standing for each row of a list) and its
 * limit in characters of text. RichTextEditor takes one of these as `field` (a name not listed here
 * does not compile) and its limit from here; server/common/input/rich-text-fields.test.ts saves each
 * form with `<script>`, `onerror=` and `javascript:` in every field listed and reads them back clean.
 * So a rich-text field cannot reach a screen without its schema sanitizing it (`richText()` /
 * `optionalRichText()` of shared/validation.ts).
 */
import { CATALOG_SECTION_LIMITS } from './catalog-sections/constants.js';
import { HOTEL_LIMITS } from './hotels/constants.js';
import { CITY_LIMITS } from './resources/cities.js';
import { TOUR_LIMITS } from './tours/constants.js';
import { TRANSPORT_LIMITS } from './transport/constants.js';

export const RICH_TEXT_FIELDS = {
  /** The city dialog's SEO blocks (CitySeoEditor). */
  city: {
    'seo_settings.hotel.description': CITY_LIMITS.richText,
    'seo_settings.hotel.bottom_block.text': CITY_LIMITS.richText,
    'seo_settings.hotel.faq.*.answer': CITY_LIMITS.richText,
    'seo_settings.bus_tickets.description': CITY_LIMITS.richText,
    'seo_settings.bus_tickets.bottom_block.text': CITY_LIMITS.richText,
    'seo_settings.bus_tickets.faq.*.answer': CITY_LIMITS.richText,
    'seo_settings.bus_tickets.advantages.*.text': CITY_LIMITS.advantageText,
  },
  hotel: {
    description: HOTEL_LIMITS.description,
  },
  /** The excursion tour's info tab and day dialog. */
  tour: {
    description: TOUR_LIMITS.description,
    info: TOUR_LIMITS.richText,
    additional_dates: TOUR_LIMITS.richText,
    additional_cities: TOUR_LIMITS.richText,
    additional_price: TOUR_LIMITS.richText,
    additional_price_includes: TOUR_LIMITS.richText,
    additional_extra_price: TOUR_LIMITS.richText,
    'days.*.description': TOUR_LIMITS.richText,
  },
  /** The bus transport's catalogue tab. */
  transport: {
    'catalog.seo_settings.top_block.text': TRANSPORT_LIMITS.richText,
    'catalog.seo_settings.bottom_block.text': TRANSPORT_LIMITS.richText,
    'catalog.seo_settings.advantages.*.text': TRANSPORT_LIMITS.richText,
    'catalog.seo_settings.faq.*.answer': TRANSPORT_LIMITS.richText,
  },
  catalogSection: {
    'seo_content.top_block.text': CATALOG_SECTION_LIMITS.blockText,
    'seo_content.bottom_block.text': CATALOG_SECTION_LIMITS.blockText,
    'seo_content.advantages.*.text': CATALOG_SECTION_LIMITS.advantageText,
  },
} as const satisfies Record<string, Record<string, number>>;

export type RichTextForm = keyof typeof RICH_TEXT_FIELDS;

/** A listed field as RichTextEditor names it: `form:path`, e.g. `tour:days.*.description`. */
export type RichTextField = { [Form in RichTextForm]: `${Form}:${keyof (typeof RICH_TEXT_FIELDS)[Form] & string}` }[RichTextForm];

/** The field's limit in characters of text (the editor's counter and the schema's `richText(max)`). */
export function richTextLimit(field: RichTextField): number {
  const [form, path] = field.split(/:(.*)/) as [RichTextForm, string];
  return (RICH_TEXT_FIELDS[form] as Record<string, number>)[path]!;
}
