import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The /logs search box looks through source, title and message: a trigram index on exactly that text. */
export class LogsSearch1763942400001 implements MigrationInterface {
  name = 'LogsSearch1763942400001';

  async up(db: QueryRunner): Promise<void> {
    // The list's search expression (server/logs/logs.resource.ts) must stay this exact expression.
    await db.query(`CREATE INDEX ix_logs_search ON logs USING gin ((source || ' ' || title || ' ' || msg) gin_trgm_ops)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX ix_logs_search`);
  }
}
