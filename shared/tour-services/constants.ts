/** Tour services (spec 03 §2.9, §3 "Tour service", "Service date period", §5, §9): lists and limits both sides need (their texts: shared/messages/tour-services.ts). */
import { COMMISSION_BOUNDS } from '../commission.js';

/** Service classes (spec 03 §2.9, §9: additional, individual, group). */
export const ServiceClass = { Additional: 1, Individual: 2, Group: 3 } as const;
export type ServiceClass = (typeof ServiceClass)[keyof typeof ServiceClass];

export const SERVICE_CLASSES = [
  { id: ServiceClass.Additional, name: 'Дополнительная' },
  { id: ServiceClass.Individual, name: 'Индивидуальная' },
  { id: ServiceClass.Group, name: 'Групповая' },
] as const;

export const serviceClassName = (id: number | null | undefined): string | null => SERVICE_CLASSES.find((item) => item.id === id)?.name ?? null;

export const TOUR_SERVICE_LIMITS = {
  /** Spec 03 §5 "service name max 50". */
  name: 50,
  /** Not in the spec: a plain text area. */
  description: 2000,
  /** Prices of a period and of a child bracket: whole roubles 0 to 999 999 (spec 03 §5). */
  price: 999_999,
  /** Child age brackets: ages 0 to 14, a new bracket 0 to 14 with price 0 (spec 03 §5, §9). */
  age: { min: 0, max: 14 },
  /** Nested tables page size (spec 03 §9). */
  periodsPerPage: 10,
} as const;

/** A new child age bracket (spec 03 §9). */
export const blankChildPrice = () => ({ age_from: TOUR_SERVICE_LIMITS.age.min, age_to: TOUR_SERVICE_LIMITS.age.max, price: 0 });

/**
 * Spec 03 §5 "Commission amount: integers, non-negative; fixed max 1,000,000, percent max 100" —
 * the agencies' bounds (shared/commission.ts).
 */
export const TOUR_SERVICE_COMMISSION = COMMISSION_BOUNDS.agency;

/** The adult and child commission pairs of a price period. */
export const PERIOD_COMMISSIONS = [
  { category: 'adult', title: 'Наценка (взр)' },
  { category: 'child', title: 'Наценка (дет)' },
] as const;
