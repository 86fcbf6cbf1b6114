/**
 * The agency commission capped at the price on a stored application (issue 37 «Money that never goes
 * below zero»). The engine now never takes more commission than the price it is taken from; an
 * application saved before that may keep a larger one (a fixed 1 500 ₽ on a 500 ₽ order: «К оплате
 * агентством» −1 000 ₽ on its contract, voucher, reports and analytics). This command mends one:
 * only the agency commission (a manual one too), `agency_to_pay`, the lines' and categories'
 * commission shares and what follows from them (the payment status; the documents marked stale)
 * change — the price and the lines' prices stay as sold, since a reprice would price an old paid
 * order against today's catalogue. Runs in the caller's transaction, under the application's row
 * lock; one history row names the change (`agency_commission`, before and after) beside the audited
 * fields it moved.
 *
 * The job that mends every stored one after the migrations: ./agency-commission-job.ts.
 */
import type { EntityManager } from 'typeorm';
import { paymentState } from '../../../shared/applications/payment-status.js';
import { HISTORY_EVENTS } from '../../../shared/applications/history.js';
import { decimal, moneyText } from '../../../shared/money.js';
import { APPLICATION_AGGREGATE } from '../aggregate/declaration.js';
import { markDocumentsIfNeeded, printedBefore } from '../documents/documents-mark.js';
import { allocate } from '../pricing/engine.js';
import type { ApplicationActor } from './actor.js';
import { appendHistory, readAudited, recordChanges } from './history.js';

/** The priced rows of an application (those with a share of the totals): their tables, from the declaration. */
const SHARE_TABLES = Object.values(APPLICATION_AGGREGATE.collections as Record<string, { table: string; columns: Record<string, string> }>)
  .filter((collection) => 'total_after_discount' in collection.columns && 'agency_commission' in collection.columns)
  .map((collection) => collection.table);

/** Stored applications whose commission is above their price (kept small by a partial index: none once mended). */
export const OVER_COMMISSIONED_SQL = `SELECT id FROM applications WHERE agency_to_pay < 0 ORDER BY id`;

interface Locked {
  status: number;
  requester_type: string;
  price_total: string;
  agency_commission: string;
  agency_to_pay: string;
  payments: { status: number; sum: string }[];
}

/** Caps the stored application's agency commission at its price; false when it was not above it (nothing written). */
export async function capAgencyCommission(manager: EntityManager, id: number, actor: ApplicationActor): Promise<boolean> {
  const [row] = await manager.query<Locked[]>(
    `SELECT a.status, CASE WHEN a.agency_id IS NULL THEN 'client' ELSE 'agency' END AS requester_type,
            a.price_total::text, a.agency_commission::text, a.agency_to_pay::text,
            coalesce((SELECT json_agg(json_build_object('status', p.status, 'sum', p.sum::text)) FROM payments p WHERE p.application_id = a.id), '[]') AS payments
       FROM applications a WHERE a.id = $1 FOR NO KEY UPDATE OF a`,
    [id],
  );
  if (!row || !decimal(row.agency_commission).greaterThan(decimal(row.price_total))) return false;
  const printed = await printedBefore(manager, id);
  const before = await readAudited(manager, id);
  const price = decimal(row.price_total);
  const capped = price.isNegative() ? decimal(0) : price;

  // Each line's share: its price after discount (the commission now is the whole price), spread to the kopeck.
  const lines: { table: string; id: number; total: string }[] = [];
  for (const table of SHARE_TABLES) {
    const rows = await manager.query<{ id: number; total: string }[]>(`SELECT id, total_after_discount::text AS total FROM ${table} WHERE application_id = $1 ORDER BY id`, [id]);
    lines.push(...rows.map((line) => ({ table, ...line })));
  }
  const lineShares = allocate(capped, lines.map((line) => decimal(line.total)));
  for (const table of SHARE_TABLES) {
    const own = lines.flatMap((line, index) => (line.table === table ? [{ id: line.id, share: moneyText(lineShares[index]!) }] : []));
    if (own.length === 0) continue;
    await manager.query(`UPDATE ${table} t SET agency_commission = v.share FROM unnest($1::int[], $2::numeric[]) AS v(id, share) WHERE t.id = v.id`, [
      own.map((line) => line.id),
      own.map((line) => line.share),
    ]);
  }
  const categories = await manager.query<{ category: string; price_total: string }[]>(
    `SELECT category, price_total::text FROM application_category_totals WHERE application_id = $1 ORDER BY category`,
    [id],
  );
  const categoryShares = allocate(capped, categories.map((category) => decimal(category.price_total)));
  if (categories.length > 0) {
    await manager.query(
      `UPDATE application_category_totals t SET agency_commission = v.share FROM unnest($2::text[], $3::numeric[]) AS v(category, share) WHERE t.application_id = $1 AND t.category = v.category`,
      [id, categories.map((category) => category.category), categoryShares.map((share) => moneyText(share))],
    );
  }

  const toPay = price.minus(capped);
  const { payment_status } = paymentState({ status: row.status, requester_type: row.requester_type, price_total: row.price_total, agency_to_pay: moneyText(toPay) }, row.payments);
  await manager.query(
    `UPDATE applications SET agency_commission = $2, agency_to_pay = $3, payment_status = $4,
            manual_agency_commission = CASE WHEN manual_agency_commission > $2 THEN $2 ELSE manual_agency_commission END
      WHERE id = $1`,
    [id, moneyText(capped), moneyText(toPay), payment_status],
  );
  await appendHistory(manager, id, actor, [{ path: HISTORY_EVENTS.agencyCommissionCapped, before: row.agency_commission, after: moneyText(capped) }]);
  await recordChanges(manager, id, before, actor);
  await markDocumentsIfNeeded(manager, id, printed);
  return true;
}
