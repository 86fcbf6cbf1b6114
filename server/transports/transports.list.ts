/**
 * The bus-transport list (spec 02 "Bus-transport list") and the tours' picker `GET /transports/list`
 * (spec 03 §7), one list on the list engine over the view `transport_list_rows` (a row's vehicle
 * type, route cities, days and next dates; migrations/1765100000000-Transport.ts). `can_delete` asks
 * about the `transports` rows themselves.
 */
import { formatDate } from '../../shared/format.js';
import { transportationKindName } from '../../shared/transport/transportation.js';
import { DEPARTURE_TYPE, WEEKDAYS } from '../../shared/transport/constants.js';
import { transportsResource } from '../../shared/transport/resource.js';
import type { TransportListRow } from '../../shared/transport/types.js';
import { ACCESS } from '../../shared/roles.js';
import { MESSAGES } from '../../shared/messages.js';
import { ALIAS, definePickerDetail, defineServerList, detailLine } from '../common/list/server-list.js';
import { TransportListEntity } from './transport.entities.js';

const DATES_SHOWN = 3;

/** A list row: route cities by kind, and the departure days (weekly) or the next dates. */
function listRow(row: TransportListEntity): Omit<TransportListRow, 'can_delete'> {
  const departures =
    row.departure_type === DEPARTURE_TYPE.days
      ? row.day_numbers.map((number) => WEEKDAYS.find((day) => day.id === number)?.short ?? '').join(', ')
      : row.next_dates.slice(0, DATES_SHOWN).map(formatDate).join(', ') + (row.next_dates.length > DATES_SHOWN ? ` и ещё ${row.next_dates.length - DATES_SHOWN}` : '');
  return {
    id: row.id,
    name: row.name,
    transportation: row.transportation ? { ...row.transportation, kind_name: transportationKindName(row.transportation.kind) } : null,
    route: {
      start: row.route.find((point) => point.kind === 'start')?.name ?? null,
      intermediates: row.route.filter((point) => point.kind === 'intermediate').map((point) => point.name),
      finish: row.route.find((point) => point.kind === 'finish')?.name ?? null,
    },
    duration: row.duration,
    departure_days: departures,
    is_excursion: row.is_excursion,
  };
}

/** Route points of the row's transport in `city`: any (no type), reached after the start (`forth`), or left before the finish (`back`). */
const KIND_OF_TYPE: Record<string, string> = { forth: ` AND p.kind <> 'start'`, back: ` AND p.kind <> 'finish'` };

/**
 * SQL: the transport `transport` (an SQL expression of its id) has a route point in `city` of the
 * `type` — the picker's filter, and the check of what a sea tour's transport pair may name.
 */
export const servesCitySql = (transport: string, city: string, type: unknown) =>
  `EXISTS (SELECT 1 FROM transport_route_points p WHERE p.transport_id = ${transport} AND p.point_city_id = ${city}${KIND_OF_TYPE[String(type)] ?? ''})`;

/** SQL: the city of the transport `transport`'s (an SQL expression of its id) first or last route point. */
export const routeEndCitySql = (transport: string, kind: 'start' | 'finish') =>
  `(SELECT c.name FROM transport_route_points p JOIN cities c ON c.id = p.point_city_id WHERE p.transport_id = ${transport} AND p.kind = '${kind}' ORDER BY p.position LIMIT 1)`;

/** Namesakes (one line, summer and winter) differ by the route's ends and the period the transport runs. */
const TRANSPORT_PICKER_DETAIL = definePickerDetail({
  columns: { from: routeEndCitySql(`${ALIAS}.id`, 'start'), to: routeEndCitySql(`${ALIAS}.id`, 'finish'), first: `${ALIAS}.start_date::text`, last: `${ALIAS}.finish_date::text` },
  text: ({ from, to, first, last }) =>
    detailLine(from && to ? MESSAGES.pickerDetail.route(from as string, to as string) : null, MESSAGES.pickerDetail.period(formatDate(first as string), formatDate(last as string))),
});

export const TRANSPORTS_LIST = defineServerList({
  definition: transportsResource,
  entity: TransportListEntity,
  table: 'transports',
  roles: ACCESS.administratorAndManager,
  searchExpression: `${ALIAS}.name`,
  filterExpressions: {
    city_id: (city, { type }) => servesCitySql(`${ALIAS}.id`, city, type),
    // Qualifies `city_id`; alone it narrows nothing.
    type: () => null,
  },
  pickerDetail: TRANSPORT_PICKER_DETAIL,
  canDeleteFlag: true,
  toRow: listRow,
});
