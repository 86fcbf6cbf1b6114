/**
 * The sea-tour aggregate in tables (migrations/1765300000200-SeaTours.ts) for the aggregate store,
 * and the two mappings around it: validated payload → rows, stored rows → the editor's shape (the
 * reply of GET /api/sea-tours/{id}, a superset of the payload with the names of what it references).
 */
import type { IdName } from '../../shared/api.js';
import { SEA_TOUR_MARKUPS } from '../../shared/sea-tours/constants.js';
import type { SeaTour } from '../../shared/sea-tours/schema.js';
import type { SeaTourRecord } from '../../shared/sea-tours/types.js';
import { joinPath, type AggregateDeclaration, type AggregateNode, type ColumnTypes, type StoredNode } from '../common/aggregate/declaration.js';

const MARKUP_COLUMNS: ColumnTypes = Object.fromEntries(SEA_TOUR_MARKUPS.map(({ key }) => [key, 'smallint']));
const markupsOf = (source: Record<string, unknown>) => Object.fromEntries(SEA_TOUR_MARKUPS.map(({ key }) => [key, source[key] as number])) as Pick<SeaTourRecord, (typeof SEA_TOUR_MARKUPS)[number]['key']>;

const named = { table: 'transports', columns: ['id', 'name'] } as const;

export const SEA_TOUR_AGGREGATE: AggregateDeclaration = {
  table: 'sea_tours',
  columns: { name: 'varchar', slug: 'varchar', city_id: 'integer', is_active: 'boolean', info: 'jsonb', ...MARKUP_COLUMNS },
  references: { city: { table: 'cities', via: 'city_id', columns: ['id', 'name'] } },
  links: {
    transfer_types: { table: 'sea_tour_transfer_types', parentColumn: 'sea_tour_id', columns: { transfer_type: 'smallint', position: 'smallint' }, orderBy: 'position' },
    transports: {
      table: 'sea_tour_transports',
      parentColumn: 'sea_tour_id',
      columns: { transport_forth_id: 'integer', transport_back_id: 'integer', position: 'smallint' },
      orderBy: 'position',
      references: { transport_forth: { ...named, via: 'transport_forth_id' }, transport_back: { ...named, via: 'transport_back_id' } },
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
          references: { hotel: { table: 'hotels', via: 'hotel_id', columns: ['name'] } },
        },
      },
    },
  },
};

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
export function seaTourRecord(stored: StoredNode, canDelete: boolean): SeaTourRecord {
  const row = stored.row;
  return {
    id: row.id as number,
    version: row.version as number,
    name: row.name as string,
    slug: row.slug as string,
    is_active: row.is_active as boolean,
    city_id: row.city_id as number,
    city: (row.city as IdName | null) ?? null,
    info: (row.info as string[] | null) ?? null,
    ...markupsOf(row),
    transfer_types_ids: stored.links.transfer_types!.map((link) => link.transfer_type as number),
    hotels: stored.collections.hotels!.map((group) => ({
      id: group.row.id as number,
      hotels_ids: group.links.hotels!.map((link) => link.hotel_id as number),
      hotels_names: group.links.hotels!.map((link) => (link.hotel as { name: string } | null)?.name ?? ''),
      ...markupsOf(group.row),
    })),
    transports: stored.links.transports!.map((pair) => ({
      transport_forth_id: pair.transport_forth_id as number,
      transport_back_id: pair.transport_back_id as number,
      transport_forth: (pair.transport_forth as IdName | null) ?? null,
      transport_back: (pair.transport_back as IdName | null) ?? null,
    })),
    can_delete: canDelete,
    updated_at: row.updated_at as string,
  };
}
