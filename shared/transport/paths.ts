/**
 * Paths of the bus-transport editor (spec 02 §7 "Bus transports").
 */


/** Paths of the bus-transport editor (spec 02 §7 "Bus transports"); the catalogue image goes to POST /api/photos with entity `bus`. */
export const TRANSPORT_PATHS = { list: '/transports', data: '/transports/data', photos: '/photos', photoEntity: 'bus' } as const;
