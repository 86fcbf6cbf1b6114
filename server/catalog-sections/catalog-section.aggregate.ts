/**
 * The catalogue section in tables (migrations/1765300000010-CatalogSections.ts, and its slider tours
 * in catalog_section_tours of 1765300000020-Tours.ts) for the aggregate store, and the two mappings:
 * validated body → rows, stored rows → what GET answers.
 */
import type { CatalogSection, SeoContent } from '../../shared/catalog-sections/schema.js';
import type { CatalogSectionRecord } from '../../shared/catalog-sections/types.js';
import { storageUrl } from '../../shared/files.js';
import { defineAggregate, joinPath, namedReference, narrow, type AggregateNode, type StoredAggregate } from '../common/aggregate/declaration.js';

export const CATALOG_SECTION_AGGREGATE = defineAggregate({
  table: 'catalog_sections',
  columns: {
    name: 'varchar',
    slug: 'varchar',
    description: 'text?',
    catalog_section_id: 'integer?',
    banner: 'varchar?',
    image: 'varchar?',
    is_active: 'boolean',
    exclusive: 'boolean',
    sort: 'smallint',
    price: 'varchar?',
    seo_h1: 'varchar?',
    seo_title: 'varchar?',
    seo_description: 'varchar?',
    // A row written before the blocks existed holds '{}' (the default): the reader fills the blocks in.
    seo_content: narrow<Partial<SeoContent>>()('jsonb'),
  },
  references: { parent: namedReference('catalog_sections', 'catalog_section_id') },
  uploads: ['banner', 'image'],
  collections: {},
  links: {
    // Slider tours: no ids of their own, replaced on save, in the order given.
    tours: {
      table: 'catalog_section_tours',
      parentColumn: 'section_id',
      columns: { tour_id: 'integer', title: 'varchar', price: 'varchar', position: 'smallint' },
      orderBy: 'position',
      references: { tour: { table: 'tours', via: 'tour_id', columns: { id: 'integer', name: 'varchar', slug: 'varchar' } } },
    },
  },
});

/** The rows of a validated section (its slug already decided). */
export function catalogSectionNode(section: CatalogSection & { slug: string }): AggregateNode {
  const { tours, id: _id, version: _version, ...values } = section;
  return {
    path: '',
    values,
    links: { tours: tours.map((tour, position) => ({ path: joinPath('tours', position), values: { tour_id: tour.tour_id, title: tour.title, price: tour.price, position } })) },
  };
}

const url = (path: string | null) => (path === null ? null : storageUrl(path));

/** GET /api/catalog-sections/{id}: the body's fields with the parent's and tours' names and the images' URLs. */
export function catalogSectionRecord(stored: StoredAggregate<typeof CATALOG_SECTION_AGGREGATE>, canDelete: boolean): CatalogSectionRecord {
  const row = stored.row;
  return {
    id: row.id,
    version: row.version,
    name: row.name,
    slug: row.slug,
    description: row.description,
    catalog_section_id: row.catalog_section_id,
    parent: row.parent,
    banner: row.banner,
    banner_url: url(row.banner),
    image: row.image,
    image_url: url(row.image),
    is_active: row.is_active,
    exclusive: row.exclusive,
    sort: row.sort,
    price: row.price,
    seo_h1: row.seo_h1,
    seo_title: row.seo_title,
    seo_description: row.seo_description,
    seo_content: { top_block: { title: null, text: null }, bottom_block: { title: null, text: null }, advantages: [], ...row.seo_content },
    tours: stored.links.tours.map((tour) => ({ tour_id: tour.tour_id, tour: tour.tour, title: tour.title, price: tour.price })),
    can_delete: canDelete,
  };
}
