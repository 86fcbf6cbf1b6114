/** Logs (spec 01 §2.13, §3 "Log", §7 "Logs"): the server's own events, read and deleted from /logs. */
import { z } from 'zod';
import type { IdName } from '../api.js';
import { MESSAGES } from '../messages.js';
import { defineResource } from './define.js';
import { listFilter } from '../list.js';

/** Severity as in PSR-3 / Monolog: the number is stored in `level`, the upper-case name in `level_name`. */
export const LOG_LEVELS = { debug: 100, info: 200, notice: 250, warning: 300, error: 400, critical: 500 } as const;
export type LogLevelName = keyof typeof LOG_LEVELS;

/** GET /api/logs/levels/list → {data: [{id: 100, name: 'DEBUG'}, …]}: the options of the level filter. */
export const LOG_LEVELS_LIST_PATH = '/logs/levels/list';
export const LOG_LEVEL_OPTIONS: IdName[] = Object.entries(LOG_LEVELS).map(([name, id]) => ({ id, name: name.toUpperCase() }));

export interface LogRow {
  id: number;
  level: number;
  level_name: string;
  source: string;
  title: string;
  msg: string;
  meta: Record<string, unknown>;
  env: Record<string, unknown>;
  created_at: string;
}

/** Logs are written by the server only: no create or update (readOnly), a level filter, delete. */
export const logsResource = defineResource({
  path: '/logs',
  createSchema: z.never(),
  updateSchema: z.never(),
  sortable: ['id', 'level'],
  filters: z.object({ level: listFilter.integer(0, 1000) }),
  readOnly: true,
  // `saved` is never shown: nothing saves a log through the API.
  messages: { saved: '', deleted: MESSAGES.logs.deleted },
});
