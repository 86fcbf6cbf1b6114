/**
 * The history's chain checked (issue 28 "History"; `npm run verify-history`): every application's rows
 * in `seq` order, each one's hash recomputed in Node from its canonical content and compared, its
 * `prev_hash` compared with the previous row's hash, and `seq` counted 1, 2, … with no gap. The
 * canonical content (migrations/1765600000900-ApplicationHistory.ts, docs/applications.md) is built
 * here in the statement itself, not by the database's `application_history_hash`, so replacing that
 * function does not fool the check.
 */
import { createHash } from 'node:crypto';

export type Query = <Row>(sql: string, params?: unknown[]) => Promise<Row[]>;

export interface BrokenHistoryRow {
  id: number;
  application_id: number;
  seq: number;
  reason: string;
}

interface ChainRow {
  id: string;
  application_id: number;
  seq: number;
  canonical: string;
  prev_hash: string | null;
  hash: string;
}

const BATCH = 5000;

const CHAIN_SQL = `
  SELECT id::text, application_id, seq, encode(prev_hash, 'hex') AS prev_hash, encode(hash, 'hex') AS hash,
         jsonb_build_array(application_id, seq, to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
           user_id, user_name, actor, path, before, after, encode(prev_hash, 'hex'))::text AS canonical
    FROM application_history
   WHERE (application_id, seq) > ($1, $2)
   ORDER BY application_id, seq
   LIMIT ${BATCH}`;

/** Walks every chain; answers how many rows were checked and the first row that does not match (by application, then seq), or null. */
export async function verifyHistoryChain(query: Query): Promise<{ checked: number; broken: BrokenHistoryRow | null }> {
  let checked = 0;
  let last: { application_id: number; seq: number; hash: string } = { application_id: 0, seq: 0, hash: '' };
  for (;;) {
    const rows = await query<ChainRow>(CHAIN_SQL, [last.application_id, last.seq]);
    for (const row of rows) {
      const first = row.application_id !== last.application_id;
      const broken = (reason: string) => ({ checked, broken: { id: Number(row.id), application_id: row.application_id, seq: row.seq, reason } });
      if (row.seq !== (first ? 1 : last.seq + 1)) return broken(`ожидался номер ${first ? 1 : last.seq + 1} в цепочке заявки`);
      if (row.prev_hash !== (first ? null : last.hash)) return broken('ссылка на предыдущую запись не совпадает');
      if (createHash('sha256').update(row.canonical, 'utf8').digest('hex') !== row.hash) return broken('содержимое не совпадает с хешем');
      checked += 1;
      last = { application_id: row.application_id, seq: row.seq, hash: row.hash };
    }
    if (rows.length < BATCH) return { checked, broken: null };
  }
}
