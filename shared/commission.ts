/**
 * Commissions (markups) and application auto-confirm, once for every record that has them: agencies
 * (spec 01 §3, §9), hotels and their price periods, bus-transport days and dates (spec 02 §3–§5, §9).
 * A commission is a type (1 a fixed sum in roubles, 2 a percent) and a sum checked against its type.
 */
import { z } from 'zod';
import { formatMoney, formatPercent } from './format.js';
import { MESSAGES } from './messages.js';
import { money, requiredInteger } from './validation.js';

const V = MESSAGES.validation;

/** Commission types (spec 01 §9, spec 02 §5): 1 a fixed sum, 2 a percent. */
export const CommissionType = { Fixed: 1, Percent: 2 } as const;
export type CommissionType = (typeof CommissionType)[keyof typeof CommissionType];

/** The list of `/data` replies, `GET /api/commissions/list` and the forms' selects. */
export const COMMISSION_TYPES = [
  { id: CommissionType.Fixed, name: 'Фиксированная' },
  { id: CommissionType.Percent, name: 'Процент' },
] as const;

/**
 * How far a commission sum may go by its type. `signed`: a negative sum (a discount) is allowed down
 * to minus the same bound. `scale`: whole roubles (integer columns) or kopecks (numeric(12,2)).
 */
export interface CommissionBounds {
  fixed: number;
  percent: number;
  signed: boolean;
  scale: 'integer' | 'money';
}

export const COMMISSION_BOUNDS = {
  /** Spec 01 §9 (agencies): at most 1 000 000 fixed, at most 100 percent, never negative; whole numbers. */
  agency: { fixed: 1_000_000, percent: 100, signed: false, scale: 'integer' },
  /** Spec 03 §5 (excursion tours, their meal dates, tour services): integers, never negative; fixed ≤ 1 000 000, percent ≤ 100. */
  tour: { fixed: 1_000_000, percent: 100, signed: false, scale: 'integer' },
  /** Spec 02 §5 (hotel and price-period categories): percent −100 to 100, other types ±999 999; whole numbers. */
  hotel: { fixed: 999_999, percent: 100, signed: true, scale: 'integer' },
  /** Spec 02 §5 (bus-transport days and dates): percent ±100, fixed ±999 999, with kopecks (numeric(12,2)). */
  transport: { fixed: 999_999, percent: 100, signed: true, scale: 'money' },
} as const satisfies Record<string, CommissionBounds>;

/** The largest sum `type` allows within `bounds`. */
export const commissionMax = (bounds: CommissionBounds, type: number): number => (type === CommissionType.Percent ? bounds.percent : bounds.fixed);
/** The smallest sum `type` allows within `bounds`. */
export const commissionMin = (bounds: CommissionBounds, type: number): number => (bounds.signed ? -commissionMax(bounds, type) : 0);

/** A commission type field: 1 or 2 (`'2'` read as 2); blank is the fixed type, the editors' default. */
export function commissionType() {
  return z.preprocess(
    (value) => (value === undefined || value === null || (typeof value === 'string' && value.trim() === '') ? CommissionType.Fixed : typeof value === 'string' ? Number(value) : value),
    z.union([z.literal(CommissionType.Fixed), z.literal(CommissionType.Percent)], { error: V.oneOf }),
  );
}

/** A commission sum field within the widest bounds of any type (the type's own bound is `checkCommission`'s); blank is 0. */
export function commissionSum(bounds: CommissionBounds) {
  const min = commissionMin(bounds, CommissionType.Fixed);
  if (bounds.scale === 'money') return money(min, bounds.fixed);
  return requiredInteger(min, bounds.fixed, { blank: 0 });
}

/**
 * The one check of a commission sum against its type (use in superRefine): the issue stands under
 * the sum. `fields` names the pair (`commission_type`/`commission_sum`, or a hotel category's
 * `commission_adult_type`/`commission_adult_sum`).
 */
export function checkCommission(
  values: Record<string, unknown>,
  context: z.RefinementCtx,
  bounds: CommissionBounds,
  fields: { type: string; sum: string } = { type: 'commission_type', sum: 'commission_sum' },
): void {
  const type = values[fields.type];
  const sum = values[fields.sum];
  if (typeof type !== 'number' || typeof sum !== 'number') return;
  const max = commissionMax(bounds, type);
  const min = commissionMin(bounds, type);
  if (sum > max) context.addIssue({ code: 'custom', path: [fields.sum], message: V.max(max) });
  else if (sum < min) context.addIssue({ code: 'custom', path: [fields.sum], message: V.min(min) });
}

/** A commission with its unit: `10%` for the percent type, `1 500,00 ₽` for a fixed sum (agencies, hotels, transport). */
export function formatCommission(type: number, sum: number | string): string {
  return type === CommissionType.Percent ? formatPercent(sum) : formatMoney(sum);
}

/** Application auto-confirm: the payment status an application gets (spec 02 §4, §9: 3 and 5; hotels and bus transports). */
export const AUTO_CONFIRM_STATUSES = [
  { id: 3, name: 'Подтверждена, требуется оплата' },
  { id: 5, name: 'Требуется полная оплата' },
] as const;
export type AutoConfirmStatus = (typeof AUTO_CONFIRM_STATUSES)[number]['id'];

/** The auto-confirm status field: 3 or 5 (`'3'` read as 3); blank is null. */
export function autoConfirmStatus() {
  return z.preprocess(
    (value) => (value === undefined || value === null || (typeof value === 'string' && value.trim() === '') ? null : typeof value === 'string' ? Number(value) : value),
    z.union([z.literal(AUTO_CONFIRM_STATUSES[0].id), z.literal(AUTO_CONFIRM_STATUSES[1].id)], { error: V.oneOf }).nullable(),
  );
}

/** Spec 02 §4: with auto-confirm on, a status is required (use in superRefine). */
export function checkAutoConfirm(values: { application_auto_confirm: boolean; auto_confirm_status: number | null }, context: z.RefinementCtx): void {
  if (values.application_auto_confirm && values.auto_confirm_status === null) {
    context.addIssue({ code: 'custom', path: ['auto_confirm_status'], message: MESSAGES.fields.autoConfirmStatus });
  }
}

/** What is stored: the status only while auto-confirm is on. */
export const storedAutoConfirmStatus = <T extends { application_auto_confirm: boolean; auto_confirm_status: number | null }>(values: T) =>
  values.application_auto_confirm ? values.auto_confirm_status : null;
