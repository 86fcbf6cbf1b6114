/**
 * The tour service aggregate in tables (migrations/1765300000000-TourServices.ts) for the aggregate
 * store: the service, its price periods (a collection: ids kept across saves) and each period's
 * child age brackets (a link list, replaced on save); and the two mappings around it.
 */
import { serviceClassName } from '../../shared/tour-services/constants.js';
import type { TourServiceRecord } from '../../shared/tour-services/resource.js';
import type { TourService } from '../../shared/tour-services/schema.js';
import { joinPath, type AggregateDeclaration, type AggregateNode, type StoredNode } from '../common/aggregate/declaration.js';

export const TOUR_SERVICE_AGGREGATE: AggregateDeclaration = {
  table: 'tour_services',
  columns: { name: 'varchar', class: 'smallint', vendor_id: 'integer', description: 'text' },
  references: { vendor: { table: 'vendors', via: 'vendor_id', columns: ['id', 'name'] } },
  links: {},
  collections: {
    dates: {
      table: 'tour_service_dates',
      parentColumn: 'service_id',
      columns: {
        date_from: 'date',
        date_to: 'date',
        vendor_price: 'integer',
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
};

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
export function tourServiceRecord(stored: StoredNode, canDelete: boolean): TourServiceRecord {
  const row = stored.row;
  return {
    id: row.id as number,
    version: row.version as number,
    name: row.name as string,
    class: row.class as number,
    class_name: serviceClassName(row.class as number),
    vendor_id: row.vendor_id as number | null,
    vendor: (row.vendor as { id: number; name: string } | null) ?? null,
    description: row.description as string | null,
    dates: stored.collections.dates!.map(({ row: period, links }) => ({
      id: period.id as number,
      from: period.date_from as string,
      to: period.date_to as string,
      vendor_price: period.vendor_price as number | null,
      adult_price: period.adult_price as number,
      child_prices: links.child_prices!.map((bracket) => ({ age_from: bracket.age_from as number, age_to: bracket.age_to as number, price: bracket.price as number })),
      commission_adult_type: period.commission_adult_type as number,
      commission_adult_sum: period.commission_adult_sum as number,
      commission_child_type: period.commission_child_type as number,
      commission_child_sum: period.commission_child_sum as number,
    })),
    can_delete: canDelete,
  };
}
