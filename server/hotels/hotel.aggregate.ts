/**
 * The hotel aggregate in tables (migrations/1765000000001-Hotels.ts) for the aggregate store, and
 * the two mappings around it: validated payload → rows to write, stored rows → the editor's shape
 * (the reply of GET /api/hotels/{id}, a superset of the payload).
 */
import { CommissionType, type AutoConfirmStatus } from '../../shared/commission.js';
import { HOTEL_COMMISSION_CATEGORIES, PERIOD_COMMISSION_CATEGORIES, ROOM_AGE_LISTS, ROOM_ITEM_LISTS, type RoomAgeList } from '../../shared/hotels/constants.js';
import type { Hotel, Room } from '../../shared/hotels/schema.js';
import { storageUrl } from '../../shared/files.js';
import { moneyNumber } from '../../shared/money.js';
import {
  defineAggregate,
  joinPath,
  keyed,
  namedReference,
  narrow,
  sameType,
  valuesOf,
  type AggregateNode,
  type ColumnTypes,
  type ColumnValues,
  type LinkRow,
  type StoredAggregate,
  type StoredChild,
} from '../common/aggregate/declaration.js';

const commissionColumns = <const Category extends string>(categories: readonly Category[]) => ({
  commission_general_sum: 'integer',
  is_differentiate: 'boolean',
  ...sameType(categories.map((category) => `commission_${category}_type` as const), narrow<CommissionType>()('smallint')),
  ...sameType(categories.map((category) => `commission_${category}_sum` as const), 'integer'),
}) as const;

const HOTEL_COMMISSION_COLUMNS = commissionColumns(HOTEL_COMMISSION_CATEGORIES);
const PERIOD_COMMISSION_COLUMNS = commissionColumns(PERIOD_COMMISSION_CATEGORIES);

const HOTEL_COLUMNS = {
  city_id: 'integer',
  name: 'varchar',
  slug: 'varchar',
  address: 'varchar?',
  latitude: 'varchar?',
  longitude: 'varchar?',
  category_type: 'smallint?',
  stars: 'smallint?',
  rating: 'numeric?',
  arrival_time: 'time?',
  departure_time: 'time?',
  vendor_id: 'integer?',
  promotion_id: 'integer?',
  description: 'text?',
  short_description: 'text?',
  info: narrow<string[]>()('jsonb?'),
  is_excursion: 'boolean',
  is_search_priority: 'boolean',
  application_auto_confirm: 'boolean',
  auto_confirm_status: narrow<AutoConfirmStatus>()('smallint?'),
  sea_distance: 'smallint?',
  site_url: 'varchar?',
  site_description: 'varchar?',
  catalog_price: 'numeric?',
  catalog_sort: 'smallint?',
  seo_h1: 'varchar?',
  seo_title: 'varchar?',
  seo_description: 'varchar?',
  ...HOTEL_COMMISSION_COLUMNS,
} as const satisfies ColumnTypes;

/** A room's own fields, as the payload and the record name them (its columns besides `position`). */
const ROOM_FIELDS = {
  type_id: 'integer',
  description_id: 'integer?',
  accommodation_id: 'integer',
  place_id: 'integer',
  quota: 'boolean',
  quota_count: 'integer?',
  adult_count: 'integer',
  child_count: 'integer',
  adv_adult_count: 'integer',
  adv_child_count: 'integer',
  child_without: 'integer',
  is_children_in_adult_places: 'boolean',
  is_children_in_adv_adult_places: 'boolean',
  area: 'varchar?',
} as const satisfies ColumnTypes;
const ROOM_COLUMNS = { position: 'smallint', ...ROOM_FIELDS } as const;

const PERIOD_COLUMNS = {
  date_from: 'date',
  date_to: 'date',
  is_total_price: 'boolean',
  total_price: 'integer?',
  adult_price: 'integer?',
  child_price: 'integer?',
  child_without_price: 'integer',
  adv_adult_price: 'integer',
  adv_child_price: 'integer',
  ...PERIOD_COMMISSION_COLUMNS,
} as const satisfies ColumnTypes;

const SUM = { sum: 'numeric' } as const;
const itemLink = <const Parent extends string, const Extra extends ColumnTypes>(table: string, parentColumn: Parent, extra: Extra) =>
  ({ table, parentColumn, columns: { item_id: 'integer', ...extra, position: 'smallint' }, orderBy: 'position' }) as const;
const uploadColumns = { path: 'varchar', name: 'varchar', alt: 'varchar?', position: 'smallint' } as const satisfies ColumnTypes;
type UploadRow = ColumnValues<typeof uploadColumns>;

export const HOTEL_AGGREGATE = defineAggregate({
  table: 'hotels',
  columns: HOTEL_COLUMNS,
  // Kept from an import (the supplier's link, id and raw data, what it last wrote: server/imports/import-job.ts),
  // stamped by the database (updated_at): the editor's save writes none of them.
  readOnly: { external_link: 'varchar?', external_id: 'varchar?', payload: 'jsonb?', imported: 'jsonb?', updated_at: 'timestamptz' },
  references: { city: namedReference('cities', 'city_id') },
  links: {
    services: itemLink('hotel_service_items', 'hotel_id', SUM),
    meals: itemLink('hotel_meal_items', 'hotel_id', SUM),
    infrastructures: {
      ...itemLink('hotel_infrastructure_items', 'hotel_id', { pay: 'boolean' }),
      references: { infrastructure: { table: 'infrastructures', via: 'item_id', columns: { infrastructure_type_id: 'integer' } } },
    },
    // The catalogue sections the hotel is shown in (the Каталог tab): ids, replaced on save.
    catalog_sections: itemLink('hotel_catalog_sections', 'hotel_id', {}),
    uploads: {
      table: 'hotel_uploads',
      parentColumn: 'hotel_id',
      columns: { list: narrow<'desc' | 'memo' | 'photo' | 'video'>()('varchar'), ...uploadColumns },
      orderBy: 'list, position',
      uploads: ['path'],
    },
  },
  collections: {
    rooms: {
      table: 'hotel_rooms',
      parentColumn: 'hotel_id',
      columns: ROOM_COLUMNS,
      // An imported room's own id, raw data, what the import last wrote and when the supplier stopped offering it, kept by every save.
      readOnly: { external_id: 'varchar?', payload: 'jsonb?', imported: 'jsonb?', removed_by_supplier_at: 'timestamptz?' },
      orderBy: 'position, id',
      links: {
        ...keyed(ROOM_ITEM_LISTS, (list) => itemLink(`hotel_room_${list}`, 'room_id', SUM)),
        meals: itemLink('hotel_room_meals', 'room_id', {}),
        ages: { table: 'hotel_room_ages', parentColumn: 'room_id', columns: { type: 'smallint', age: 'smallint', position: 'smallint' }, orderBy: 'type, position' },
        photos: { table: 'hotel_room_photos', parentColumn: 'room_id', columns: uploadColumns, orderBy: 'position', uploads: ['path'] },
      },
      collections: {
        dates: { table: 'hotel_room_prices', parentColumn: 'room_id', columns: PERIOD_COLUMNS, orderBy: 'date_from, id' },
        premises: { table: 'hotel_room_premises', parentColumn: 'room_id', columns: { position: 'smallint', name: 'varchar', area: 'numeric?' }, orderBy: 'position, id' },
      },
    },
  },
});

// ---------------------------------------------------------------------------------------------
// Payload → rows

/** The room's age lists by name (each stored with its `type`). */
const AGE_LISTS = Object.keys(ROOM_AGE_LISTS) as RoomAgeList[];

const items = (path: string, list: { id: number; sum?: number; pay?: boolean }[]): LinkRow[] =>
  list.map((item, position) => ({ path: joinPath(path, position), values: { item_id: item.id, sum: item.sum, pay: item.pay, position } }));

const uploads = (path: string, list: string, files: { name: string; path: string; alt?: string | null }[]): LinkRow[] =>
  files.map((file, position) => ({ path: joinPath(path, position), values: { list, path: file.path, name: file.name || file.path.split('/').pop(), alt: file.alt ?? null, position } }));

function roomNode(room: Room, index: number): AggregateNode {
  const path = joinPath('rooms', index);
  const ages = AGE_LISTS.flatMap((list) =>
    room[list].map((age, position) => ({ path: joinPath(path, list, position), values: { type: ROOM_AGE_LISTS[list], age: age.id, position } })),
  );
  return {
    id: room.id ?? null,
    path,
    // Only the room's columns: a refused check is matched to its row by every written value.
    values: { position: index, ...valuesOf(room, ROOM_FIELDS) },
    collections: {
      dates: room.dates.map((period, position) => ({
        id: period.id ?? null,
        path: joinPath(path, 'dates', position),
        values: { ...period, date_from: period.from, date_to: period.to },
      })),
      premises: room.premises.map((premises, position) => ({ id: premises.id ?? null, path: joinPath(path, 'premises', position), values: { position, name: premises.name, area: premises.area } })),
    },
    links: {
      ...keyed(ROOM_ITEM_LISTS, (list) => items(joinPath(path, list), room[list])),
      meals: room.meals.map((meal, position) => ({ path: joinPath(path, 'meals', position), values: { item_id: meal, position } })),
      ages,
      photos: room.photos.map((photo, position) => ({ path: joinPath(path, 'photos', position), values: { path: photo.path, name: photo.name || photo.path, alt: photo.alt ?? null, position } })),
    },
  };
}

/** The rows of a validated hotel payload. */
export function hotelNode(hotel: Hotel): AggregateNode {
  const [latitude = null, longitude = null] = hotel.coords ?? [];
  return {
    path: '',
    values: { ...hotel, latitude, longitude, catalog_price: hotel.catalog.price, catalog_sort: hotel.catalog.sort },
    links: {
      services: items('services', hotel.services),
      meals: items('meals', hotel.meals),
      infrastructures: items('infrastructures', hotel.infrastructures),
      catalog_sections: hotel.catalog_sections.map((section, position) => ({ path: joinPath('catalog_sections', position), values: { item_id: section, position } })),
      uploads: [
        ...uploads('desc_files', 'desc', hotel.desc_files),
        ...uploads('memo_files', 'memo', hotel.memo_files),
        ...uploads('photos', 'photo', hotel.photos),
        ...uploads('videos', 'video', hotel.videos),
      ],
    },
    collections: { rooms: hotel.rooms.map(roomNode) },
  };
}

// ---------------------------------------------------------------------------------------------
// Rows → the editor's shape

const time = (value: string | null) => (value === null ? null : value.slice(0, 5));
const file = (row: UploadRow) => ({ name: row.name, path: row.path, url: storageUrl(row.path) });
const media = (row: UploadRow, index: number) => ({ id: index + 1, ...file(row), alt: row.alt, type: null });
const sumItem = (row: { item_id: number; sum: number }) => ({ id: row.item_id, sum: moneyNumber(row.sum) });

export interface HotelLookups {
  /** Room ids another record still points at (can_delete false). */
  roomsInUse: Set<number>;
  /** Nothing outside the hotel points at it. */
  canDelete: boolean;
}

/** GET /api/hotels/{id}: the payload's fields plus read-only extras (city object, can_delete, external data). */
export function hotelRecord(stored: StoredAggregate<typeof HOTEL_AGGREGATE>, lookups: HotelLookups) {
  const { row, links } = stored;
  const uploadsOf = (list: 'desc' | 'memo' | 'photo' | 'video') => links.uploads.filter((upload) => upload.list === list);
  return {
    id: row.id,
    version: row.version,
    city_id: row.city_id,
    city: row.city,
    name: row.name,
    slug: row.slug,
    address: row.address,
    coords: [row.latitude, row.longitude].filter((value) => value !== null),
    category_type: row.category_type,
    stars: row.stars,
    rating: row.rating,
    arrival_time: time(row.arrival_time),
    departure_time: time(row.departure_time),
    vendor_id: row.vendor_id,
    promotion_id: row.promotion_id,
    description: row.description,
    short_description: row.short_description,
    info: row.info,
    is_excursion: row.is_excursion,
    is_search_priority: row.is_search_priority,
    application_auto_confirm: row.application_auto_confirm,
    auto_confirm_status: row.auto_confirm_status,
    sea_distance: row.sea_distance,
    desc_files: uploadsOf('desc').map(file),
    memo_files: uploadsOf('memo').map(file),
    site_url: row.site_url,
    site_description: row.site_description,
    photos: uploadsOf('photo').map(media),
    videos: uploadsOf('video').map(media),
    services: links.services.map(sumItem),
    infrastructures: links.infrastructures.map((item) => ({ id: item.item_id, type: item.infrastructure.infrastructure_type_id, pay: item.pay })),
    meals: links.meals.map(sumItem),
    catalog: { price: moneyNumber(row.catalog_price), sort: row.catalog_sort },
    catalog_sections: links.catalog_sections.map((section) => section.item_id),
    seo_h1: row.seo_h1,
    seo_title: row.seo_title,
    seo_description: row.seo_description,
    external_link: row.external_link,
    ...valuesOf(row, HOTEL_COMMISSION_COLUMNS),
    rooms: stored.collections.rooms.map((room) => roomRecord(room, lookups)),
    updated_at: row.updated_at,
    can_delete: lookups.canDelete,
  };
}

/** GET /api/hotels/{id}. */
export type HotelRecord = ReturnType<typeof hotelRecord>;

function roomRecord({ row, links, collections }: StoredChild<typeof HOTEL_AGGREGATE.collections.rooms>, lookups: HotelLookups) {
  const ages = (list: RoomAgeList) => links.ages.filter((age) => age.type === ROOM_AGE_LISTS[list]).map((age) => ({ id: age.age, type: age.type }));
  return {
    id: row.id,
    ...valuesOf(row, ROOM_FIELDS),
    ...keyed(AGE_LISTS, ages),
    ...keyed(ROOM_ITEM_LISTS, (list) => links[list].map(sumItem)),
    meals: links.meals.map((meal) => meal.item_id),
    photos: links.photos.map(media),
    premises: collections.premises.map(({ row: premises }) => ({ id: premises.id, name: premises.name, area: premises.area })),
    dates: collections.dates.map(({ row: period }) => {
      const { date_from, date_to, room_id: _room, ...rest } = period;
      return { ...rest, from: date_from, to: date_to, id: period.id };
    }),
    external_id: row.external_id,
    payload: row.payload,
    can_delete: !lookups.roomsInUse.has(row.id),
  };
}
