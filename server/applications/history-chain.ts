/**
 * The history's chain checked (issue 28 "History"; `npm run verify-history`): every application's rows
 * in `seq` order, each one's hash recomputed in Node from its canonical content and compared, its
 * `prev_hash` compared with the previous row's hash, and `seq` counted 1, 2, … with no gap; then each
 * chain's end compared with its head (migrations/1765700001400-ApplicationHistoryHeads.ts). The
 * canonical content (migrations/1765600000900-ApplicationHistory.ts, docs/applications.md) is built
 * here in the statement itself, not by the database's `application_history_hash`, so replacing that
 * function does not fool the check.
 */
import { createHash } from 'node:crypto';

export type Query = <Row>(sql: string, params?: unknown[]) => Promise<Row[]>;

export interface BrokenHistoryRow {
  /** The row named; null when the chain has no row left (its head remembers it). */
  id: number | null;
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

/**
 * Each chain's last row against its head (`application_history_heads`, kept by the history's trigger):
 * the first application (by id) whose chain lost its last rows or vanished whole, has no head, or
 * runs past it. The walk cannot see these: what is left of a chain still links up.
 */
const HEADS_SQL = `
  SELECT application_id, h.last_seq, encode(h.last_hash, 'hex') AS last_hash, c.id::text, c.seq, encode(c.hash, 'hex') AS hash
    FROM application_history_heads h
    FULL JOIN (SELECT DISTINCT ON (application_id) application_id, id, seq, hash FROM application_history ORDER BY application_id, seq DESC) c USING (application_id)
   WHERE h.application_id IS NULL OR c.application_id IS NULL OR h.last_seq <> c.seq OR h.last_hash <> c.hash
   ORDER BY application_id
   LIMIT 1`;

interface HeadMismatch {
  application_id: number;
  last_seq: number | null;
  last_hash: string | null;
  id: string | null;
  seq: number | null;
  hash: string | null;
}

function headBreak(row: HeadMismatch): BrokenHistoryRow {
  const at = { id: row.id === null ? null : Number(row.id), application_id: row.application_id, seq: row.seq ?? row.last_seq ?? 0 };
  if (row.id === null) return { ...at, reason: `цепочка заявки удалена целиком: её голова помнит №${row.last_seq}` };
  if (row.last_seq === null) return { ...at, reason: 'у цепочки нет головы: записи добавлены в обход триггеров истории' };
  if (row.seq! < row.last_seq) return { ...at, reason: `удалены последние записи цепочки: её голова помнит №${row.last_seq}, последняя в цепочке №${row.seq}` };
  if (row.seq! > row.last_seq) return { ...at, reason: `записи после №${row.last_seq}, которую помнит голова цепочки, добавлены в обход триггеров истории` };
  return { ...at, reason: 'последняя запись цепочки не совпадает с её головой' };
}

/**
 * Walks every chain, then compares each with its head; answers how many rows were checked and the first
 * row that does not match (by application, then seq) — or the first chain that does not end at its head — or null.
 */
export async function verifyHistoryChain(query: Query): Promise<{ checked: number; broken: BrokenHistoryRow | null }> {
  const walked = await walkChains(query);
  if (walked.broken) return walked;
  const [mismatch] = await query<HeadMismatch>(HEADS_SQL);
  return { checked: walked.checked, broken: mismatch ? headBreak(mismatch) : null };
}

async function walkChains(query: Query): Promise<{ checked: number; broken: BrokenHistoryRow | null }> {
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
