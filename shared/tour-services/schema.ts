/**
 * A tour service (spec 03 §3 "Tour service", "Service date period"; §5 "Tour services, price
 * periods"): one zod schema of the dialog's whole record, used by the server (POST/PUT
 * /api/tours/services, a plain JSON body: 422 with paths such as `dates.0.child_prices.1.age_from`)
 * and by the dialog and its period dialog in the renderer.
 */
import { z } from 'zod';
import { checkCommission, commissionSum, commissionType } from '../commission.js';
import { MESSAGES } from '../messages.js';
import { checkPeriodOverlaps } from '../periods.js';
import { id, optionalDate, optionalId, optionalInteger, optionalText, requiredText, rowId, toFieldErrors, versionField } from '../validation.js';
import { PERIOD_COMMISSIONS, SERVICE_CLASSES, ServiceClass, TOUR_SERVICE_COMMISSION, TOUR_SERVICE_LIMITS as L } from './constants.js';

const V = MESSAGES.validation;
const T = MESSAGES.tourServices;

type Issue = (path: (string | number)[], message: string) => void;
const issuer = (context: z.RefinementCtx): Issue => (path, message) => context.addIssue({ code: 'custom', path, message });

/**
 * A child age bracket: ages 0 to 14 ('Заполните поле' when missing), to above from ('Невалидные
 * данные' under from), a whole price 0 to 999 999 (spec 03 §5).
 */
export const childPriceSchema = z
  .object({
    age_from: optionalInteger(L.age.min, L.age.max),
    age_to: optionalInteger(L.age.min, L.age.max),
    price: optionalInteger(0, L.price),
  })
  .superRefine((bracket, context) => {
    const issue = issuer(context);
    if (bracket.age_from === null) issue(['age_from'], V.fillIn);
    if (bracket.age_to === null) issue(['age_to'], V.fillIn);
    if (bracket.price === null) issue(['price'], V.fillIn);
    if (bracket.age_from !== null && bracket.age_to !== null && bracket.age_to <= bracket.age_from) issue(['age_from'], T.agesInvalid);
  })
  .transform((bracket) => ({ age_from: bracket.age_from!, age_to: bracket.age_to!, price: bracket.price! }));

const commissionPairs = Object.fromEntries(
  PERIOD_COMMISSIONS.flatMap(({ category }) => [
    [`commission_${category}_type`, commissionType()],
    [`commission_${category}_sum`, commissionSum(TOUR_SERVICE_COMMISSION)],
  ]),
) as Record<`commission_${(typeof PERIOD_COMMISSIONS)[number]['category']}_${'type' | 'sum'}`, ReturnType<typeof commissionType> | ReturnType<typeof commissionSum>>;

/** A price period: from, to and the adult price required with the spec's texts, from not after to. */
export const periodSchema = z
  .object({
    id: rowId(),
    from: optionalDate(),
    to: optionalDate(),
    /** The vendor's price: the group class only (dropped for the others by the service's schema). */
    vendor_price: optionalInteger(0, L.price),
    adult_price: optionalInteger(0, L.price),
    child_prices: z.array(childPriceSchema, { error: V.invalid }).default([]),
    ...commissionPairs,
  })
  .superRefine((period, context) => {
    const issue = issuer(context);
    // The spec words a service period's dates as a meal date's.
    if (period.from === null) issue(['from'], MESSAGES.tours.mealDateFrom);
    if (period.to === null) issue(['to'], MESSAGES.tours.mealDateTo);
    if (period.adult_price === null) issue(['adult_price'], T.adultPriceRequired);
    if (period.from && period.to && period.from > period.to) issue(['to'], MESSAGES.editor.periodOrder);
    for (const { category } of PERIOD_COMMISSIONS) checkCommission(period, context, TOUR_SERVICE_COMMISSION, { type: `commission_${category}_type`, sum: `commission_${category}_sum` });
  })
  .transform((period) => ({
    ...period,
    from: period.from!,
    to: period.to!,
    adult_price: period.adult_price!,
    commission_adult_type: period.commission_adult_type as number,
    commission_adult_sum: period.commission_adult_sum as number,
    commission_child_type: period.commission_child_type as number,
    commission_child_sum: period.commission_child_sum as number,
  }));

export type PeriodInput = z.input<typeof periodSchema>;
export type Period = z.output<typeof periodSchema>;

/** POST /api/tours/services and PUT /api/tours/services/{id}. Read-only extras of GET (vendor, can_delete) are ignored. */
export const tourServiceSchema = z
  .object({
    id: z.unknown().optional(),
    version: versionField(),
    name: requiredText(L.name),
    class: id().refine((value) => SERVICE_CLASSES.some((item) => item.id === value), V.oneOf),
    vendor_id: optionalId(),
    description: optionalText(L.description),
    dates: z.array(periodSchema, { error: V.invalid }).default([]),
  })
  .superRefine((service, context) => {
    checkPeriodOverlaps(service.dates, context);
  })
  // The vendor's price is the group class's only: another class stores none (spec 03 §3).
  .transform((service) => (service.class === ServiceClass.Group ? service : { ...service, dates: service.dates.map((period) => ({ ...period, vendor_price: null })) }));

export type TourServiceInput = z.input<typeof tourServiceSchema>;
export type TourService = z.output<typeof tourServiceSchema>;

/** Checks a price period of its dialog on its own: the field map of the period (`from`, `child_prices.1.age_from`). */
export function periodErrors(period: unknown): Record<string, string[]> {
  const result = periodSchema.safeParse(period);
  return result.success ? {} : toFieldErrors(result.error);
}
