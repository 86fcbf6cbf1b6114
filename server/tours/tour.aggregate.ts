/**
 * The excursion tour aggregate in tables (migrations/1765300000020-Tours.ts) for the aggregate
 * store, and the two mappings around it: validated payload → rows to write, stored rows → the
 * editor's shape (GET /api/tours/{id}). The checklist is not part of the aggregate (./checklist.ts).
 */
import { CommissionType, type AutoConfirmStatus } from '../../shared/commission.js';
import { storageUrl } from '../../shared/files.js';
import { moneyNumber } from '../../shared/money.js';
import { TOUR_COMMISSION_CATEGORIES, TOUR_SERVICE_LISTS, type TourServiceList } from '../../shared/tours/constants.js';
import type { Tour } from '../../shared/tours/schema.js';
import type { TourRecord } from '../../shared/tours/types.js';
import {
  defineAggregate,
  joinPath,
  namedReference,
  narrow,
  sameType,
  valuesOf,
  type AggregateNode,
  type ColumnTypes,
  type ColumnValues,
  type LinkRow,
  type StoredAggregate,
} from '../common/aggregate/declaration.js';

const commissionType = narrow<CommissionType>()('smallint');

const COMMISSION_COLUMNS = {
  ...sameType(TOUR_COMMISSION_CATEGORIES.map((category) => `commission_${category}_type` as const), commissionType),
  ...sameType(TOUR_COMMISSION_CATEGORIES.map((category) => `commission_${category}_sum` as const), 'integer'),
};

const TEXT_COLUMNS = sameType(['short_description', 'description', 'info', 'additional_dates', 'additional_cities', 'additional_price', 'additional_price_includes', 'additional_extra_price'], 'text?');

const uploadColumns = { path: 'varchar', name: 'varchar', alt: 'varchar?', position: 'smallint' } as const satisfies ColumnTypes;
type UploadRow = ColumnValues<typeof uploadColumns>;

export const TOUR_AGGREGATE = defineAggregate({
  table: 'tours',
  columns: {
    name: 'varchar',
    slug: 'varchar',
    is_active: 'boolean',
    is_hotel_selection: 'boolean',
    application_auto_confirm: 'boolean',
    auto_confirm_status: narrow<AutoConfirmStatus>()('smallint?'),
    duration: 'integer',
    tour_type_id: 'integer',
    category_id: 'integer?',
    city_id: 'integer?',
    transport_forth_id: 'integer?',
    transport_back_id: 'integer?',
    ...TEXT_COLUMNS,
    meal_price: 'integer?',
    adult_price: 'integer?',
    child_price: 'integer?',
    ...COMMISSION_COLUMNS,
    seo_h1: 'varchar?',
    seo_title: 'varchar?',
    seo_description: 'varchar?',
    external_link: 'varchar?',
  },
  // Set by the checklist (./checklist.ts), never by the editor's save.
  readOnly: { has_checklist: 'boolean' },
  references: {
    city: namedReference('cities', 'city_id'),
    transport_forth: namedReference('transports', 'transport_forth_id'),
    transport_back: namedReference('transports', 'transport_back_id'),
  },
  links: {
    hotels: {
      table: 'tour_hotels',
      parentColumn: 'tour_id',
      columns: { hotel_id: 'integer', arrival_day: 'integer?', departure_day: 'integer?', meal_id: 'integer?', position: 'smallint' },
      orderBy: 'position',
      references: { hotel: { table: 'hotels', via: 'hotel_id', columns: { id: 'integer', name: 'varchar', city_id: 'integer' } } },
    },
    trade_offers: { table: 'tour_trade_offer_items', parentColumn: 'tour_id', columns: { item_id: 'integer', position: 'smallint' }, orderBy: 'position' },
    services: { table: 'tour_service_items', parentColumn: 'tour_id', columns: { list: narrow<TourServiceList>()('varchar'), item_id: 'integer', position: 'smallint' }, orderBy: 'list, position' },
    catalog_sections: {
      table: 'tour_catalog_sections',
      parentColumn: 'tour_id',
      columns: { item_id: 'integer', sum: 'numeric', sort: 'smallint', position: 'smallint' },
      orderBy: 'position',
      references: { section: namedReference('catalog_sections', 'item_id') },
    },
    uploads: { table: 'tour_uploads', parentColumn: 'tour_id', columns: { list: narrow<'photo' | 'file' | 'video'>()('varchar'), ...uploadColumns }, orderBy: 'list, position', uploads: ['path'] },
  },
  collections: {
    meals: {
      table: 'tour_meals',
      parentColumn: 'tour_id',
      columns: { position: 'smallint', name: 'varchar?', vendor_id: 'integer?', days: 'integer[]' },
      orderBy: 'position, id',
      references: { vendor: namedReference('vendors', 'vendor_id') },
      collections: {
        dates: {
          table: 'tour_meal_dates',
          parentColumn: 'meal_id',
          columns: { date_from: 'date', date_to: 'date', price: 'integer', commission_type: commissionType, commission_sum: 'integer' },
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
});

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

const file = (row: UploadRow) => ({ name: row.name, path: row.path, url: storageUrl(row.path) });
const media = (row: UploadRow, index: number) => ({ id: index + 1, ...file(row), alt: row.alt, type: null });

export interface TourLookups {
  /** Meal ids another record still points at (can_delete false). */
  mealsInUse: ReadonlySet<number>;
  canDelete: boolean;
  hasChecklist: boolean;
  /** Hotel cities by id (a hotel row's city name). */
  cityNames: ReadonlyMap<number, string>;
}

export function tourRecord(stored: StoredAggregate<typeof TOUR_AGGREGATE>, lookups: TourLookups): TourRecord {
  const { row, links, collections } = stored;
  const uploadsOf = (list: 'photo' | 'file' | 'video') => links.uploads.filter((upload) => upload.list === list);
  const servicesOf = (list: TourServiceList) => links.services.filter((item) => item.list === list).map((item) => item.item_id);
  return {
    id: row.id,
    version: row.version,
    name: row.name,
    slug: row.slug,
    is_active: row.is_active,
    is_hotel_selection: row.is_hotel_selection,
    application_auto_confirm: row.application_auto_confirm,
    auto_confirm_status: row.auto_confirm_status,
    duration: row.duration,
    tour_type_id: row.tour_type_id,
    category_id: row.category_id,
    city_id: row.city_id,
    city: row.city,
    transport_forth_id: row.transport_forth_id,
    transport_back_id: row.transport_back_id,
    transport_forth: row.transport_forth,
    transport_back: row.transport_back,
    trade_offers: links.trade_offers.map((item) => item.item_id),
    hotels: links.hotels.map((item) => {
      const cityId = item.hotel.city_id;
      return {
        id: item.hotel_id,
        name: item.hotel.name,
        city_id: cityId,
        city_name: lookups.cityNames.get(cityId) ?? null,
        arrival_day: item.arrival_day,
        departure_day: item.departure_day,
        meal_id: item.meal_id,
      };
    }),
    services: servicesOf('services'),
    required_services: servicesOf('required_services'),
    meal_price: row.meal_price,
    adult_price: row.adult_price,
    child_price: row.child_price,
    ...valuesOf(row, COMMISSION_COLUMNS),
    meals: collections.meals.map(({ row: meal, collections: { dates } }) => ({
      id: meal.id,
      name: meal.name,
      vendor_id: meal.vendor_id,
      vendor_name: meal.vendor?.name ?? null,
      days: meal.days,
      dates: dates.map(({ row: date }) => ({
        id: date.id,
        from: date.date_from,
        to: date.date_to,
        price: date.price,
        commission_type: date.commission_type,
        commission_sum: date.commission_sum,
      })),
      can_delete: !lookups.mealsInUse.has(meal.id),
    })),
    dates: collections.dates.map(({ row: date }) => ({ id: date.id, start_date: date.start_date })),
    days: collections.days.map(({ row: day, links: { photos } }) => ({ id: day.id, name: day.name, description: day.description, photos: photos.map(media) })),
    catalog_sections: links.catalog_sections.map((entry) => ({ id: entry.item_id, name: entry.section.name, sum: moneyNumber(entry.sum), sort: entry.sort })),
    ...valuesOf(row, TEXT_COLUMNS),
    photos: uploadsOf('photo').map(media),
    files: uploadsOf('file').map(file),
    videos: uploadsOf('video').map(media),
    seo_h1: row.seo_h1,
    seo_title: row.seo_title,
    seo_description: row.seo_description,
    external_link: row.external_link,
    can_delete: lookups.canDelete,
    has_checklist: lookups.hasChecklist,
  };
}
