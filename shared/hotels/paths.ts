/** The hotel API of spec 02 §7, under /api. */
export const HOTEL_PATHS = {
  list: '/hotels',
  one: (id: number) => `/hotels/${id}`,
  /** GET: the editor's lists (optional `type`: infrastructure type). */
  data: '/hotels/data',
  /** GET: hotels for pickers of later editors (`city_id`, `is_excursion`, `query`, `limit`). */
  picker: '/hotels/list',
  infrastructures: '/hotels/infrastructures/list',
  files: '/hotels/files',
  roomsData: '/hotels/rooms/data',
  cleanExternalId: (roomId: number) => `/hotels/rooms/${roomId}/external-id/clean`,
} as const;
