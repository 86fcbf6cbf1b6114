/**
 * Vendor payments ('Учет ДС', issue 28): the summary per vendor of what the application owes each
 * vendor (the pricing engine's stored net per vendor and category) against what it paid, and the
 * overpayment rule. One function for GET's `vendor_payments_info` and the save's guard.
 */
import { REFUSAL_CODES, type RefusalCodes } from '../api.js';
import { PAYMENT_METHODS } from '../resources/vendors.js';
import { formatMoney } from '../format.js';
import { MESSAGES } from '../messages.js';
import { decimal, moneyNumber, sumMoney, type MoneyDecimal, type MoneyLike } from '../money.js';

const A = MESSAGES.applications;

/** The keys a vendor payment's method takes: the vendors' own methods. */
export const VENDOR_PAYMENT_METHOD_TYPES: readonly string[] = PAYMENT_METHODS.map((method) => method.type);

/** The summary's columns and the engine's categories each one adds up. */
export const VENDOR_SUMMARY_CATEGORIES = {
  accommodations: ['accommodation', 'meals'],
  individual_services: ['services_individual', 'services_additional', 'services_hotel'],
  // The excursion tour's own per-person price is its group programme: counted here, or a tour's vendor would look overpaid.
  group_services: ['services_group', 'tour'],
  transports: ['transport'],
} as const;
type SummaryColumn = keyof typeof VENDOR_SUMMARY_CATEGORIES;

const VS = MESSAGES.vendorSummary;
const COLUMN_TITLES: Record<SummaryColumn, string> = VS.columns;

/** The summary table's columns in order with their titles (the editor's Учет ДС tab); analytics titles its vendor columns by the same words. */
export const VENDOR_SUMMARY_COLUMNS: readonly { key: SummaryColumn | 'total' | 'paid' | 'surcharge'; title: string }[] = [
  ...(Object.keys(VENDOR_SUMMARY_CATEGORIES) as SummaryColumn[]).map((key) => ({ key, title: COLUMN_TITLES[key] })),
  { key: 'total', title: VS.total },
  { key: 'paid', title: VS.paid },
  { key: 'surcharge', title: VS.surcharge },
];

export type VendorSummaryRow = { vendor: { id: number; name: string } } & Record<SummaryColumn | 'total' | 'paid' | 'surcharge', number> & {
    /** Paid more than the net rounded up to whole roubles (the save took it with `confirm_overpayment`). */
    overpaid: boolean;
  };

interface VendorTotals {
  columns: Record<SummaryColumn, MoneyDecimal>;
  total: MoneyDecimal;
  paid: MoneyDecimal;
}

/** Each vendor's nets by column, total and paid; vendors in the order of their first net, then of their first payment. */
export function vendorTotals(nets: readonly { vendor_id: number | null; category: string; net: MoneyLike }[], payments: readonly { vendor_id: number; sum: MoneyLike }[]): Map<number, VendorTotals> {
  const totals = new Map<number, VendorTotals>();
  const of = (vendorId: number) => {
    let entry = totals.get(vendorId);
    if (!entry) {
      entry = { columns: { accommodations: decimal(0), individual_services: decimal(0), group_services: decimal(0), transports: decimal(0) }, total: decimal(0), paid: decimal(0) };
      totals.set(vendorId, entry);
    }
    return entry;
  };
  for (const net of nets) {
    if (net.vendor_id === null) continue;
    const column = (Object.keys(VENDOR_SUMMARY_CATEGORIES) as SummaryColumn[]).find((key) => (VENDOR_SUMMARY_CATEGORIES[key] as readonly string[]).includes(net.category));
    if (!column) continue;
    const entry = of(net.vendor_id);
    entry.columns[column] = entry.columns[column].plus(decimal(net.net));
    entry.total = entry.total.plus(decimal(net.net));
  }
  for (const payment of payments) {
    const entry = of(payment.vendor_id);
    entry.paid = entry.paid.plus(decimal(payment.sum));
  }
  return totals;
}

/** Paid above the net rounded up to whole roubles. */
export const isOverpaid = (entry: Pick<VendorTotals, 'total' | 'paid'>): boolean => entry.paid.greaterThan(entry.total.ceil());

/** GET's `vendor_payments_info`: one row per vendor, surcharge = total − paid (negative when overpaid). */
export function vendorPaymentsSummary(
  nets: readonly { vendor_id: number | null; category: string; net: MoneyLike }[],
  payments: readonly { vendor_id: number; sum: MoneyLike }[],
  nameOf: (vendorId: number) => string,
): VendorSummaryRow[] {
  return [...vendorTotals(nets, payments)].map(([vendorId, entry]) => ({
    vendor: { id: vendorId, name: nameOf(vendorId) },
    accommodations: moneyNumber(entry.columns.accommodations),
    individual_services: moneyNumber(entry.columns.individual_services),
    group_services: moneyNumber(entry.columns.group_services),
    transports: moneyNumber(entry.columns.transports),
    total: moneyNumber(entry.total),
    paid: moneyNumber(entry.paid),
    surcharge: moneyNumber(entry.total.minus(entry.paid)),
    overpaid: isOverpaid(entry),
  }));
}

/** Sum of a vendor's payments (the stored ones, to tell whether a save pays it more). */
export const paidTo = (payments: readonly { vendor_id: number; sum: MoneyLike }[], vendorId: number): MoneyDecimal =>
  sumMoney(payments.filter((payment) => payment.vendor_id === vendorId).map((payment) => payment.sum));

type PaymentRow = { id?: number | null; vendor_id: number; sum: MoneyLike };

/**
 * A save's vendor-payment errors: a stored row's vendor changed (`vendor_payments.N.vendor_id`), and,
 * without `confirm_overpayment`, a vendor paid more than this save's net rounded up to whole roubles
 * when the save raises what it is paid (`vendor_payments.N.sum` of its last row, naming the amount,
 * code `vendor_overpaid`) — an overpayment taken earlier does not block later saves.
 */
export function vendorPaymentErrors(
  sent: readonly PaymentRow[] | undefined,
  stored: readonly PaymentRow[],
  nets: readonly { vendor_id: number | null; category: string; net: MoneyLike }[],
  confirmed: boolean,
): { errors: Record<string, string[]>; codes: RefusalCodes } {
  const errors: Record<string, string[]> = {};
  const codes: RefusalCodes = {};
  if (!sent) return { errors, codes };
  const storedById = new Map(stored.map((row) => [row.id, row]));
  sent.forEach((row, index) => {
    const before = row.id == null ? undefined : storedById.get(row.id);
    if (before && before.vendor_id !== row.vendor_id) errors[`vendor_payments.${index}.vendor_id`] = [A.vendorFixed];
  });
  if (confirmed) return { errors, codes };
  for (const [vendorId, entry] of vendorTotals(nets, sent)) {
    if (!isOverpaid(entry) || !entry.paid.greaterThan(paidTo(stored, vendorId))) continue;
    const last = sent.map((row) => row.vendor_id).lastIndexOf(vendorId);
    errors[`vendor_payments.${last}.sum`] = [A.vendorOverpaid(formatMoney(moneyNumber(entry.paid)), formatMoney(moneyNumber(entry.total)))];
    codes[`vendor_payments.${last}.sum`] = REFUSAL_CODES.vendorOverpaid;
  }
  return { errors, codes };
}
