import type { MigrationInterface, QueryRunner } from 'typeorm';
import { BUMP_RECORD_VERSION_FUNCTION } from './versioning.js';

/**
 * The trigger function of the version check (migrations/versioning.ts). Tables become versioned in
 * their own migrations with `versionedTableSql(table, ignoredColumns)`.
 */
export class RecordVersions1764100000000 implements MigrationInterface {
  name = 'RecordVersions1764100000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(BUMP_RECORD_VERSION_FUNCTION);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP FUNCTION IF EXISTS bump_record_version()');
  }
}
