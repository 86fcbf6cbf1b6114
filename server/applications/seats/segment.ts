/** A ride's segment of a transport's route, as the seats' reads and the route change name it. */
import { MESSAGES } from '../../../shared/messages.js';
import { ValidationFailed } from '../../common/http/errors.js';
import type { LoadedTransport } from '../../transports/transport-read.js';

/** The route points of a ride, the departure before the arrival; a 422 on the point that is not. */
export function segmentOf(transport: LoadedTransport, fromId: number, toId: number) {
  const from = transport.points.find((point) => point.id === fromId);
  const to = transport.points.find((point) => point.id === toId);
  const wrong: Record<string, string[]> = {};
  if (!from) wrong.from_route_id = [MESSAGES.validation.oneOf];
  if (!to) wrong.to_route_id = [MESSAGES.validation.oneOf];
  else if (from && to.position <= from.position) wrong.to_route_id = [MESSAGES.applications.arrivalAfterDeparture];
  if (!from || !to || Object.keys(wrong).length > 0) throw new ValidationFailed(wrong);
  return { from, to };
}
