/** The tour calculator API of spec 03 §7 "Tour calculators", under /api. */
export const CALCULATOR_PATHS = {
  list: '/tours/calculators',
  one: (id: number) => `/tours/calculators/${id}`,
  /** GET: the meals and tour services handbooks (tours and hotels come from their pickers). */
  data: '/tours/calculators/data',
  /** GET: the offer as a Word document (`<name>.docx`). */
  export: (id: number) => `/tours/calculators/${id}/export`,
  /** GET /tours/{id}: the tour a calculator is built from. */
  tour: (id: number) => `/tours/${id}`,
  /** Lists whose bounded pickers (`{path}/list`, PickerField) the form searches: tours, and hotels narrowed by `city_id`. */
  tours: '/tours',
  hotels: '/hotels',
} as const;
