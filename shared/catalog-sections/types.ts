/** What the catalogue-section API answers (spec 03 §3 "Catalogue section", "Slider tour entry"). */
import type { IdName } from '../api.js';
import type { FileLimits } from '../files.js';
import type { SeoContent } from './schema.js';

export interface SliderTourRecord {
  tour_id: number;
  tour: { id: number; name: string; slug: string } | null;
  title: string;
  price: string;
}

/** GET /api/catalog-sections/{id}, and the reply of a save. */
export interface CatalogSectionRecord {
  id: number;
  version: number;
  name: string;
  slug: string;
  description: string | null;
  catalog_section_id: number | null;
  parent: IdName | null;
  banner: string | null;
  banner_url: string | null;
  image: string | null;
  image_url: string | null;
  is_active: boolean;
  exclusive: boolean;
  sort: number;
  price: string | null;
  seo_h1: string | null;
  seo_title: string | null;
  seo_description: string | null;
  seo_content: SeoContent;
  tours: SliderTourRecord[];
  can_delete: boolean;
}

/** A row of GET /api/catalog-sections. */
export interface CatalogSectionListRow {
  id: number;
  name: string;
  description: string | null;
  parent: IdName | null;
  is_active: boolean;
  sort: number;
  can_delete: boolean;
}

/** GET /api/catalog-sections/data. */
export interface CatalogSectionData {
  catalog_sections: IdName[];
  /** The banner's and image's limits as the server applies them (size in KB, extensions, MIME types). */
  image_limits: FileLimits;
  image_hint: { width: number; height: number };
}
