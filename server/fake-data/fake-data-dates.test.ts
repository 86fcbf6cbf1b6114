/**
 * The demo's generator on any day of the year (issue 37): its applications are placed around the day it
 * runs, so a day can pick prices no other day does (an agency's fixed commission above a small price made
 * `npm run demo` stop on 2026-12-07). Each "today" fills a small office of its own through the commands:
 * every application saved (a refusal fails the fill), none owing below zero, every «Оплачена» paid.
 */
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-app.js';
import { fillFakeData } from './index.js';

/**
 * Small sizes that still meet the bug on each day: the one bus transport is an excursion (a small price), and
 * among these 60 applications an agency's ride on it has a fixed commission above its price. Checked against
 * the code before the fix: without the engine's cap every day's fill stores an application owing below zero,
 * and with the fake data's zero payments back every day's fill is refused by the save (150 applications, as
 * before, missed the second on 2026-12-07; 80 or 100 would miss the first: the seeded draws, so re-check both
 * when changing a size).
 */
const SIZES = { cities: 12, staff: 8, clients: 80, agencies: 8, hotels: 4, transportations: 1, transports: 1, tours: 2, routes: 2, sea_tours: 2, applications: 60 };
/** New Year, midsummer and the day the bug was found (each failed before the cap). */
const TODAYS = ['2026-01-01', '2026-07-15', '2026-12-07'];

describe('fillFakeData on several days', () => {
  it.each(TODAYS)('today %s: every application saved, none owing below zero, every paid one paid', async (today) => {
    const db = await createTestDatabase();
    const sql = new pg.Client({ connectionString: db.url });
    await sql.connect();
    try {
      await fillFakeData(sql, SIZES, () => undefined, today);
      const [figures] = (
        await sql.query<{ saved: number; negative: number; paid_unpaid: number; around: number }>(`
          SELECT count(*)::int AS saved,
                 count(*) FILTER (WHERE agency_to_pay < 0 OR agency_commission > price_total)::int AS negative,
                 count(*) FILTER (WHERE status = 6 AND payment_status NOT IN (3, 4))::int AS paid_unpaid,
                 count(*) FILTER (WHERE start_date BETWEEN $1::date - 60 AND $1::date + 120)::int AS around
            FROM applications`,
          [today],
        )
      ).rows;
      expect(figures!.saved).toBeGreaterThanOrEqual(SIZES.applications);
      expect(figures!.negative).toBe(0);
      expect(figures!.paid_unpaid).toBe(0);
      // Placed around the day it ran, not the machine's clock.
      expect(figures!.around).toBeGreaterThan(figures!.saved / 2);
    } finally {
      await sql.end();
      await db.drop();
    }
  }, 300_000);
});
