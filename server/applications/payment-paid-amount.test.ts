/**
 * One rule of paid (issue 38): the SQL function `payment_paid_amount(status, sum)`
 * (migrations/1765700003800-PaymentPaidAmount.ts) is `paidAmountOf` of shared/applications/payment-status.ts
 * on every row, and what SQL sums of it give — `application_paid`, the figures' trigger, analytics' rows —
 * is `paidOf` over the same rows, as exactly as before the function.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PaymentPaidAmount1765700003800 } from '../../migrations/1765700003800-PaymentPaidAmount.js';
import { PAYMENT_ROW_STATUSES } from '../../shared/applications/constants.js';
import { paidAmountOf, paidOf, type CountedPayment } from '../../shared/applications/payment-status.js';
import { decimal, moneyText } from '../../shared/money.js';
import { ROWS_SQL } from '../analytics/analytics-sql.js';
import { createDataSource } from '../database/data-source.js';
import { insertApplication } from '../test/application-fixtures.js';
import { createTestDatabase, type TestDatabase } from '../test/test-app.js';

let db: TestDatabase;
beforeAll(async () => (db = await createTestDatabase()));
afterAll(() => db?.drop());

/** Every row status of the constants, and statuses no row has (the table's CHECK allows 1–3; the rule says any other counts nothing). */
const STATUSES = [...PAYMENT_ROW_STATUSES.map((status) => status.id), 0, 4];
/** Kopeck amounts: zero, single kopecks, sums a float would not hold exactly, and numeric(12,2)'s largest. */
const SUMS = ['0.00', '0.01', '0.10', '0.20', '0.99', '1.00', '1000.50', '24749.70', '123456789.01', '9999999999.99'];

/** The paid sum as the SQL copies wrote it before the one function (1765600000000, 1765600001600): the values must not move. */
const PAID_BEFORE = `coalesce(sum(CASE p.status WHEN 2 THEN p.sum WHEN 3 THEN -p.sum ELSE 0 END), 0)`;

/** A repeatable pseudo-random sequence (the cases are the same on every run). */
function sequence(seed: number) {
  let state = seed;
  return (below: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state % below;
  };
}

async function insertPayments(applicationId: number, rows: readonly CountedPayment[]) {
  for (const row of rows) await db.query(`INSERT INTO payments (application_id, status, sum) VALUES ($1, $2, $3)`, [applicationId, row.status, row.sum]);
}

/** What the database says of an application's paid sum, every way it is read. */
async function paidInSql(applicationId: number) {
  const [row] = await db.query<{ application_paid: string; summed: string; before: string; figures: string }>(
    `SELECT application_paid($1)::text AS application_paid,
            (SELECT coalesce(sum(payment_paid_amount(p.status, p.sum)), 0)::text FROM payments p WHERE p.application_id = $1) AS summed,
            (SELECT ${PAID_BEFORE}::text FROM payments p WHERE p.application_id = $1) AS before,
            (SELECT f.paid::text FROM application_figures f WHERE f.application_id = $1) AS figures`,
    [applicationId],
  );
  return row!;
}

async function storedRows(applicationId: number): Promise<CountedPayment[]> {
  return db.query<CountedPayment>(`SELECT status, sum::text AS sum FROM payments WHERE application_id = $1 ORDER BY id`, [applicationId]);
}

describe('payment_paid_amount(status, sum)', () => {
  it('is paidAmountOf on every row status and kopeck amount, as the column types and as plain literals', async () => {
    const rows = await db.query<{ status: number; sum: string; typed: string; literal: string }>(
      `SELECT s AS status, m::text AS sum, payment_paid_amount(s::smallint, m::numeric(12, 2))::text AS typed, payment_paid_amount(s, m)::text AS literal
         FROM unnest($1::int[]) s CROSS JOIN unnest($2::numeric[]) m`,
      [STATUSES, SUMS],
    );
    expect(rows).toHaveLength(STATUSES.length * SUMS.length);
    for (const row of rows) {
      const expected = paidAmountOf({ status: row.status, sum: row.sum });
      expect(decimal(row.typed).equals(expected), `${row.status} ${row.sum}: ${row.typed} ≠ ${expected.toString()}`).toBe(true);
      expect(row.literal, `${row.status} ${row.sum}`).toBe(row.typed);
      // To the kopeck as the money's text, a refund negative and never −0.
      expect(moneyText(row.typed)).toBe(moneyText(expected));
      expect(row.typed.startsWith('-')).toBe(expected.isNegative() && !expected.isZero());
    }
    // The rule in words: a paid row its sum, a refund minus its sum, anything else nothing.
    expect(rows.filter((row) => row.sum === '1000.50').map((row) => [row.status, row.typed])).toEqual([
      [1, '0'],
      [2, '1000.50'],
      [3, '-1000.50'],
      [0, '0'],
      [4, '0'],
    ]);
  });

  it('is immutable and parallel safe, so the planner inlines it into the sums', async () => {
    expect(await db.query(`SELECT provolatile, proparallel FROM pg_proc WHERE oid = 'payment_paid_amount(integer, numeric)'::regprocedure`)).toEqual([
      { provolatile: 'i', proparallel: 's' },
    ]);
  });
});

describe('an application’s paid sum in SQL is paidOf over its rows', () => {
  /** The cases: nothing, a pending row alone, refunds past what was paid, kopecks a float would not sum, and repeatable mixtures of every status and amount. */
  const next = sequence(38);
  const CASES: { name: string; rows: CountedPayment[] }[] = [
    { name: 'no payments', rows: [] },
    { name: 'a pending row alone', rows: [{ status: 1, sum: '24750.00' }] },
    { name: 'paid less a refund', rows: [{ status: 2, sum: '25000.00' }, { status: 3, sum: '250.00' }] },
    { name: 'refunded past what was paid', rows: [{ status: 2, sum: '100.00' }, { status: 3, sum: '100.01' }] },
    { name: 'all refunded', rows: [{ status: 2, sum: '1000.00' }, { status: 3, sum: '1000.00' }] },
    { name: 'kopecks', rows: [{ status: 2, sum: '24749.70' }, { status: 2, sum: '0.10' }, { status: 2, sum: '0.20' }, { status: 1, sum: '0.30' }] },
    { name: 'zero sums', rows: [{ status: 2, sum: '0.00' }, { status: 3, sum: '0.00' }, { status: 1, sum: '0.00' }] },
    { name: 'the largest amounts', rows: [{ status: 2, sum: '9999999999.99' }, { status: 2, sum: '9999999999.99' }, { status: 3, sum: '0.01' }] },
    ...Array.from({ length: 12 }, (_, index) => ({
      name: `mixture ${index + 1}`,
      rows: Array.from({ length: 1 + next(9) }, () => ({ status: 1 + next(3), sum: `${next(10_000_000)}.${String(next(100)).padStart(2, '0')}` })),
    })),
  ];
  const inserted: { name: string; id: number }[] = [];

  beforeAll(async () => {
    for (const { name, rows } of CASES) {
      const { id } = await insertApplication(db);
      await insertPayments(id, rows);
      inserted.push({ name, id });
    }
  });

  it('application_paid, the figures kept by the trigger and the sum of payment_paid_amount are paidOf — and the text the old copies gave', async () => {
    for (const [index, { name, rows }] of CASES.entries()) {
      const sql = await paidInSql(inserted[index]!.id);
      const expected = paidOf(rows);
      expect(decimal(sql.application_paid).equals(expected), `${name}: ${sql.application_paid} ≠ ${expected.toString()}`).toBe(true);
      expect(decimal(sql.figures).equals(expected), `${name}: figures ${sql.figures}`).toBe(true);
      expect(sql.summed, name).toBe(sql.application_paid);
      // What the order book and the reports read as text is what the CASE of the old copies gave.
      expect(sql.application_paid, name).toBe(sql.before);
    }
  });

  it('the figures follow a row’s status and sum changed, and a row deleted, by the same rule', async () => {
    const next = sequence(380);
    for (const { name, id } of inserted) {
      await db.query(`UPDATE payments SET status = 1 + (id % 3) WHERE application_id = $1 AND id % 2 = 0`, [id]);
      await db.query(`UPDATE payments SET sum = $2 WHERE application_id = $1 AND id % 3 = 0`, [id, `${next(100_000)}.${String(next(100)).padStart(2, '0')}`]);
      await db.query(`DELETE FROM payments WHERE application_id = $1 AND id % 5 = 0`, [id]);
      const rows = await storedRows(id);
      const sql = await paidInSql(id);
      expect(decimal(sql.figures).equals(paidOf(rows)), `${name}: figures ${sql.figures} ≠ ${paidOf(rows).toString()}`).toBe(true);
      expect(decimal(sql.application_paid).equals(paidOf(rows)), name).toBe(true);
    }
  });

  it('analytics lists the paid and refund rows (a refund negative, a row of 0 too, no pending one) and its paid is paidOf', async () => {
    const ids = inserted.map((row) => row.id);
    const analytics = await db.query<{ id: number; paid: string; payments: { sum: string }[] }>(ROWS_SQL, [ids]);
    expect(analytics.map((row) => row.id)).toEqual(ids);
    for (const row of analytics) {
      const rows = await storedRows(row.id);
      expect(decimal(row.paid).equals(paidOf(rows)), String(row.id)).toBe(true);
      const counted = rows.filter((payment) => payment.status === 2 || payment.status === 3);
      expect(row.payments.map((payment) => payment.sum).sort()).toEqual(counted.map((payment) => paidAmountOf(payment).toFixed(2)).sort());
    }
  });
});

describe('the migration', () => {
  it('down() gives back the copies as they were (same values) and drops the function; up() again calls it', async () => {
    const own = await createTestDatabase();
    const dataSource = createDataSource(own.url, { poolSize: 1 });
    try {
      const { id } = await insertApplication(own);
      const rows: CountedPayment[] = [{ status: 2, sum: '500.25' }, { status: 3, sum: '100.10' }, { status: 1, sum: '7.00' }];
      const definitions = () =>
        own.query<{ paid: string; figures: string; fn: string | null }>(
          `SELECT pg_get_functiondef('application_paid(integer)'::regprocedure) AS paid,
                  pg_get_functiondef('application_figures_payments()'::regprocedure) AS figures,
                  to_regprocedure('payment_paid_amount(integer, numeric)')::text AS fn`,
        );
      const paid = async () =>
        (await own.query<{ paid: string; figures: string }>(`SELECT application_paid($1)::text AS paid, (SELECT paid::text FROM application_figures WHERE application_id = $1) AS figures`, [id]))[0];

      const [now] = await definitions();
      expect(now!.fn).toBe('payment_paid_amount(integer,numeric)');
      expect(now!.paid).toContain('payment_paid_amount(p.status, p.sum)');
      expect(now!.figures).toContain('payment_paid_amount(NEW.status, NEW.sum)');
      expect(now!.figures).toContain('payment_paid_amount(OLD.status, OLD.sum)');

      await dataSource.initialize();
      const runner = dataSource.createQueryRunner();
      const migration = new PaymentPaidAmount1765700003800();
      try {
        await migration.down(runner);
        const [before] = await definitions();
        expect(before!.fn).toBeNull();
        expect(before!.paid).toContain('CASE p.status WHEN 2 THEN p.sum WHEN 3 THEN -p.sum ELSE 0 END');
        expect(before!.figures).toContain('(CASE NEW.status WHEN 2 THEN NEW.sum WHEN 3 THEN -NEW.sum ELSE 0 END)');
        expect(before!.figures).not.toContain('payment_paid_amount');
        // The old copies still count the same: written and changed with the function gone.
        for (const row of rows) await own.query(`INSERT INTO payments (application_id, status, sum) VALUES ($1, $2, $3)`, [id, row.status, row.sum]);
        expect(await paid()).toEqual({ paid: '400.15', figures: '400.15' });

        await migration.up(runner);
        expect(await definitions()).toEqual([now]);
        await own.query(`UPDATE payments SET status = 2 WHERE application_id = $1 AND status = 1`, [id]);
        expect(paidOf([...rows.slice(0, 2), { status: 2, sum: '7.00' }]).toFixed(2)).toBe('407.15');
        expect(await paid()).toEqual({ paid: '407.15', figures: '407.15' });
      } finally {
        await runner.release();
      }
    } finally {
      if (dataSource.isInitialized) await dataSource.destroy();
      await own.drop();
    }
  });
});
