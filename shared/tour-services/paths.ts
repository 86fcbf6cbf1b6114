/** The tour service API of spec 03 §7, under /api. */
export const TOUR_SERVICE_PATHS = {
  list: '/tours/services',
  one: (id: number) => `/tours/services/${id}`,
  /** GET: vendors, classes, commissions. */
  data: '/tours/services/data',
  /** GET: services for pickers (the tour editor): `query`, `limit`, `service_class`. */
  picker: '/tours/services/list',
} as const;
