/** Paths of the routes editor (spec 03 §7 "Routes"). */
export const TOUR_ROUTE_PATHS = {
  list: '/routes',
  transportTypes: '/routes/transport-types/list',
  kinds: '/routes/kinds/list',
  /** Pickers of what a route uses: transports (bus tours), and the hotels of a point's city (`?city_id=`). */
  transports: '/transports',
  hotels: '/hotels',
} as const;
