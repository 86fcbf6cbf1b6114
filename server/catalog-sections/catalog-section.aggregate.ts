/**
 * The catalogue section in tables (migrations/1765300000010-CatalogSections.ts, and its slider tours
 * in catalog_section_tours of 1765300000020-Tours.ts) for the aggregate store, and the two mappings:
 * validated body → rows, stored rows → what GET answers.
 */
import type { CatalogSection, SeoContent } from '../../shared/catalog-sections/schema.js';
import type { CatalogSectionRecord } from '../../shared/catalog-sections/types.js';
import { storageUrl } from '../../shared/files.js';
import { joinPath, type AggregateDeclaration, type AggregateNode, type StoredNode } from '../common/aggregate/declaration.js';

export const CATALOG_SECTION_AGGREGATE: AggregateDeclaration = {
  table: 'catalog_sections',
  columns: {
    name: 'varchar',
    slug: 'varchar',
    description: 'text',
    catalog_section_id: 'integer',
    banner: 'varchar',
    image: 'varchar',
    is_active: 'boolean',
    exclusive: 'boolean',
    sort: 'smallint',
    price: 'varchar',
    seo_h1: 'varchar',
    seo_title: 'varchar',
    seo_description: 'varchar',
    seo_content: 'jsonb',
  },
  references: { parent: { table: 'catalog_sections', via: 'catalog_section_id', columns: ['id', 'name'] } },
  uploads: ['banner', 'image'],
  collections: {},
  links: {
    // Slider tours: no ids of their own, replaced on save, in the order given.
    tours: {
      table: 'catalog_section_tours',
      parentColumn: 'section_id',
      columns: { tour_id: 'integer', title: 'varchar', price: 'varchar', position: 'smallint' },
      orderBy: 'position',
      references: { tour: { table: 'tours', via: 'tour_id', columns: ['id', 'name', 'slug'] } },
    },
  },
};

/** The rows of a validated section (its slug already decided). */
export function catalogSectionNode(section: CatalogSection & { slug: string }): AggregateNode {
  const { tours, id: _id, version: _version, ...values } = section;
  return {
    path: '',
    values,
    links: { tours: tours.map((tour, position) => ({ path: joinPath('tours', position), values: { tour_id: tour.tour_id, title: tour.title, price: tour.price, position } })) },
  };
}

const url = (path: unknown) => (typeof path === 'string' ? storageUrl(path) : null);

/** GET /api/catalog-sections/{id}: the body's fields with the parent's and tours' names and the images' URLs. */
export function catalogSectionRecord(stored: StoredNode, canDelete: boolean): CatalogSectionRecord {
  const row = stored.row;
  return {
    id: row.id as number,
    version: row.version as number,
    name: row.name as string,
    slug: row.slug as string,
    description: row.description as string | null,
    catalog_section_id: row.catalog_section_id as number | null,
    parent: (row.parent as CatalogSectionRecord['parent']) ?? null,
    banner: row.banner as string | null,
    banner_url: url(row.banner),
    image: row.image as string | null,
    image_url: url(row.image),
    is_active: row.is_active as boolean,
    exclusive: row.exclusive as boolean,
    sort: row.sort as number,
    price: row.price as string | null,
    seo_h1: row.seo_h1 as string | null,
    seo_title: row.seo_title as string | null,
    seo_description: row.seo_description as string | null,
    // A row written before the blocks existed ('{}' by default) reads as empty blocks.
    seo_content: {
      top_block: { title: null, text: null },
      bottom_block: { title: null, text: null },
      advantages: [],
      ...(row.seo_content as Partial<SeoContent>),
    },
    tours: stored.links.tours!.map((tour) => ({
      tour_id: tour.tour_id as number,
      tour: (tour.tour as CatalogSectionRecord['tours'][number]['tour']) ?? null,
      title: tour.title as string,
      price: tour.price as string,
    })),
    can_delete: canDelete,
  };
}
