/**
 * The sea-tour aggregate in tables (migrations/1765300000200-SeaTours.ts) for the aggregate store,
 * and the two mappings around it: validated payload → rows, stored rows → the editor's shape (the
 * reply of GET /api/sea-tours/{id}, a superset of the payload with the names of what it references).
 */
import { SEA_TOUR_MARKUPS } from '../../shared/sea-tours/constants.js';
import type { SeaTour } from '../../shared/sea-tours/schema.js';
import type { SeaTourRecord } from '../../shared/sea-tours/types.js';
import { defineAggregate, joinPath, namedReference, narrow, sameType, valuesOf, type AggregateNode, type StoredAggregate } from '../common/aggregate/declaration.js';

const MARKUP_COLUMNS = sameType(
  SEA_TOUR_MARKUPS.map(({ key }) => key),
  'smallint',
);
const markupsOf = (source: Record<(typeof SEA_TOUR_MARKUPS)[number]['key'], number>) => valuesOf(source, MARKUP_COLUMNS);

export const SEA_TOUR_AGGREGATE = defineAggregate({
  table: 'sea_tours',
  columns: { name: 'varchar', slug: 'varchar', city_id: 'integer', is_active: 'boolean', info: narrow<string[]>()('jsonb?'), ...MARKUP_COLUMNS },
  readOnly: { updated_at: 'timestamptz' },
  references: { city: namedReference('cities', 'city_id') },
  links: {
    transfer_types: { table: 'sea_tour_transfer_types', parentColumn: 'sea_tour_id', columns: { transfer_type: 'smallint', position: 'smallint' }, orderBy: 'position' },
    transports: {
      table: 'sea_tour_transports',
      parentColumn: 'sea_tour_id',
      columns: { transport_forth_id: 'integer', transport_back_id: 'integer', position: 'smallint' },
      orderBy: 'position',
      references: { transport_forth: namedReference('transports', 'transport_forth_id'), transport_back: namedReference('transports', 'transport_back_id') },
    },
  },
  collections: {
    hotels: {
      table: 'sea_tour_hotel_groups',
      parentColumn: 'sea_tour_id',
      columns: { position: 'smallint', ...MARKUP_COLUMNS },
      orderBy: 'position, id',
      links: {
        hotels: {
          table: 'sea_tour_group_hotels',
          parentColumn: 'group_id',
          columns: { hotel_id: 'integer', position: 'smallint' },
          orderBy: 'position',
          references: { hotel: { table: 'hotels', via: 'hotel_id', columns: { name: 'varchar' } } },
        },
      },
    },
  },
});

/** The rows of a validated sea tour. */
export function seaTourNode(tour: SeaTour & { slug: string }): AggregateNode {
  return {
    path: '',
    values: { ...tour },
    links: {
      transfer_types: tour.transfer_types_ids.map((type, position) => ({ path: joinPath('transfer_types_ids', position), values: { transfer_type: type, position } })),
      // A refused reference lands on the pair's own field (`fk__transport_forth_id` → `transports.0.transport_forth_id`).
      transports: tour.transports.map((pair, position) => ({ path: joinPath('transports', position), values: { ...pair, position } })),
    },
    collections: {
      hotels: tour.hotels.map((group, index) => ({
        id: group.id ?? null,
        path: joinPath('hotels', index),
        values: { position: index, ...markupsOf(group) },
        links: {
          // Item paths are the group's, so `fk__hotels_ids` lands on `hotels.N.hotels_ids`.
          hotels: group.hotels_ids.map((hotel, position) => ({ path: joinPath('hotels', index), values: { hotel_id: hotel, position } })),
        },
      })),
    },
  };
}

/** GET /api/sea-tours/{id}. */
export function seaTourRecord(stored: StoredAggregate<typeof SEA_TOUR_AGGREGATE>, canDelete: boolean): SeaTourRecord {
  const { row, links } = stored;
  return {
    id: row.id,
    version: row.version,
    name: row.name,
    slug: row.slug,
    is_active: row.is_active,
    city_id: row.city_id,
    city: row.city,
    info: row.info,
    ...markupsOf(row),
    transfer_types_ids: links.transfer_types.map((link) => link.transfer_type),
    hotels: stored.collections.hotels.map((group) => ({
      id: group.row.id,
      hotels_ids: group.links.hotels.map((link) => link.hotel_id),
      hotels_names: group.links.hotels.map((link) => link.hotel.name),
      ...markupsOf(group.row),
    })),
    transports: links.transports.map((pair) => ({
      transport_forth_id: pair.transport_forth_id,
      transport_back_id: pair.transport_back_id,
      transport_forth: pair.transport_forth,
      transport_back: pair.transport_back,
    })),
    can_delete: canDelete,
    updated_at: row.updated_at,
  };
}
