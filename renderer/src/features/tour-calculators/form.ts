/**
 * The tour calculator editor's form (spec 03 §2.11, §3 "Tour calculator", "Calculator day",
 * "Calculator hotel"; issue 30): a new calculator, a record read back, the blank rows, and which tab
 * owns which error path. Ids a select chose are numbers or null; money and counts hold what was typed.
 */
import type { IdName } from '@shared/api';
import { copyName } from '@shared/copy';
import { CalculatorServiceType } from '@shared/tour-calculators/constants';
import { defaultNights } from '@shared/tour-calculators/rules';
import type { CalculatorDayInput, CalculatorHotelInput, CalculatorRoomInput, CalculatorServiceInput, TourCalculatorInput } from '@shared/tour-calculators/schema';
import type { CalculatorData, CalculatorRecord } from '@shared/tour-calculators/types';
import type { FieldErrors } from '@shared/validation';
import type { FormOf } from '../../common/editor/formOf';
import { tabOwnership } from '../../common/editor/tabOwnership';
import type { SetField } from '../../common/form/fields';

type Typed = number | string | null;

export interface MealValues {
  id: number | null;
  name: string;
  sum: Typed;
}
export type ServiceValues = Omit<FormOf<CalculatorServiceInput>, 'id' | 'type'> & { id: number | null; name: string; type: number };
export interface ExtraValues {
  name: string;
  sum: Typed;
}
export type DayValues = Omit<FormOf<CalculatorDayInput>, 'meals' | 'services' | 'additional_services' | 'name' | 'description'> & {
  name: string;
  description: string;
  meals: MealValues[];
  services: ServiceValues[];
  additional_services: ExtraValues[];
};
export type RoomValues = Omit<FormOf<CalculatorRoomInput>, 'name'> & { name: string };
/** A hotel row: the hotel's id with its name and city kept for the table and the picker. */
export type HotelValues = Omit<FormOf<CalculatorHotelInput>, 'hotel_id' | 'meal_id' | 'rooms'> & {
  hotel_id: number | null;
  hotel_name?: string;
  city_id: number | null;
  meal_id: number | null;
  rooms: RoomValues[];
};
export type CalculatorValues = Omit<FormOf<TourCalculatorInput>, 'tour_id' | 'name' | 'days' | 'hotels' | 'services' | 'additional_services'> & {
  tour_id: number | null;
  tour?: IdName | null;
  name: string;
  days: DayValues[];
  hotels: HotelValues[];
  services: ServiceValues[];
  additional_services: ExtraValues[];
};

export const blankCalculator = (): CalculatorValues => ({
  tour_id: null,
  tour: null,
  name: '',
  duration: 1,
  adult_count: 0,
  child_count: 0,
  retiree_count: 0,
  free_count: 0,
  commission_sum: 0,
  days: [],
  hotels: [],
  services: [],
  additional_services: [],
});

export const blankDay = (): DayValues => ({ name: '', description: '', tour_guide_price: 0, auto_price: 0, meals: [], services: [], additional_services: [] });
export const blankMeal = (): MealValues => ({ id: null, name: '', sum: 0 });
export const blankService = (): ServiceValues => ({ id: null, name: '', type: CalculatorServiceType.PerPerson, adult_price: 0, child_price: 0, retiree_price: 0, total_price: 0 });
export const blankExtra = (): ExtraValues => ({ name: '', sum: 0 });
export const blankHotel = (): HotelValues => ({ hotel_id: null, city_id: null, arrival_day: 1, departure_day: 1, meal_id: null, rooms: [] });
/** A new room line's nights: the hotel's departure − arrival day (issue 30), changeable. */
export const blankRoom = (hotel: Pick<HotelValues, 'arrival_day' | 'departure_day'>) => (): RoomValues => ({ name: '', count: 1, duration: defaultNights(hotel), sum: 0, extra_sum: 0 });

/** A record read back (GET /api/tours/calculators/{id}) as the form; the results stay on the record. */
export function calculatorFromRecord(record: CalculatorRecord): CalculatorValues {
  const { results: _results, can_delete: _canDelete, id: _id, ...rest } = record;
  return {
    ...rest,
    days: record.days.map((day) => ({ ...day, description: day.description ?? '' })),
    hotels: record.hotels.map(({ meal_name: _meal, ...hotel }) => hotel),
  };
}

/** A copy (the list offers none, spec 03 §2.11; the route exists as every editor's): a new calculator, its rows without ids. */
export const copyCalculator = ({ version: _version, ...form }: CalculatorValues): CalculatorValues => ({
  ...form,
  name: copyName(form.name),
  days: form.days.map(({ id: _id, ...day }) => day),
  hotels: form.hotels.map(({ id: _id, ...hotel }) => ({ ...hotel, rooms: hotel.rooms.map(({ id: _room, ...room }) => room) })),
});

/** What the days' and hotels' tabs take: the form, its setter and errors, the `/data` lists. */
export interface CalculatorTabProps {
  form: CalculatorValues;
  update: SetField<CalculatorValues>;
  errors: FieldErrors;
  setErrors(change: (errors: FieldErrors) => FieldErrors): void;
  data: CalculatorData;
}

/** Error paths of each tab; anything unknown shows on the general tab. */
const TABS = tabOwnership({ days: ['days'], hotels: ['hotels'], services: ['services'], additional: ['additional_services'] });
export const CALCULATOR_TAB_OWNS = TABS.owns;
export const generalOwns = TABS.rest;
