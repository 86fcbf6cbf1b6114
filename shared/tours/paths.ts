/** Paths of the excursion tour editor and its checklist (spec 03 §7 "Excursion tours"). */
export const TOUR_PATHS = {
  list: '/tours',
  data: '/tours/data',
  /** The bounded picker of tours (applications, calculators, catalogue slider). */
  picker: '/tours/list',
  files: '/tours/files',
  checklist: (id: number | string) => `/tours/${id}/checklist`,
  /** The pickers the form uses for what grows without bound. */
  hotelsPicker: '/hotels/list',
  transportsPicker: '/transports/list',
} as const;
