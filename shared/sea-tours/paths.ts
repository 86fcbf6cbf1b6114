/** The sea-tour API of spec 03 §7 "Sea tours", under /api. */
export const SEA_TOUR_PATHS = {
  list: '/sea-tours',
  one: (id: number) => `/sea-tours/${id}`,
  /** GET: cities, commissions, transfer types (bounded: hotels and transports come from their pickers). */
  data: '/sea-tours/data',
  /** GET: the bounded picker of sea tours (`query`, `limit`), read by all three roles. */
  picker: '/sea-tours/list',
  /** PUT: the list's active switch. */
  active: (id: number) => `/sea-tours/${id}/active`,
  /** Pickers of what a tour names, narrowed to its city. */
  hotels: (cityId: number) => `/hotels/list?city_id=${cityId}`,
  transports: (cityId: number, type: 'forth' | 'back') => `/transports/list?city_id=${cityId}&type=${type}`,
} as const;
