import { Inject, Injectable, Optional } from '@nestjs/common';
import os from 'node:os';
import { DataSource } from 'typeorm';
import { LOG_LEVELS, type LogLevelName } from '../../shared/resources/logs.js';
import { DatabaseAvailability, isDatabaseUnreachable } from '../database/database-availability.js';
import { LogFile } from './log-file.js';
import { LogEntity } from './log.entity.js';
import { LogRateLimiter } from './log-rate-limit.js';

export interface LogOptions {
  /** What counts as "the same row again" for the rate limit; default level, source and title. */
  kind?: string;
}

/** Text PostgreSQL can store: an error message may quote a client's NUL character. */
// eslint-disable-next-line no-control-regex -- NUL is what PostgreSQL cannot store
const storable = (text: string) => text.replace(/\u0000/g, '\uFFFD');

/**
 * Writes the server's own notable events and unexpected errors to the `logs` table (spec 01 §2.13).
 * What cannot reach the table — the database is down, or the insert fails — goes to the log file in
 * DATA_DIR (log-file.ts) instead of being lost; writing a log entry never throws.
 */
@Injectable()
export class LogService {
  /** Rows of one kind are rate-limited, so a repeatable failure fills neither the table nor the file (log-rate-limit.ts). */
  private readonly limiter = new LogRateLimiter();

  constructor(
    @Inject(DataSource) private readonly db: DataSource,
    @Optional() @Inject(DatabaseAvailability) private readonly availability?: DatabaseAvailability,
    @Optional() @Inject(LogFile) private readonly file?: LogFile,
  ) {}

  async write(level: LogLevelName, source: string, title: string, msg: string, meta: Record<string, unknown> = {}, options: LogOptions = {}) {
    const verdict = this.limiter.admit(options.kind ?? `${level}|${source}|${title}`, LOG_LEVELS[level] >= LOG_LEVELS.warning);
    if (!verdict.admitted) return;
    if (verdict.suppressed > 0) meta = { ...meta, suppressed: verdict.suppressed };
    const env = { host: os.hostname(), pid: process.pid, node: process.version, platform: process.platform };
    const entry = { level_name: level.toUpperCase(), source: source.slice(0, 255), title: storable(title).slice(0, 255), msg: storable(msg), meta };
    if (this.file && this.availability && !this.availability.available) return this.file.append(entry);
    try {
      await this.db.query(
        `INSERT INTO ${this.db.getMetadata(LogEntity).tableName} (level, level_name, source, title, msg, meta, env)
         VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [LOG_LEVELS[level], entry.level_name, entry.source, entry.title, entry.msg, meta, env],
      );
    } catch (error) {
      if (!this.file) throw error;
      if (isDatabaseUnreachable(error)) this.availability?.markUnavailable(error);
      await this.file.append({ ...entry, meta: { ...meta, not_in_database_because: String((error as Error)?.message ?? error) } });
    }
  }

  async error(source: string, title: string, error: unknown, meta: Record<string, unknown> = {}, options: LogOptions = {}) {
    const message = error instanceof Error ? `${error.message}\n${error.stack ?? ''}` : String(error);
    await this.write('error', source, title, message, meta, options);
  }
}
