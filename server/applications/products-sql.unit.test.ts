/**
 * The SQL naming an application's product stays SQL in its migrations (a migration means the same
 * thing forever, migrations/frozen/README.md): the function `application_product_name`
 * (1765600001300), the order book's `application_list_content` (1765400000700) and the view before it
 * (1765400000300). Each must say what shared/applications/products.ts says (`productNameSql`), so a
 * product added there without a migration of its own fails here (issue 38).
 */
import { DataSource, QueryResult, type MigrationInterface } from 'typeorm';
import { describe, expect, it } from 'vitest';
import { PRODUCTS, productNameSql } from '../../shared/applications/products.js';
import { ApplicationList1765400000300 } from '../../migrations/1765400000300-ApplicationList.js';
import { ApplicationListContent1765400000700 } from '../../migrations/1765400000700-ApplicationListContent.js';
import { ApplicationProductName1765600001300 } from '../../migrations/1765600001300-ApplicationProductName.js';

/** Every statement a migration's step runs, its whitespace folded. */
async function statements(migration: MigrationInterface, step: 'up' | 'down'): Promise<string[]> {
  const ran: string[] = [];
  // A real PostgreSQL query runner of a data source never connected: its query() only records.
  const runner = new DataSource({ type: 'postgres' }).createQueryRunner();
  runner.query = async (sql: string) => {
    ran.push(sql.replace(/\s+/g, ' ').trim());
    return new QueryResult();
  };
  await migration[step](runner);
  return ran;
}

const expected = productNameSql('a').replace(/\s+/g, ' ');
/** The CASE expressions over the application's type in a migration's statements. */
const productCases = (ran: readonly string[]) => ran.flatMap((sql) => sql.match(/CASE a\.type WHEN .*? END/g) ?? []);

describe('the SQL naming an application product equals shared/applications/products.ts', () => {
  it('the generated SQL names each product type by its table and column', () => {
    expect(expected).toBe(
      'CASE a.type WHEN 1 THEN (SELECT name FROM hotels WHERE id = a.hotel_id) WHEN 2 THEN (SELECT name FROM tours WHERE id = a.tour_id) ' +
        'WHEN 3 THEN (SELECT name FROM transports WHERE id = a.transport_id) WHEN 4 THEN (SELECT name FROM sea_tours WHERE id = a.sea_tour_id) END',
    );
    expect(PRODUCTS.map((product) => product.type)).toEqual([1, 2, 3, 4]);
  });

  it.each([
    ['application_product_name (1765600001300)', new ApplicationProductName1765600001300(), 'up', 1],
    ['application_list_content (1765400000700)', new ApplicationListContent1765400000700(), 'up', 1],
    ['the view before it, as 1765400000700 restores it', new ApplicationListContent1765400000700(), 'down', 1],
    ['the order book view (1765400000300)', new ApplicationList1765400000300(), 'up', 1],
  ] as const)('%s', async (_name, migration, step, count) => {
    const cases = productCases(await statements(migration, step));
    expect(cases).toHaveLength(count);
    expect(cases).toEqual(Array(count).fill(expected));
  });
});
