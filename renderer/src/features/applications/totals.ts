/**
 * What the totals block shows for an application (spec 03 §2.3; issue 27): the lines that apply to
 * its type, and whether an unsaved form can be priced at all — calc-totals is asked only then, and
 * the block says what is missing otherwise (no 422 for a form still being filled in).
 */
import { ApplicationType, RequesterType } from '@shared/applications/constants';
import { paymentState } from '@shared/applications/payment-status';
import { productOfType } from '@shared/applications/products';
import type { ApplicationTotals } from '@shared/applications/types';
import { MESSAGES } from '@shared/messages';
import { moneyNumber, readDecimal } from '@shared/money';
import type { ApplicationValues } from './form';

const A = MESSAGES.applications;

export type TotalsKey = keyof typeof A.totalsLabels;

/** A type priced by the engine from its product (1–4); avia and railway are priced by hand. */
const hasProduct = (type: number | null) => productOfType(type) !== undefined;

/**
 * The lines of the block, in order: a product's estimate (and the manual price beside it once one is
 * set), or for avia and railway their price; the discount and the total; the agency's share for an
 * agency's application. The payments' lines (Оплачено, К оплате: `paymentTotals`) follow.
 */
export function totalsLines(type: number | null, requesterType: RequesterType, totals: ApplicationTotals | undefined): TotalsKey[] {
  const priced = hasProduct(type);
  const manual = totals !== undefined && totals.price_without_discount !== totals.estimated_price_without_discount;
  return [
    ...(priced ? (['estimated_price_without_discount'] as const) : []),
    ...(!priced || manual ? (['price_without_discount'] as const) : []),
    'discount',
    'price_total',
    ...(requesterType === RequesterType.Agency ? (['agency_commission', 'agency_to_pay'] as const) : []),
  ];
}

/** «Скидка не больше …» says something only where the price has a net cost under it (a product's). */
export const showsMaxDiscount = (type: number | null) => hasProduct(type);

/** What an unsaved form lacks before it can be priced: the type, its product and the product's row, the requester. */
export function pricingGaps(form: Pick<ApplicationValues, 'application_type' | 'applicationable_id' | 'requester_id' | 'accommodations' | 'tour_date' | 'transport_forth'>): string[] {
  const missing = A.totalsMissing;
  const type = form.application_type;
  if (type === null) return [missing.type];
  const gaps: string[] = [];
  if (hasProduct(type) && form.applicationable_id === null) gaps.push(missing.product);
  if (form.requester_id === null) gaps.push(missing.requester);
  if (hasProduct(type) && form.applicationable_id !== null) {
    if ((type === ApplicationType.Accommodation || type === ApplicationType.SeaTour) && form.accommodations.length === 0) gaps.push(missing.stay);
    if (type === ApplicationType.ExcursionTour && !form.tour_date) gaps.push(missing.tourDate);
    if (type === ApplicationType.BusTour && !form.transport_forth) gaps.push(missing.forth);
  }
  return gaps;
}

/**
 * Оплачено and К оплате of the form's payments (as edited, before the save) against what its
 * requester owes now — the server's one rule (shared/applications/payment-status.ts). Null until the
 * application is priced.
 */
export function paymentTotals(form: Pick<ApplicationValues, 'status' | 'requester_type' | 'payments'>, totals: ApplicationTotals | undefined): { paid: number; to_pay: number } | null {
  if (!totals) return null;
  const rows = (form.payments ?? []).map((row) => ({ status: Number(row.status), sum: readDecimal(row.sum) ?? 0 }));
  const state = paymentState({ status: Number(form.status), requester_type: form.requester_type, price_total: totals.price_total, agency_to_pay: totals.agency_to_pay }, rows);
  return { paid: moneyNumber(state.paid), to_pay: moneyNumber(state.to_pay) };
}
