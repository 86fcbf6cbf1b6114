/**
 * GET /api/applications/back-transports (issue 27): the buses that bring a bus tour back, for the
 * «Обратно» leg's dialog. Bounded: one statement finds at most BACK_TRANSPORTS_SCAN transports with a
 * stop in the forth leg's arrival city before a stop in its departure city, running around the
 * arrival (indexed by the route points' city); a second loads them as the save's ground does; the
 * save's own functions (../back-leg.ts) pick their segment and departures.
 */
import { backTransportsQuery, DEPARTURES_AHEAD_DAYS, type BackTransportOption } from '../../../shared/applications/editor-data.js';
import { MESSAGES } from '../../../shared/messages.js';
import type { FieldErrors } from '../../../shared/validation.js';
import { parseInput, ValidationFailed } from '../../common/http/errors.js';
import { loadTransports, type Sql } from '../application-ground.js';
import { backTransportOptions, forthRide } from '../back-leg.js';

/** The most transports one answer looks at (the answer keeps BACK_TRANSPORTS_LIMIT of them, earliest first). */
const BACK_TRANSPORTS_SCAN = 200;

/** Transports with a stop in city $1 followed by a stop in city $2 whose departures may ride it from day $3 to $3 + $4. */
const CANDIDATES_SQL = `
  SELECT DISTINCT t.id
  FROM transport_route_points a
  JOIN transport_route_points b ON b.transport_id = a.transport_id AND b.point_city_id = $2 AND b.position > a.position
  JOIN transports t ON t.id = a.transport_id
  WHERE a.point_city_id = $1 AND t.finish_date + t.duration >= $3::date AND t.start_date <= $3::date + $4::int
  ORDER BY t.id
  LIMIT $5`;

export async function readBackTransports(sql: Sql, raw: Record<string, unknown>): Promise<BackTransportOption[]> {
  const query = parseInput(backTransportsQuery, raw);
  const missing: FieldErrors = {};
  for (const field of Object.keys(backTransportsQuery.shape) as (keyof typeof query)[]) if (query[field] === undefined) missing[field] = [MESSAGES.validation.required];
  if (Object.keys(missing).length > 0) throw new ValidationFailed(missing);
  const item = query as { transport_id: number; from_route_id: number; to_route_id: number; departure_date: string };

  const [transport] = await loadTransports(sql, [item.transport_id]);
  if (!transport) throw new ValidationFailed({ transport_id: [MESSAGES.validation.oneOf] });
  const forth = forthRide(transport, item);
  if (!forth) throw new ValidationFailed({ to_route_id: [MESSAGES.validation.oneOf] });

  const ids = (await sql.query<{ id: number }[]>(CANDIDATES_SQL, [forth.to_city_id, forth.from_city_id, forth.arrival, DEPARTURES_AHEAD_DAYS, BACK_TRANSPORTS_SCAN])).map((row) => row.id);
  return backTransportOptions(forth, await loadTransports(sql, ids));
}
