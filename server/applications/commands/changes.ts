/**
 * What a save changes of a stored application, field by field (the rule table's fields,
 * shared/applications/field-rules.ts): the commands refuse a change the actor's role or the
 * application's status does not take. Each field is compared as the save would store it — money as
 * decimals, a leg without its row id and raw payload (both kept by the save), seats by their numbers,
 * payments by id with their order ignored.
 */
import { isDeepStrictEqual } from 'node:util';
import { APPLICATION_FIELD_RULES, APPLICATION_FIELDS, type ApplicationField } from '../../../shared/applications/field-rules.js';
import type { ApplicationForm } from '../../../shared/applications/schema.js';
import { sameMoney, type MoneyLike } from '../../../shared/money.js';

type PaymentRow = NonNullable<ApplicationForm['payments']>[number];


/**
 * Whether `sent` changes the stored customer payments: a row added or removed, or a kept row (by id)
 * with another sum (as a decimal), status, online flag or date. Order is ignored, and a row sent
 * without a date keeps its stored one (outside clients leave optional keys out).
 */
export function paymentsChanged(sent: readonly PaymentRow[], stored: readonly PaymentRow[]): boolean {
  if (sent.length !== stored.length) return true;
  const byId = new Map(stored.map((row) => [row.id, row]));
  const seen = new Set<number>();
  return sent.some((row) => {
    const before = row.id == null ? undefined : byId.get(row.id);
    if (!before || seen.has(before.id!)) return true;
    seen.add(before.id!);
    return !sameMoney(row.sum, before.sum) || row.status !== before.status || row.is_online !== before.is_online || (row.date !== null && row.date !== before.date);
  });
}

/** A value as the save stores it: `undefined` keys dropped, so an absent and an undefined key are one. */
const plain = (value: unknown): unknown => (value === undefined ? undefined : JSON.parse(JSON.stringify(value)));
const withoutKeys = (value: unknown, keys: readonly string[]) => {
  if (value === null || typeof value !== 'object') return value;
  const copy = { ...(value as Record<string, unknown>) };
  for (const key of keys) delete copy[key];
  return copy;
};

type Comparator = (sent: unknown, stored: unknown) => boolean;
const money: Comparator = (sent, stored) => !sameMoney(sent as MoneyLike | null, stored as MoneyLike | null);
const leg: Comparator = (sent, stored) => !isDeepStrictEqual(plain(withoutKeys(sent, ['id', 'payload'])), plain(withoutKeys(stored, ['id', 'payload'])));
const seats: Comparator = (sent, stored) => !isDeepStrictEqual((sent as { number: number }[]).map((seat) => seat.number), (stored as { number: number }[]).map((seat) => seat.number));

const COMPARATORS: Partial<Record<ApplicationField, Comparator>> = {
  prepayment: money,
  manual_price_without_discount: money,
  discount: money,
  manual_agency_commission: money,
  accommodations: (sent, stored) => !isDeepStrictEqual(plain((sent as unknown[]).map((row) => withoutKeys(row, ['payload']))), plain((stored as unknown[]).map((row) => withoutKeys(row, ['payload'])))),
  transport_forth: leg,
  transport_back: leg,
  transfer_forth: leg,
  transfer_back: leg,
  seats_forth: seats,
  seats_back: seats,
  payments: (sent, stored) => paymentsChanged(sent as PaymentRow[], stored as PaymentRow[]),
};

/**
 * Which of `fields` `sent` changes of `stored` (both as the application's schema reads them; `stored`
 * needs only those fields). A list a form leaves out (payments, vendor payments: `undefined`) is kept,
 * no change; `kept` fields never change.
 */
export function changedFields(sent: ApplicationForm, stored: Partial<ApplicationForm> | null, fields: readonly ApplicationField[] = APPLICATION_FIELDS): ApplicationField[] {
  return fields.filter((field) => {
    if (APPLICATION_FIELD_RULES[field].kept || sent[field] === undefined) return false;
    // A new application's fields are its own values (the rules of a new application judge them); only a
    // role-limited list that holds rows (payments) is a change a role may not make.
    if (stored === null) return APPLICATION_FIELD_RULES[field].roles !== undefined && Array.isArray(sent[field]) && (sent[field] as unknown[]).length > 0;
    const compare = COMPARATORS[field] ?? ((a: unknown, b: unknown) => !isDeepStrictEqual(plain(a), plain(b)));
    return compare(sent[field], stored[field] ?? (Array.isArray(sent[field]) ? [] : null));
  });
}
