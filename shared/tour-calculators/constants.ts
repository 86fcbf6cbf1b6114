/** Tour calculators (spec 03 §2.11, §3 "Tour calculator", §9; issue 30): limits and service types both sides need (texts: shared/messages/tour-calculators.ts). */

/** Issue 30's limits; collections bounded as every aggregate is (ours: the spec gives none). */
export const CALCULATOR_LIMITS = {
  name: 255,
  /** A day's description: plain text (a tour's rich-text day is copied as its text). */
  description: 10_000,
  duration: { min: 1, max: 60 },
  /** Adult, child, retiree and free counts, a room line's count. */
  count: 999,
  /** Prices of meals, services, rooms, additional services: roubles with kopecks. */
  price: 999_999.99,
  /** A day's tour guide and bus prices. */
  dayPrice: 999_999,
  /** Commission: a percent typed by hand, two decimals. */
  commission: 100,
  /** Nights of a room line. */
  nights: 60,
  /** Collections: days (at most the duration, too), a day's meals, services and additional services, hotels, a hotel's rooms, the tour's services. */
  days: 60,
  mealsPerDay: 20,
  servicesPerDay: 50,
  hotels: 60,
  roomsPerHotel: 50,
  services: 100,
  /** Page size of the nested tables (spec 03 §9). */
  rowsPerPage: 10,
} as const;

/** Spec 03 §9: a calculator service of type 1 has per-age prices; any other type one total for the group. */
export enum CalculatorServiceType {
  PerPerson = 1,
  PerGroup = 2,
}
export const CALCULATOR_SERVICE_TYPES = [
  { id: CalculatorServiceType.PerPerson, name: 'На человека (по возрастам)' },
  { id: CalculatorServiceType.PerGroup, name: 'На группу' },
] as const;
export const CALCULATOR_SERVICE_TYPE_IDS = CALCULATOR_SERVICE_TYPES.map((type) => type.id);
