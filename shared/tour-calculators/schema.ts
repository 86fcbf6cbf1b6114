/**
 * The tour calculator (spec 03 §3 "Tour calculator", "Calculator day", "Calculator hotel"; issue 30):
 * one zod schema of the plain JSON body, on both sides — 422 on paths such as `days.1.services.0.adult_price`,
 * `hotels.0.rooms.2.count`. A day's and the tour's services are one shape; a service of type 1 keeps
 * its per-age prices and a total of 0, any other type its total and ages of 0 (one stored form).
 * The tour object GET answers is ignored: the save takes `tour_id`.
 */
import { z } from 'zod';
import { MESSAGES } from '../messages.js';
import { id, money, optionalId, optionalText, requiredChoice, requiredInteger, requiredText, rowId, toFieldErrors, versionField } from '../validation.js';
import { CALCULATOR_LIMITS as L, CALCULATOR_SERVICE_TYPE_IDS, CalculatorServiceType } from './constants.js';
import { payingCount } from './rules.js';

const V = MESSAGES.validation;
const C = MESSAGES.tourCalculators;

const price = () => money(0, L.price);
const count = () => requiredInteger(0, L.count, { blank: 0 });
const name = () => requiredText(L.name);
const list = <T extends z.ZodType>(row: T, max: number) => z.array(row, { error: V.invalid }).max(max, V.maxItems(max)).default([]);

/** A meal of a day: picked from the meals handbook (its `id`) or typed by name (`id` null). */
export const calculatorMealSchema = z.object({ id: optionalId(), name: name(), sum: price() });

/** A service of a day or of the whole tour: from the tour services handbook (`id`) or typed (`id` null). */
export const calculatorServiceSchema = z
  .object({
    id: optionalId(),
    name: name(),
    type: requiredChoice(CALCULATOR_SERVICE_TYPE_IDS),
    adult_price: price(),
    child_price: price(),
    retiree_price: price(),
    total_price: price(),
  })
  .transform((service) =>
    service.type === CalculatorServiceType.PerPerson ? { ...service, total_price: 0 } : { ...service, adult_price: 0, child_price: 0, retiree_price: 0 },
  );

/** An additionally paid service: per person, outside the total. */
export const additionalServiceSchema = z.object({ name: name(), sum: price() });

export const calculatorDaySchema = z.object({
  id: rowId(),
  name: name(),
  description: optionalText(L.description),
  tour_guide_price: money(0, L.dayPrice),
  auto_price: money(0, L.dayPrice),
  meals: list(calculatorMealSchema, L.mealsPerDay),
  services: list(calculatorServiceSchema, L.servicesPerDay),
  additional_services: list(additionalServiceSchema, L.servicesPerDay),
});

/** A room line: `count` rooms for `duration` nights at `sum` a night, plus `extra_sum` each (extra beds). */
export const calculatorRoomSchema = z.object({
  id: rowId(),
  name: name(),
  count: count(),
  duration: requiredInteger(0, L.nights),
  sum: price(),
  extra_sum: price(),
});

export const calculatorHotelSchema = z.object({
  id: rowId(),
  hotel_id: id(),
  // Spec 03 §3's hotel has no days (the original's clients send none): an absent key takes day 1 and the
  // calculator's duration (tourCalculatorSchema fills them); a present one is checked.
  arrival_day: requiredInteger(L.duration.min, L.duration.max).optional(),
  departure_day: requiredInteger(L.duration.min, L.duration.max).optional(),
  meal_id: optionalId(),
  rooms: list(calculatorRoomSchema, L.roomsPerHotel),
});

/** A hotel's days, an absent one the default: arrival on day 1, departure on the calculator's last day. */
const withDays = <H extends { arrival_day?: number; departure_day?: number }>(hotel: H, duration: number) => ({ ...hotel, arrival_day: hotel.arrival_day ?? 1, departure_day: hotel.departure_day ?? duration });

/** POST /api/tours/calculators and PUT /api/tours/calculators/{id}: the form as the body. */
export const tourCalculatorSchema = z
  .object({
    version: versionField(),
    tour_id: optionalId(),
    name: name(),
    duration: requiredInteger(L.duration.min, L.duration.max),
    adult_count: count(),
    child_count: count(),
    retiree_count: count(),
    free_count: count(),
    commission_sum: money(0, L.commission),
    days: list(calculatorDaySchema, L.days),
    hotels: list(calculatorHotelSchema, L.hotels),
    services: list(calculatorServiceSchema, L.services),
    additional_services: list(additionalServiceSchema, L.services),
  })
  .superRefine((calculator, context) => {
    const issue = (path: (string | number)[], message: string) => context.addIssue({ code: 'custom', path, message });
    // Nothing to divide the group's cost by (issue 30).
    if (payingCount(calculator) === 0) issue(['adult_count'], C.nobodyPays);
    if (calculator.days.length > calculator.duration) issue(['days'], C.tooManyDays(calculator.duration));
    calculator.hotels.map((hotel) => withDays(hotel, calculator.duration)).forEach((hotel, index) => {
      if (hotel.arrival_day > calculator.duration) issue(['hotels', index, 'arrival_day'], C.dayPastDuration(calculator.duration));
      if (hotel.departure_day > calculator.duration) issue(['hotels', index, 'departure_day'], C.dayPastDuration(calculator.duration));
      else if (hotel.departure_day < hotel.arrival_day) issue(['hotels', index, 'departure_day'], C.departureBeforeArrival);
    });
  })
  .transform((calculator) => ({ ...calculator, hotels: calculator.hotels.map((hotel) => withDays(hotel, calculator.duration)) }));

export type TourCalculatorInput = z.input<typeof tourCalculatorSchema>;
export type TourCalculator = z.output<typeof tourCalculatorSchema>;
export type CalculatorDayInput = z.input<typeof calculatorDaySchema>;
export type CalculatorDay = z.output<typeof calculatorDaySchema>;
export type CalculatorHotelInput = z.input<typeof calculatorHotelSchema>;
export type CalculatorRoomInput = z.input<typeof calculatorRoomSchema>;
export type CalculatorServiceInput = z.input<typeof calculatorServiceSchema>;
export type CalculatorService = z.output<typeof calculatorServiceSchema>;

const errorsOf = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? {} : toFieldErrors(result.error);
};
/** Rows of the dialogs checked on their own. */
export const calculatorDayErrors = (day: unknown) => errorsOf(calculatorDaySchema, day);
export const calculatorHotelErrors = (hotel: unknown) => errorsOf(calculatorHotelSchema, hotel);
export const calculatorRoomErrors = (room: unknown) => errorsOf(calculatorRoomSchema, room);
