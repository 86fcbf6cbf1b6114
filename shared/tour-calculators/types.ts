/** What the tour calculator API answers (spec 03 §3, §7 "Tour calculators"): `/data`, the record, a list row. */
import type { IdName } from '../api.js';
import type { CalculatorService, TourCalculator } from './schema.js';
import type { CalculatorResult } from './rules.js';

/** GET /api/tours/calculators/data: the handbooks the selects offer; tours and hotels come from their bounded pickers. */
export interface CalculatorData {
  /** The meals handbook: a day's meal and a hotel's meal. */
  meals: IdName[];
  /** The tour services handbook: a day's or the tour's service. */
  services: IdName[];
  cities: IdName[];
  service_types: IdName[];
  tours: [];
  hotels: [];
}

/** GET /api/tours/calculators/{id}: the body's shape with the names of what it references and the results of the last save. */
export type CalculatorRecord = Omit<TourCalculator, 'version' | 'hotels'> & {
  id: number;
  version: number;
  tour: IdName | null;
  hotels: (TourCalculator['hotels'][number] & { id: number; hotel_name: string; city_id: number; meal_name: string | null })[];
  services: CalculatorService[];
  results: CalculatorResult[];
  can_delete: boolean;
};

/** A row of GET /api/tours/calculators (spec 03 §2.11): id, name, duration. */
export interface CalculatorListRow {
  id: number;
  name: string;
  duration: number;
  can_delete: boolean;
}
