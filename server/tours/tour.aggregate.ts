/**
 * The excursion tour aggregate in tables (migrations/1765300000020-Tours.ts) for the aggregate
 * store, and the two mappings around it: validated payload → rows to write, stored rows → the
 * editor's shape (GET /api/tours/{id}). The checklist is not part of the aggregate (./checklist.ts).
 */
import { storageUrl } from '../../shared/files.js';
import { moneyNumber } from '../../shared/money.js';
import { TOUR_COMMISSION_CATEGORIES, TOUR_SERVICE_LISTS } from '../../shared/tours/constants.js';
import type { Tour } from '../../shared/tours/schema.js';
import type { TourRecord } from '../../shared/tours/types.js';
import { joinPath, type AggregateDeclaration, type AggregateNode, type ColumnTypes, type LinkRow, type StoredNode } from '../common/aggregate/declaration.js';

const COMMISSION_COLUMNS: ColumnTypes = Object.fromEntries(
  TOUR_COMMISSION_CATEGORIES.flatMap((category) => [
    [`commission_${category}_type`, 'smallint'],
    [`commission_${category}_sum`, 'integer'],
  ]),
);

const TEXT_COLUMNS = ['short_description', 'description', 'info', 'additional_dates', 'additional_cities', 'additional_price', 'additional_price_includes', 'additional_extra_price'] as const;

const TOUR_COLUMNS: ColumnTypes = {
  name: 'varchar',
  slug: 'varchar',
  is_active: 'boolean',
  is_hotel_selection: 'boolean',
  application_auto_confirm: 'boolean',
  auto_confirm_status: 'smallint',
  duration: 'integer',
  tour_type_id: 'integer',
  category_id: 'integer',
  city_id: 'integer',
  transport_forth_id: 'integer',
  transport_back_id: 'integer',
  ...Object.fromEntries(TEXT_COLUMNS.map((column) => [column, 'text'])),
  meal_price: 'integer',
  adult_price: 'integer',
  child_price: 'integer',
  ...COMMISSION_COLUMNS,
  seo_h1: 'varchar',
  seo_title: 'varchar',
  seo_description: 'varchar',
  external_link: 'varchar',
};

const uploadColumns: ColumnTypes = { path: 'varchar', name: 'varchar', alt: 'varchar', position: 'smallint' };
const named = (table: string, via: string) => ({ table, via, columns: ['id', 'name'] });

export const TOUR_AGGREGATE: AggregateDeclaration = {
  table: 'tours',
  columns: TOUR_COLUMNS,
  references: {
    city: named('cities', 'city_id'),
    transport_forth: named('transports', 'transport_forth_id'),
    transport_back: named('transports', 'transport_back_id'),
  },
  links: {
    hotels: {
      table: 'tour_hotels',
      parentColumn: 'tour_id',
      columns: { hotel_id: 'integer', arrival_day: 'integer', departure_day: 'integer', meal_id: 'integer', position: 'smallint' },
      orderBy: 'position',
      references: { hotel: { table: 'hotels', via: 'hotel_id', columns: ['id', 'name', 'city_id'] } },
    },
    trade_offers: { table: 'tour_trade_offer_items', parentColumn: 'tour_id', columns: { item_id: 'integer', position: 'smallint' }, orderBy: 'position' },
    services: { table: 'tour_service_items', parentColumn: 'tour_id', columns: { list: 'varchar', item_id: 'integer', position: 'smallint' }, orderBy: 'list, position' },
    catalog_sections: {
      table: 'tour_catalog_sections',
      parentColumn: 'tour_id',
      columns: { item_id: 'integer', sum: 'numeric', sort: 'smallint', position: 'smallint' },
      orderBy: 'position',
      references: { section: named('catalog_sections', 'item_id') },
    },
    uploads: { table: 'tour_uploads', parentColumn: 'tour_id', columns: { list: 'varchar', ...uploadColumns }, orderBy: 'list, position', uploads: ['path'] },
  },
  collections: {
    meals: {
      table: 'tour_meals',
      parentColumn: 'tour_id',
      columns: { position: 'smallint', name: 'varchar', vendor_id: 'integer', days: 'integer[]' },
      orderBy: 'position, id',
      references: { vendor: named('vendors', 'vendor_id') },
      collections: {
        dates: {
          table: 'tour_meal_dates',
          parentColumn: 'meal_id',
          columns: { date_from: 'date', date_to: 'date', price: 'integer', commission_type: 'smallint', commission_sum: 'integer' },
          orderBy: 'date_from, id',
        },
      },
    },
    days: {
      table: 'tour_days',
      parentColumn: 'tour_id',
      columns: { position: 'smallint', name: 'varchar', description: 'text' },
      orderBy: 'position, id',
      links: { photos: { table: 'tour_day_photos', parentColumn: 'day_id', columns: uploadColumns, orderBy: 'position', uploads: ['path'] } },
    },
    dates: { table: 'tour_dates', parentColumn: 'tour_id', columns: { start_date: 'date' }, orderBy: 'start_date, id' },
  },
};

// ---------------------------------------------------------------------------------------------
// Payload → rows

type Values = Record<string, unknown>;

const uploads = (path: string, list: string, files: readonly { name: string; path: string; alt?: string | null }[]): LinkRow[] =>
  files.map((file, position) => ({ path: joinPath(path, position), values: { list, path: file.path, name: file.name || file.path.split('/').pop(), alt: file.alt ?? null, position } }));

/** The rows of a validated tour; `dateIds` are the stored dates' ids by start date (a date sent without its id keeps it). */
export function tourNode(tour: Tour, dateIds: ReadonlyMap<string, number>): AggregateNode {
  const values: Values = { ...tour };
  return {
    path: '',
    values,
    links: {
      hotels: tour.hotels.map((hotel, position) => ({
        path: joinPath('hotels', position),
        values: { hotel_id: hotel.id, arrival_day: hotel.arrival_day, departure_day: hotel.departure_day, meal_id: hotel.meal_id, position },
      })),
      trade_offers: tour.trade_offers.map((item, position) => ({ path: joinPath('trade_offers', position), values: { item_id: item, position } })),
      services: TOUR_SERVICE_LISTS.flatMap((list) => tour[list].map((item, position) => ({ path: joinPath(list, position), values: { list, item_id: item, position } }))),
      catalog_sections: tour.catalog_sections.map((entry, position) => ({
        path: joinPath('catalog_sections', position),
        values: { item_id: entry.id, sum: entry.sum, sort: entry.sort, position },
      })),
      uploads: [...uploads('photos', 'photo', tour.photos), ...uploads('files', 'file', tour.files), ...uploads('videos', 'video', tour.videos)],
    },
    collections: {
      meals: tour.meals.map((meal, index) => ({
        id: meal.id ?? null,
        path: joinPath('meals', index),
        values: { position: index, name: meal.name, vendor_id: meal.vendor_id, days: meal.days },
        collections: {
          dates: meal.dates.map((row, position) => ({
            id: row.id ?? null,
            path: joinPath('meals', index, 'dates', position),
            values: { date_from: row.from, date_to: row.to, price: row.price, commission_type: row.commission_type, commission_sum: row.commission_sum },
          })),
        },
      })),
      days: tour.days.map((day, index) => ({
        id: day.id ?? null,
        path: joinPath('days', index),
        values: { position: index, name: day.name, description: day.description },
        links: { photos: uploads(joinPath('days', index, 'photos'), 'photo', day.photos).map(({ path, values: { list: _list, ...photo } }) => ({ path, values: photo })) },
      })),
      dates: tour.dates.map((date, index) => ({ id: date.id ?? dateIds.get(date.start_date) ?? null, path: joinPath('dates', index), values: { start_date: date.start_date } })),
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Rows → the editor's shape

type Named = { id: number; name: string } | null;
const file = (row: Values) => ({ name: row.name as string, path: row.path as string, url: storageUrl(row.path as string) });
const media = (row: Values, index: number) => ({ id: index + 1, ...file(row), alt: (row.alt as string | null) ?? null, type: null });

export interface TourLookups {
  /** Meal ids another record still points at (can_delete false). */
  mealsInUse: ReadonlySet<number>;
  canDelete: boolean;
  hasChecklist: boolean;
  /** Hotel cities by id (a hotel row's city name). */
  cityNames: ReadonlyMap<number, string>;
}

export function tourRecord(stored: StoredNode, lookups: TourLookups): TourRecord {
  const row = stored.row;
  const uploadsOf = (list: string) => stored.links.uploads!.filter((upload) => upload.list === list);
  const servicesOf = (list: string) => stored.links.services!.filter((item) => item.list === list).map((item) => item.item_id as number);
  const commission = Object.fromEntries(Object.keys(COMMISSION_COLUMNS).map((column) => [column, row[column]]));
  return {
    id: row.id as number,
    version: row.version as number,
    name: row.name as string,
    slug: row.slug as string,
    is_active: row.is_active as boolean,
    is_hotel_selection: row.is_hotel_selection as boolean,
    application_auto_confirm: row.application_auto_confirm as boolean,
    auto_confirm_status: row.auto_confirm_status as 3 | 5 | null,
    duration: row.duration as number,
    tour_type_id: row.tour_type_id as number,
    category_id: row.category_id as number | null,
    city_id: row.city_id as number | null,
    city: (row.city as Named) ?? null,
    transport_forth_id: row.transport_forth_id as number | null,
    transport_back_id: row.transport_back_id as number | null,
    transport_forth: (row.transport_forth as Named) ?? null,
    transport_back: (row.transport_back as Named) ?? null,
    trade_offers: stored.links.trade_offers!.map((item) => item.item_id as number),
    hotels: stored.links.hotels!.map((item) => {
      const hotel = item.hotel as { id: number; name: string; city_id: number } | null;
      const cityId = hotel?.city_id ?? null;
      return {
        id: item.hotel_id as number,
        name: hotel?.name ?? '',
        city_id: cityId,
        city_name: cityId === null ? null : (lookups.cityNames.get(cityId) ?? null),
        arrival_day: item.arrival_day as number | null,
        departure_day: item.departure_day as number | null,
        meal_id: item.meal_id as number | null,
      };
    }),
    services: servicesOf('services'),
    required_services: servicesOf('required_services'),
    meal_price: row.meal_price as number | null,
    adult_price: row.adult_price as number | null,
    child_price: row.child_price as number | null,
    ...commission,
    meals: stored.collections.meals!.map(({ row: meal, collections }) => ({
      id: meal.id as number,
      name: meal.name as string | null,
      vendor_id: meal.vendor_id as number | null,
      vendor_name: (meal.vendor as Named)?.name ?? null,
      days: (meal.days as number[]) ?? [],
      dates: collections.dates!.map(({ row: date }) => ({
        id: date.id as number,
        from: date.date_from as string,
        to: date.date_to as string,
        price: date.price as number,
        commission_type: date.commission_type as 1 | 2,
        commission_sum: date.commission_sum as number,
      })),
      can_delete: !lookups.mealsInUse.has(meal.id as number),
    })),
    dates: stored.collections.dates!.map(({ row: date }) => ({ id: date.id as number, start_date: date.start_date as string })),
    days: stored.collections.days!.map(({ row: day, links }) => ({
      id: day.id as number,
      name: day.name as string,
      description: day.description as string,
      photos: links.photos!.map(media),
    })),
    catalog_sections: stored.links.catalog_sections!.map((entry) => ({
      id: entry.item_id as number,
      name: (entry.section as Named)?.name ?? '',
      sum: moneyNumber(entry.sum as number),
      sort: entry.sort as number,
    })),
    ...(Object.fromEntries(TEXT_COLUMNS.map((column) => [column, row[column] ?? null])) as Record<(typeof TEXT_COLUMNS)[number], string | null>),
    photos: uploadsOf('photo').map(media),
    files: uploadsOf('file').map(file),
    videos: uploadsOf('video').map(media),
    seo_h1: row.seo_h1 as string | null,
    seo_title: row.seo_title as string | null,
    seo_description: row.seo_description as string | null,
    external_link: row.external_link as string | null,
    can_delete: lookups.canDelete,
    has_checklist: lookups.hasChecklist,
  } as TourRecord;
}
