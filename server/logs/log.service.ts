import { Inject, Injectable, Optional } from '@nestjs/common';
import os from 'node:os';
import { DataSource } from 'typeorm';
import { LOG_LEVELS, type LogLevelName } from '../../shared/resources/logs.js';
import { DatabaseAvailability, isDatabaseUnreachable } from '../database/database-availability.js';
import { LogFile } from './log-file.js';
import { LogEntity } from './log.entity.js';

/**
 * Writes the server's own notable events and unexpected errors to the `logs` table (spec 01 §2.13).
 * What cannot reach the table — the database is down, or the insert fails — goes to the log file in
 * DATA_DIR (log-file.ts) instead of being lost; writing a log entry never throws.
 */
@Injectable()
export class LogService {
  constructor(
    @Inject(DataSource) private readonly db: DataSource,
    @Optional() @Inject(DatabaseAvailability) private readonly availability?: DatabaseAvailability,
    @Optional() @Inject(LogFile) private readonly file?: LogFile,
  ) {}

  async write(level: LogLevelName, source: string, title: string, msg: string, meta: Record<string, unknown> = {}) {
    const env = { host: os.hostname(), pid: process.pid, node: process.version, platform: process.platform };
    const entry = { level_name: level.toUpperCase(), source: source.slice(0, 255), title: title.slice(0, 255), msg, meta };
    if (this.file && this.availability && !this.availability.available) return this.file.append(entry);
    try {
      await this.db.query(
        `INSERT INTO ${this.db.getMetadata(LogEntity).tableName} (level, level_name, source, title, msg, meta, env)
         VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [LOG_LEVELS[level], entry.level_name, entry.source, entry.title, msg, meta, env],
      );
    } catch (error) {
      if (!this.file) throw error;
      if (isDatabaseUnreachable(error)) this.availability?.markUnavailable(error);
      await this.file.append({ ...entry, meta: { ...meta, not_in_database_because: String((error as Error)?.message ?? error) } });
    }
  }

  async error(source: string, title: string, error: unknown, meta: Record<string, unknown> = {}) {
    const message = error instanceof Error ? `${error.message}\n${error.stack ?? ''}` : String(error);
    await this.write('error', source, title, message, meta);
  }
}
