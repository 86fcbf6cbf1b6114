/**
 * The excursion tours list (spec 03 §2.5) and the pickers' `GET /tours/list`, one list on the list
 * engine over the view `tour_list_rows`. A date's colour and the incomplete filter read the counts
 * PostgreSQL keeps per tour date (`tour_dates.points_total/points_unchecked`), never the points.
 */
import { ACCESS } from '../../shared/roles.js';
import { todayIso } from '../../shared/transport/constants.js';
import { toursResource } from '../../shared/tours/resource.js';
import type { TourListRow } from '../../shared/tours/types.js';
import { MESSAGES } from '../../shared/messages.js';
import { ALIAS, cityNameSql, definePickerDetail, defineServerList, detailLine } from '../common/list/server-list.js';
import { routeEndCitySql } from '../transports/transports.list.js';
import { TourListEntity } from './tour-list.entity.js';

/**
 * A tour is incomplete when a date from today on has an unchecked point, or the tour has no
 * checklist yet and has such a date (spec 03 §2.5, issue 17): the tour's `incomplete_until` (the
 * last such date, kept by the database from its dates' counts) is today or later — one indexed
 * column compared with today, never the dates or the points.
 */
const INCOMPLETE_TOUR_SQL = `${ALIAS}.incomplete_until >= current_date`;
const COMPLETE_TOUR_SQL = `(${ALIAS}.incomplete_until < current_date OR ${ALIAS}.incomplete_until IS NULL)`;

/** A date is complete (green) when the tour has a checklist and none of the date's points is unchecked. */
export function listRow(row: TourListEntity, today = todayIso()): Omit<TourListRow, 'can_delete'> {
  const dates = row.dates.map((date) => ({
    id: date.id,
    start_date: date.start_date,
    past: date.start_date < today,
    complete: row.has_checklist && date.points_unchecked === 0,
  }));
  return {
    id: row.id,
    name: row.name,
    duration: row.duration,
    is_active: row.is_active,
    transport_forth: row.transport_forth,
    external_link: row.external_link,
    dates,
    past_dates_count: dates.filter((date) => date.past).length,
  };
}

/** Namesakes differ by where the tour goes — its city, else where its forth transport arrives — and how long it lasts. */
const TOUR_PICKER_DETAIL = definePickerDetail({
  columns: { city: cityNameSql(`${ALIAS}.city_id`), destination: routeEndCitySql(`${ALIAS}.transport_forth_id`, 'finish'), duration: `${ALIAS}.duration` },
  text: ({ city, destination, duration }) => detailLine((city ?? destination) as string | null, MESSAGES.pickerDetail.days(duration as number)),
});

export const TOURS_LIST = defineServerList({
  definition: toursResource,
  entity: TourListEntity,
  table: 'tours',
  roles: ACCESS.administratorAndManager,
  searchExpression: `${ALIAS}.name`,
  filterExpressions: {
    checklist_is_incomplete: (_value, filters) => (filters.checklist_is_incomplete ? INCOMPLETE_TOUR_SQL : COMPLETE_TOUR_SQL),
  },
  pickerDetail: TOUR_PICKER_DETAIL,
  canDeleteFlag: true,
  toRow: (row) => listRow(row),
});
