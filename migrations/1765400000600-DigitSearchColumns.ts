import type { MigrationInterface, QueryRunner } from 'typeorm';
import { digitSearchColumnsSql, digitSearchIndexesSql } from './digit-search.js';

const SEARCHES = [
  { table: 'clients', search: { phones: ['phone'] } },
  { table: 'agency_users', search: { phones: ['phone'] } },
  { table: 'applications', search: { phones: ['phone'], numbers: ['number'] } },
] as const;

/**
 * The digit search without a de-duplicating pass (issue 19's bench: a phone fragment at eight clients;
 * docs/performance.md "Digit search"): the phones' national digits stored beside them and carried by
 * every digit index, so the engine keeps a search's ranges apart from the index entries alone and
 * counts its matches by adding them up. One table rewrite each (clients, an agency's employees,
 * applications).
 *
 * Also drops the applications' trigram index on the search text: since the word search
 * (1765400000400) nothing reads it, and every save and this rewrite paid for it.
 */
export class DigitSearchColumns1765400000600 implements MigrationInterface {
  name = 'DigitSearchColumns1765400000600';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX ix_applications_search`);
    for (const { table, search } of SEARCHES) {
      for (const statement of digitSearchColumnsSql(table, search)) await db.query(statement);
      // The planner's figures for the new column and indexes now, not at autovacuum's next visit.
      await db.query(`ANALYZE ${table}`);
    }
  }

  async down(db: QueryRunner): Promise<void> {
    for (const { table, search } of SEARCHES) {
      // The number's index carries the phone's digits: dropped first, then the column takes its own indexes with it.
      if ('numbers' in search) for (const column of search.numbers) await db.query(`DROP INDEX ix_${table}_${column}_reversed`);
      for (const column of search.phones) await db.query(`ALTER TABLE ${table} DROP COLUMN ${column}_digits`);
      for (const statement of digitSearchIndexesSql(table, search)) await db.query(statement);
    }
    await db.query(`CREATE INDEX ix_applications_search ON applications USING gin (search_text gin_trgm_ops)`);
  }
}
