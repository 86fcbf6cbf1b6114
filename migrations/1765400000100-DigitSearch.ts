import type { MigrationInterface, QueryRunner } from 'typeorm';
import { digitSearchIndexesSql, PHONE_DIGITS_FUNCTION_SQL } from './digit-search.js';

/**
 * The digit search of the lists (issue 19, server/common/list/digit-search.ts): phones by their
 * national digits as a prefix or an ending, applications' numbers by the end of their sequence —
 * btree indexes, so a fragment matching tens of thousands of rows is counted through the index
 * instead of through the trigram index and the table. Clients, an agency's employees and
 * applications (number and phone; its list declares `digitSearch` too).
 */
export class DigitSearch1765400000100 implements MigrationInterface {
  name = 'DigitSearch1765400000100';

  async up(db: QueryRunner): Promise<void> {
    await db.query(PHONE_DIGITS_FUNCTION_SQL);
    for (const statement of [
      ...digitSearchIndexesSql('clients', { phones: ['phone'] }),
      ...digitSearchIndexesSql('agency_users', { phones: ['phone'] }),
      ...digitSearchIndexesSql('applications', { phones: ['phone'], numbers: ['number'] }),
    ]) {
      await db.query(statement);
    }
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP FUNCTION phone_digits(text) CASCADE`);
    await db.query(`DROP INDEX ix_applications_number_reversed`);
  }
}
