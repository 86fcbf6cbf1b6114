/**
 * The tour service aggregate in tables (migrations/1765300000000-TourServices.ts) for the aggregate
 * store: the service, its price periods (a collection: ids kept across saves) and each period's
 * child age brackets (a link list, replaced on save); and the two mappings around it.
 */
import { serviceClassName } from '../../shared/tour-services/constants.js';
import type { TourServiceRecord } from '../../shared/tour-services/resource.js';
import type { TourService } from '../../shared/tour-services/schema.js';
import { defineAggregate, joinPath, namedReference, type AggregateNode, type StoredAggregate } from '../common/aggregate/declaration.js';

export const TOUR_SERVICE_AGGREGATE = defineAggregate({
  table: 'tour_services',
  columns: { name: 'varchar', class: 'smallint', vendor_id: 'integer?', description: 'text?' },
  references: { vendor: namedReference('vendors', 'vendor_id') },
  links: {},
  collections: {
    dates: {
      table: 'tour_service_dates',
      parentColumn: 'service_id',
      columns: {
        date_from: 'date',
        date_to: 'date',
        vendor_price: 'integer?',
        adult_price: 'integer',
        commission_adult_type: 'smallint',
        commission_adult_sum: 'integer',
        commission_child_type: 'smallint',
        commission_child_sum: 'integer',
      },
      orderBy: 'date_from, id',
      links: {
        child_prices: { table: 'tour_service_child_prices', parentColumn: 'date_id', columns: { age_from: 'smallint', age_to: 'smallint', price: 'integer', position: 'smallint' }, orderBy: 'position' },
      },
    },
  },
});

/** The rows of a validated service. */
export function tourServiceNode(service: TourService): AggregateNode {
  return {
    path: '',
    values: { name: service.name, class: service.class, vendor_id: service.vendor_id, description: service.description },
    collections: {
      dates: service.dates.map((period, index) => {
        const path = joinPath('dates', index);
        return {
          id: period.id ?? null,
          path,
          values: { ...period, date_from: period.from, date_to: period.to },
          links: { child_prices: period.child_prices.map((bracket, position) => ({ path: joinPath(path, 'child_prices', position), values: { ...bracket, position } })) },
        };
      }),
    },
  };
}

/** GET /api/tours/services/{id}: the payload's fields plus the vendor's name, the class's and can_delete. */
export function tourServiceRecord(stored: StoredAggregate<typeof TOUR_SERVICE_AGGREGATE>, canDelete: boolean): TourServiceRecord {
  const row = stored.row;
  return {
    id: row.id,
    version: row.version,
    name: row.name,
    class: row.class,
    class_name: serviceClassName(row.class),
    vendor_id: row.vendor_id,
    vendor: row.vendor,
    description: row.description,
    dates: stored.collections.dates.map(({ row: period, links }) => ({
      id: period.id,
      from: period.date_from,
      to: period.date_to,
      vendor_price: period.vendor_price,
      adult_price: period.adult_price,
      child_prices: links.child_prices.map((bracket) => ({ age_from: bracket.age_from, age_to: bracket.age_to, price: bracket.price })),
      commission_adult_type: period.commission_adult_type,
      commission_adult_sum: period.commission_adult_sum,
      commission_child_type: period.commission_child_type,
      commission_child_sum: period.commission_child_sum,
    })),
    can_delete: canDelete,
  };
}
