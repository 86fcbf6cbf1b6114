/**
 * Catalogue sections (spec 03 §2.13, §3 "Catalogue section", §5, §9): limits and defaults both sides
 * use. Texts are in shared/messages.ts (`catalogSections`, and the slider's and upload's in `applications`).
 */
import { CATALOG_SECTION_IMAGE_ENTITY, JPEG_IMAGE_POLICY } from '../files.js';

export const CATALOG_SECTION_LIMITS = {
  name: 255,
  slug: 255,
  description: 5000,
  sort: { min: 1, max: 100, default: 10 },
  /** The price is text (`от 15 000 ₽`), not a number. */
  price: 200,
  seoText: 255,
  seoDescription: 5000,
  blockTitle: 255,
  blockText: 60_000,
  advantageTitle: 200,
  advantageText: 60_000,
  advantages: 20,
  /** Slider tours: at most 12 (the add button is then disabled). */
  sliderTours: 12,
  sliderTitle: 255,
} as const;

/** Banner and image: jpg/jpeg up to 2 MB (server/files takes the same policy for this entity). */
export const CATALOG_SECTION_IMAGE = {
  entity: CATALOG_SECTION_IMAGE_ENTITY,
  policy: JPEG_IMAGE_POLICY,
  /** The default size hint (spec 03 §5: 1024×780). */
  hint: { width: 1024, height: 780 },
} as const;
