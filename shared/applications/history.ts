/**
 * The application's history (issue 28 "History"): what `GET /api/applications/{id}/history` answers
 * and how the editor's История tab names it. The fields recorded are the rule table's audited ones
 * (./field-rules.ts `audited`); a path is the field (`status`), a row of a list (`payments.12`: added
 * or removed, the row as before/after) or a row's field (`payments.12.sum`). Two events have their own
 * path: `created` (the application's first row) and `deleted` (its last; the history stays).
 */
import { formatDate, formatMoney } from '../format.js';
import { defineList } from '../list.js';
import { APPLICATION_PAYMENT_METHODS, APPLICATION_STATUSES, PAYMENT_ROW_STATUSES, PAYMENT_STATUSES } from './constants.js';
import { APPLICATION_FIELD_RULES, APPLICATION_FIELDS, type ApplicationField } from './field-rules.js';

export interface ApplicationHistoryRow {
  id: number;
  /** ISO time of the change (the transaction's). */
  at: string;
  /** Who, copied when recorded (not a reference): null for a supplier's import or an anonymous job. */
  user: { id: number; name: string } | null;
  /** `staff`, `system` or `supplier:<vendor id>`. */
  actor: string;
  path: string;
  before: unknown;
  after: unknown;
}

/** `agency_commission`: a stored commission above the price capped at it (issue 37), before and after. */
export const HISTORY_EVENTS = { created: 'created', deleted: 'deleted', agencyCommissionCapped: 'agency_commission' } as const;

/** The history's paging: the list's `page` and `limit`, newest first, nothing to sort by or filter. */
export const APPLICATION_HISTORY_LIST = defineList({ path: '/applications/:id/history', sortable: [] });

/** The audited fields, in the rule table's order: a field added later is audited by its rule's `audited`. */
export const AUDITED_FIELDS: readonly ApplicationField[] = APPLICATION_FIELDS.filter((field) => APPLICATION_FIELD_RULES[field].audited);

/** Russian names of what the history names: the audited fields and their rows' fields. */
export const HISTORY_LABELS: Record<string, string> = {
  created: 'Заявка создана',
  deleted: 'Заявка удалена',
  status: 'Статус',
  payment_status: 'Статус оплаты',
  payment_method: 'Способ оплаты',
  prepayment: 'Предоплата',
  manual_price_without_discount: 'Цена без скидки',
  discount: 'Скидка',
  manual_agency_commission: 'Комиссия агентства',
  agency_commission: 'Комиссия агентства (ограничена стоимостью заявки)',
  payments: 'Платёж',
  vendor_payments: 'Оплата поставщику',
  documents: 'Документ',
  sum: 'сумма',
  is_online: 'онлайн',
  date: 'дата',
  vendor_id: 'поставщик',
};

/** The money among the history's values: formatted as roubles when shown. */
export const HISTORY_MONEY = new Set(['prepayment', 'manual_price_without_discount', 'discount', 'manual_agency_commission', 'agency_commission', 'sum']);

/** `payments.12.sum` → 'Платёж №12: сумма'. */
export function historyPathLabel(path: string): string {
  const [field = '', rowId, key] = path.split('.');
  const name = HISTORY_LABELS[field] ?? field;
  if (rowId === undefined) return name;
  return key === undefined ? `${name} №${rowId}` : `${name} №${rowId}: ${HISTORY_LABELS[key] ?? key}`;
}

/** Values shown by their dictionary's name: the field (or a row's field) → its entries. */
const NAMED: Record<string, readonly { id: number; name: string }[]> = {
  status: APPLICATION_STATUSES,
  payment_status: PAYMENT_STATUSES,
  payment_method: APPLICATION_PAYMENT_METHODS,
  'payments.status': PAYMENT_ROW_STATUSES,
};

/** How a value at `path` reads in the История tab: money as roubles, statuses and methods by name, a row as its fields. */
export function historyValueText(path: string, value: unknown): string {
  if (value === null || value === undefined) return '—';
  const parts = path.split('.');
  const field = parts[0]!;
  const key = parts[2] ?? (parts.length === 1 ? field : undefined);
  if (field === HISTORY_EVENTS.created) return `№ ${String(value)}`;
  if (typeof value === 'object' && !Array.isArray(value)) {
    const row = Object.entries(value as Record<string, unknown>).filter(([, item]) => item !== null && typeof item !== 'object');
    return row.map(([name, item]) => `${HISTORY_LABELS[name] ?? name}: ${historyValueText(parts.length === 1 ? name : `${field}.0.${name}`, item)}`).join(', ');
  }
  if (key === undefined) return String(value);
  const named = NAMED[parts.length === 1 ? key : `${field}.${key}`];
  if (named) return named.find((entry) => entry.id === Number(value))?.name ?? String(value);
  if (HISTORY_MONEY.has(key)) return formatMoney(value as string);
  if (key === 'date' && typeof value === 'string') return formatDate(value);
  if (typeof value === 'boolean') return value ? 'да' : 'нет';
  return String(value);
}
