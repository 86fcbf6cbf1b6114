import { Inject, Injectable } from '@nestjs/common';
import os from 'node:os';
import { DataSource } from 'typeorm';
import { LOG_LEVELS, type LogLevelName } from '../../shared/resources/logs.js';
import { LogEntity } from './log.entity.js';
import { LogRateLimiter } from './log-rate-limit.js';

export interface LogOptions {
  /** What counts as "the same row again" for the rate limit; default level, source and title. */
  kind?: string;
}

/** Text PostgreSQL can store: an error message may quote a client's NUL character. */
const storable = (text: string) => text.replace(/\u0000/g, '\uFFFD');

/** Writes the server's own notable events and unexpected errors to the `logs` table (spec 01 §2.13). */
@Injectable()
export class LogService {
  /** Rows of one kind are rate-limited, so a repeatable failure cannot fill the table (log-rate-limit.ts). */
  private readonly limiter = new LogRateLimiter();

  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  async write(level: LogLevelName, source: string, title: string, msg: string, meta: Record<string, unknown> = {}, options: LogOptions = {}) {
    const verdict = this.limiter.admit(options.kind ?? `${level}|${source}|${title}`, LOG_LEVELS[level] >= LOG_LEVELS.warning);
    if (!verdict.admitted) return;
    if (verdict.suppressed > 0) meta = { ...meta, suppressed: verdict.suppressed };
    const env = { host: os.hostname(), pid: process.pid, node: process.version, platform: process.platform };
    await this.db.query(
      `INSERT INTO ${this.db.getMetadata(LogEntity).tableName} (level, level_name, source, title, msg, meta, env)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [LOG_LEVELS[level], level.toUpperCase(), source.slice(0, 255), storable(title).slice(0, 255), storable(msg), meta, env],
    );
  }

  async error(source: string, title: string, error: unknown, meta: Record<string, unknown> = {}, options: LogOptions = {}) {
    const message = error instanceof Error ? `${error.message}\n${error.stack ?? ''}` : String(error);
    await this.write('error', source, title, message, meta, options);
  }
}
