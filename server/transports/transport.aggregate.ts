/**
 * The bus-transport aggregate in tables (migrations/1765100000000-Transport.ts) for the aggregate
 * store (server/common/aggregate): the transport, its route points (start, intermediate stops and
 * finish, by position), weekly days, dates, and the tariff matrix (a link list: replaced whole on
 * every save). Read back through the same declaration (transport-read.ts: the editor's record, the
 * schedule and the seat store's checks), with the names it references: the vehicle type, each point's city.
 */
import { CommissionType, type AutoConfirmStatus } from '../../shared/commission.js';
import type { SEAT_SCHEME_FIELDS } from '../../shared/transport/seat-scheme.js';
import type { TransportForm } from '../../shared/transport/schema.js';
import type { FieldErrors } from '../../shared/validation.js';
import { defineAggregate, joinPath, namedReference, narrow, type AggregateNode, type ColumnType } from '../common/aggregate/declaration.js';
import { ValidationFailed } from '../common/http/errors.js';
import { placedPoints, tariffRows } from './transport-rules.js';

/** The vehicle type's seat layout, read beside the transport (the seat store draws and checks seats by it). */
const SEAT_SCHEME_COLUMNS = {
  seats: 'smallint',
  rear_seats: 'smallint',
  rows: 'smallint',
  columns_at_door: 'smallint',
  second_door: 'boolean',
  second_door_rows: 'smallint?',
  second_door_length: 'smallint?',
} as const satisfies Record<(typeof SEAT_SCHEME_FIELDS)[number], ColumnType>;

const commissionType = narrow<CommissionType>()('smallint');

export const TRANSPORT_AGGREGATE = defineAggregate({
  table: 'transports',
  columns: {
    name: 'varchar',
    transportation_id: 'integer',
    vendor_id: 'integer?',
    duration: 'smallint',
    adult_price: 'numeric',
    child_price: 'numeric',
    start_date: 'date',
    finish_date: 'date',
    departure_type: narrow<TransportForm['departure_type']>()('smallint'),
    is_excursion: 'boolean',
    application_auto_confirm: 'boolean',
    auto_confirm_status: narrow<AutoConfirmStatus>()('smallint?'),
    catalog_title: 'varchar?',
    catalog_price: 'numeric?',
    catalog_image: 'varchar?',
    catalog_sort: 'smallint?',
    seo_settings: narrow<TransportForm['catalog']['seo_settings']>()('jsonb'),
  },
  references: { transportation: { table: 'transportations', via: 'transportation_id', columns: { id: 'integer', name: 'varchar', schema_svg: 'text', ...SEAT_SCHEME_COLUMNS } } },
  uploads: ['catalog_image'],
  collections: {
    route_points: {
      table: 'transport_route_points',
      parentColumn: 'transport_id',
      columns: {
        position: 'smallint',
        kind: narrow<'start' | 'intermediate' | 'finish'>()('varchar'),
        point_city_id: 'integer',
        info: 'text?',
        start_time: 'time?',
        finish_time: 'time?',
        arrival_day: 'smallint?',
        departure_day: 'smallint?',
      },
      orderBy: 'position, id',
      references: { point_city: namedReference('cities', 'point_city_id') },
    },
    days: {
      table: 'transport_days',
      parentColumn: 'transport_id',
      columns: { number: 'smallint', commission_type: commissionType, commission_sum: 'numeric', freight: 'numeric' },
      orderBy: 'number, id',
    },
    dates: {
      table: 'transport_dates',
      parentColumn: 'transport_id',
      columns: { start_date: 'date', commission_type: commissionType, commission_sum: 'numeric', freight: 'numeric' },
      orderBy: 'start_date, id',
    },
  },
  links: {
    tariffs: { table: 'transport_tariffs', parentColumn: 'transport_id', columns: { from_position: 'smallint', to_position: 'smallint', tariff: 'numeric' }, orderBy: 'from_position, to_position' },
  },
});

/**
 * The rows of a validated payload: the route by position (start 0, stops 1..k, finish k+1), the
 * tariff matrix for every ordered pair of those positions. Throws the 422 of tariff rows that name no
 * pair of the route (or one pair twice).
 */
export function transportNode(form: TransportForm): AggregateNode {
  const errors: FieldErrors = {};
  const tariffs = tariffRows(form, errors);
  if (Object.keys(errors).length > 0) throw new ValidationFailed(errors);
  const { catalog } = form;
  return {
    path: '',
    values: {
      ...form,
      catalog_title: catalog.title,
      catalog_price: catalog.price,
      catalog_image: catalog.image,
      catalog_sort: catalog.sort,
      seo_settings: catalog.seo_settings,
    },
    collections: {
      route_points: placedPoints(form).map((point) => ({ id: point.id, path: point.path, values: { ...point.values, position: point.position, kind: point.kind } })),
      days: form.days.map((day, index) => ({ id: day.id ?? null, path: joinPath('days', index), values: day })),
      dates: form.dates.map((date, index) => ({ id: date.id ?? null, path: joinPath('dates', index), values: date })),
    },
    links: { tariffs: tariffs.map((tariff, index) => ({ path: joinPath('tariffs', index), values: tariff })) },
  };
}
