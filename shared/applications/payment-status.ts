/**
 * The application's payment status (issue 28; spec 03 §4): derived, never set — by the save, the
 * recorded payment, the cancel, the order book's Оплачено / К оплате and the migration that derived
 * every stored one (migrations/1765600000000-DerivedPaymentStatus.ts: its SQL function
 * `application_payment_status` is this function in SQL, tested on the same cases). Exact decimals.
 */
import { decimal, sumMoney, type MoneyDecimal, type MoneyLike } from '../money.js';
import { ApplicationStatus, PaymentRowStatus, PaymentStatus, RequesterType } from './constants.js';

/** What of a payment row counts: its status and sum. */
export interface CountedPayment {
  status: number;
  sum: MoneyLike;
}

/**
 * What one row adds to paid: a paid row (2) its sum, a refund (3) minus its sum, a pending row (1) or
 * any other status nothing. Its SQL twin `payment_paid_amount(status, sum)`
 * (migrations/1765700003800-PaymentPaidAmount.ts) is what every SQL sum of paid calls; the server test
 * server/applications/payment-paid-amount.test.ts holds the two to the same rows.
 */
export function paidAmountOf(row: CountedPayment): MoneyDecimal {
  if (row.status === PaymentRowStatus.Paid) return decimal(row.sum);
  // 0 − sum, not −sum: a refund of 0 is 0, never decimal.js's −0.
  if (row.status === PaymentRowStatus.Refund) return decimal(0).minus(decimal(row.sum));
  return decimal(0);
}

/** Paid: the paid rows (2) less the refunds (3); a pending row (1) counts nothing yet. */
export function paidOf(payments: readonly CountedPayment[]): MoneyDecimal {
  return sumMoney(payments.map(paidAmountOf));
}

/** What the application's requester owes. */
export interface DueBasis {
  status: number;
  requester_type: string;
  price_total: MoneyLike;
  agency_to_pay: MoneyLike;
}

/** Due: an agency owes the price less its commission, a client the price; a cancelled application nothing (money left on it is owed back). */
export function dueOf(basis: DueBasis): MoneyDecimal {
  if (basis.status === ApplicationStatus.Cancelled) return decimal(0);
  return decimal(basis.requester_type === RequesterType.Agency ? basis.agency_to_pay : basis.price_total);
}

/** Nothing paid (or all of it refunded) → 1, below due → 2, equal → 3, above → 4. */
export function paymentStatusOf(paid: MoneyLike, due: MoneyLike): PaymentStatus {
  const paidSum = decimal(paid);
  const dueSum = decimal(due);
  if (paidSum.lessThanOrEqualTo(0)) return PaymentStatus.Unpaid;
  if (paidSum.lessThan(dueSum)) return PaymentStatus.PartiallyPaid;
  return paidSum.equals(dueSum) ? PaymentStatus.Paid : PaymentStatus.Overpaid;
}

/** К оплате: what is still owed, never below 0. */
export function toPayOf(paid: MoneyLike, due: MoneyLike): MoneyDecimal {
  const rest = decimal(due).minus(decimal(paid));
  return rest.isNegative() ? decimal(0) : rest;
}

/** The payment status, paid and to-pay of an application from its rows and what it owes. */
export function paymentState(basis: DueBasis, payments: readonly CountedPayment[]): { payment_status: PaymentStatus; paid: MoneyDecimal; to_pay: MoneyDecimal } {
  const paid = paidOf(payments);
  const due = dueOf(basis);
  return { payment_status: paymentStatusOf(paid, due), paid, to_pay: toPayOf(paid, due) };
}
