import type { MigrationInterface, QueryRunner } from 'typeorm';
import { countedTableSql, ROW_COUNTS_SQL } from './row-counts.js';

/**
 * Counts kept by the database (migrations/row-counts.ts) for the lists that grow without bound:
 * staff users, clients and agencies (all and by `is_active`), logs (all and by `level`). Their
 * name indexes also carry `is_active`, so a page filtered by it is read from the index alone.
 */
export class RowCounts1764500000000 implements MigrationInterface {
  name = 'RowCounts1764500000000';

  async up(db: QueryRunner): Promise<void> {
    for (const sql of ROW_COUNTS_SQL) await db.query(sql);
    for (const [table, keys] of COUNTED_TABLES) for (const sql of countedTableSql(table, keys)) await db.query(sql);
    for (const [index, table, columns] of NAME_INDEXES) {
      await db.query(`DROP INDEX ${index}`);
      await db.query(`CREATE INDEX ${index} ON ${table} (${columns}) INCLUDE (is_active)`);
    }
  }

  async down(db: QueryRunner): Promise<void> {
    for (const [index, table, columns] of NAME_INDEXES) {
      await db.query(`DROP INDEX ${index}`);
      await db.query(`CREATE INDEX ${index} ON ${table} (${columns})`);
    }
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

/** The sort indexes of the big lists (deferred join: the page's ids come from these alone). */
const NAME_INDEXES: [string, string, string][] = [
  ['ix_users_full_name', 'users', 'full_name, id'],
  ['ix_clients_full_name', 'clients', 'full_name, id'],
  ['ix_agencies_legal_name', 'agencies', 'legal_name, id'],
];
