import { Controller, Get, Inject } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { NewItemsCounters } from '../../shared/api.js';
import { UNWATCHED_COUNT_SQL, UNWATCHED_KEY } from '../applications/list/application-list.service.js';
import { foldWhenMany } from '../common/list/row-counts.js';

/**
 * The counters of the header badges, one SQL count each (run together in one query).
 * Each feature adds its line here; a counter without a line answers 0.
 */
const COUNTER_QUERIES = {
  clients_new: `SELECT count(*)::int FROM clients WHERE is_new`,
  agencies_new: `SELECT count(*)::int FROM agencies WHERE is_new`,
  // Applications no staff member has opened yet, from the count the database keeps (issue 19).
  applications_unwatched: `SELECT ${UNWATCHED_COUNT_SQL.count}`,
  // Its delta rows: polled by every header, the count folds them when they pile up (no list may read it for weeks).
  applications_unwatched_parts: `SELECT ${UNWATCHED_COUNT_SQL.parts}`,
} satisfies Record<string, string>;

type CounterName = keyof typeof COUNTER_QUERIES | 'agencies_new' | 'applications_unwatched';

/** GET /api/new-items/check (spec 01 §3 "Counters", §7), polled by the header every 3 minutes. */
@Controller('new-items')
export class CountersController {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  @Get('check')
  async check(): Promise<NewItemsCounters> {
    const names = Object.keys(COUNTER_QUERIES) as (keyof typeof COUNTER_QUERIES)[];
    const [row] = await this.db.query<Record<string, number>[]>(`SELECT ${names.map((name) => `(${COUNTER_QUERIES[name]}) AS ${name}`).join(', ')}`);
    const count = (name: CounterName) => Number((row as Record<string, number> | undefined)?.[name] ?? 0);
    foldWhenMany(this.db, 'applications', UNWATCHED_KEY, count('applications_unwatched_parts'));
    return {
      applications: { unwatched_count: count('applications_unwatched') },
      clients: { new_count: count('clients_new') },
      agencies: { new_count: count('agencies_new') },
    };
  }
}
