import { Inject, Injectable } from '@nestjs/common';
import os from 'node:os';
import { DataSource } from 'typeorm';
import { LOG_LEVELS, type LogLevelName } from '../../shared/resources/logs.js';
import { LogEntity } from './log.entity.js';

/** Writes the server's own notable events and unexpected errors to the `logs` table (spec 01 §2.13). */
@Injectable()
export class LogService {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  async write(level: LogLevelName, source: string, title: string, msg: string, meta: Record<string, unknown> = {}) {
    const env = { host: os.hostname(), pid: process.pid, node: process.version, platform: process.platform };
    await this.db.query(
      `INSERT INTO ${this.db.getMetadata(LogEntity).tableName} (level, level_name, source, title, msg, meta, env)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [LOG_LEVELS[level], level.toUpperCase(), source.slice(0, 255), title.slice(0, 255), msg, meta, env],
    );
  }

  async error(source: string, title: string, error: unknown, meta: Record<string, unknown> = {}) {
    const message = error instanceof Error ? `${error.message}\n${error.stack ?? ''}` : String(error);
    await this.write('error', source, title, message, meta);
  }
}
