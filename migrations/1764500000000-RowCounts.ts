import type { MigrationInterface, QueryRunner } from 'typeorm';
import { countedTableSql, ROW_COUNTS_SQL } from './row-counts.js';

/**
 * Counts kept by the database (migrations/row-counts.ts) for the lists that grow without bound:
 * staff users, clients and agencies (all and by `is_active`), logs (all and by `level`).
 */
export class RowCounts1764500000000 implements MigrationInterface {
  name = 'RowCounts1764500000000';

  async up(db: QueryRunner): Promise<void> {
    for (const sql of ROW_COUNTS_SQL) await db.query(sql);
    for (const [table, keys] of COUNTED_TABLES) for (const sql of countedTableSql(table, keys)) await db.query(sql);
  }

  async down(db: QueryRunner): Promise<void> {
    for (const [table] of COUNTED_TABLES) {
      for (const event of ['insert', 'delete', 'update', 'truncate']) await db.query(`DROP TRIGGER IF EXISTS trg_${table}_count_${event} ON ${table}`);
    }
    await db.query('DROP FUNCTION count_rows()');
    await db.query('DROP TABLE row_counts');
  }
}

const COUNTED_TABLES: [string, string[]][] = [
  ['users', ['is_active']],
  ['clients', ['is_active']],
  ['agencies', ['is_active']],
  ['logs', ['level']],
];
