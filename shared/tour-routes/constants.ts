/**
 * Routes (spec 03 §2.4, §3 "Route", "Route point", §9): the transport owner types, the route kinds
 * and what a kind needs. Texts live in shared/messages.ts (`MESSAGES.tourRoutes`).
 */

/** Transport owner types (GET /routes/transport-types/list): bus transports are the one type today. */
export const TRANSPORT_TYPE = { bus: 1 } as const;
export const TRANSPORT_TYPES = [{ id: TRANSPORT_TYPE.bus, name: 'Автобусный тур' }] as const;
export const TRANSPORT_TYPE_IDS = TRANSPORT_TYPES.map((type) => type.id);

/** Route kinds (GET /routes/kinds/list). */
export const ROUTE_KIND = { both: 1, forthOnly: 2, backOnly: 3 } as const;
export type RouteKind = (typeof ROUTE_KIND)[keyof typeof ROUTE_KIND];
export const ROUTE_KINDS = [
  { id: ROUTE_KIND.both, name: 'Туда и обратно' },
  { id: ROUTE_KIND.forthOnly, name: 'Только туда' },
  { id: ROUTE_KIND.backOnly, name: 'Только обратно' },
] as const;
export const ROUTE_KIND_IDS = ROUTE_KINDS.map((kind) => kind.id);

/** Whether a kind goes there (uses the departure date and the 'Туда' points) and back (the return date and 'Обратно'). */
export const kindGoesForth = (kind: number | null | undefined) => kind === ROUTE_KIND.both || kind === ROUTE_KIND.forthOnly;
export const kindGoesBack = (kind: number | null | undefined) => kind === ROUTE_KIND.both || kind === ROUTE_KIND.backOnly;

export const routeKindName = (kind: number) => ROUTE_KINDS.find((item) => item.id === kind)?.name ?? '';
export const transportTypeName = (type: number) => TRANSPORT_TYPES.find((item) => item.id === type)?.name ?? '';

/** Route point types (spec 03 §9): the start and finish of a transport are cities, the stops between them stops. */
export const POINT_TYPE = { city: 1, stop: 2 } as const;
export const POINT_TYPE_NAMES: Record<number, string> = { [POINT_TYPE.city]: 'Город', [POINT_TYPE.stop]: 'Остановка' };

/** Limits of one route: a transport's points (there and back) and the hotels chosen at one point. */
export const ROUTE_LIMITS = { points: 400, hotelsPerPoint: 50 } as const;
