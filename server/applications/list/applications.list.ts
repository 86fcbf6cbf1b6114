/**
 * The application list (spec 03 §2.1, issue 19) on the list engine, over the view
 * `application_list_rows` (migrations/1765400000300-ApplicationList.ts, its content since
 * 1765400000700-ApplicationListContent.ts): the page's ids come from `applications` and its indexes,
 * then its ten rows get their content in the same statement.
 */
import { APPLICATION_STATUSES, APPLICATION_TYPES, ApplicationSource, RequesterType, TRANSFER_TYPES } from '../../../shared/applications/constants.js';
import { applicationsList, type ApplicationListRow } from '../../../shared/applications/list.js';
import { dueOf, toPayOf } from '../../../shared/applications/payment-status.js';
import { productOfType } from '../../../shared/applications/products.js';
import { moneyNumber } from '../../../shared/money.js';
import { ALIAS, defineServerList } from '../../common/list/server-list.js';
import { ApplicationListEntity } from './application-list.entity.js';

/** The row as the list answers it (shared/applications/list.ts `ApplicationListRow`). */
export function applicationListRow(row: ApplicationListEntity): ApplicationListRow {
  const { content } = row;
  const product = productOfType(row.type);
  const productId = product ? row[product.column] : null;
  // Paid (refunds counted) from the content's SQL, К оплате by the one rule of the payment status.
  const toPay = toPayOf(content.paid, dueOf({ status: row.status, requester_type: content.requestorable?.type === 'agencies' ? RequesterType.Agency : RequesterType.Client, price_total: row.price_total, agency_to_pay: row.agency_total }));
  const transfer = (leg: 'forth' | 'back') => {
    const item = content.transfers?.[leg];
    return item ? { ...item, transfer_type: { id: item.transfer_type, name: TRANSFER_TYPES.find((type) => type.id === item.transfer_type)?.name ?? '' } } : null;
  };
  return {
    id: row.id,
    number: row.number,
    requestorable: content.requestorable ?? { type: 'clients', id: 0, full_name: '', name: '', is_active: false },
    status: row.status,
    status_name: APPLICATION_STATUSES.find((status) => status.id === row.status)?.name ?? '',
    source: row.source,
    source_payload: { platform: row.platform },
    edited_from_front: row.edited_from_front,
    phone: row.phone,
    email: row.email,
    tourists: content.tourists,
    application_type: row.type,
    application_type_name: APPLICATION_TYPES.find((type) => type.id === row.type)?.name ?? '',
    applicationable: product && productId != null ? { id: productId, type: product.kind, name: content.product_name ?? '' } : null,
    accommodations: content.accommodations,
    transport_forth: content.transports?.forth ?? null,
    transport_back: content.transports?.back ?? null,
    transfer_forth: transfer('forth'),
    transfer_back: transfer('back'),
    payments_info: {
      price_total: moneyNumber(row.price_total),
      agency_total: moneyNumber(row.agency_total),
      paid: moneyNumber(content.paid),
      to_pay: moneyNumber(toPay),
    },
    unread_messages_count: row.unread_messages_count,
    can_delete: content.can_delete,
    is_watched: row.is_watched,
    version: row.version,
  };
}

export const APPLICATIONS_LIST = defineServerList({
  definition: applicationsList,
  entity: ApplicationListEntity,
  table: 'applications',
  searchExpression: `${ALIAS}.search_text`,
  digitSearch: { numbers: ['number'], phones: ['phone'] },
  // Words by prefix (migrations/1765400000400-ApplicationSearchWords.ts): a surname fragment matching thousands is counted from a btree.
  wordSearch: { table: 'application_search_words', key: 'application_id' },
  filterExpressions: {
    unread_messages: `${ALIAS}.has_unread_messages`,
    statuses_ids: `${ALIAS}.status`,
    // `source_key` is the source or 'none' (made in the office). A platform is the mobile application's
    // (`platform` is set only for its applications), so the source adds nothing beside it.
    source: (placeholder, filters) => (filters.source === ApplicationSource.MobileApplication && filters.platform !== undefined ? null : `${ALIAS}.source_key = ${placeholder}`),
  },
  counted: {
    keys: ['status', 'is_watched', 'type', 'payment_status', 'requester_type', 'unread_messages', 'source', 'platform'],
    columns: { unread_messages: 'has_unread_messages', source: 'source_key' },
  },
  toRow: applicationListRow,
});
