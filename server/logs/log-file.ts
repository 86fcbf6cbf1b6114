/**
 * The log entries that cannot reach the `logs` table (the database is down or refused the insert)
 * go to `<DATA_DIR>/logs/server.log`, one JSON object a line. Its size is capped: past `maxBytes`
 * the file becomes `server.log.1` (replacing the older one) and a new one starts, so the two never
 * hold more than twice the cap whatever happens.
 */
import fs from 'node:fs/promises';
import path from 'node:path';

export const LOG_FILE_NAME = path.join('logs', 'server.log');
const DEFAULT_MAX_BYTES = 5 * 1024 * 1024;
/** A single entry never takes more than this of the file (a huge stack or message is cut). */
const MAX_TEXT = 16 * 1024;

export interface LogFileEntry {
  level_name: string;
  source: string;
  title: string;
  msg: string;
  meta?: Record<string, unknown>;
}

export class LogFile {
  private queue: Promise<void> = Promise.resolve();

  constructor(
    readonly file: string,
    private readonly maxBytes = DEFAULT_MAX_BYTES,
  ) {}

  static inDataDir(dataDir: string): LogFile {
    return new LogFile(path.join(dataDir, LOG_FILE_NAME));
  }

  /** Appends one entry; entries are written in call order, and a failure to write is only printed. */
  append(entry: LogFileEntry): Promise<void> {
    const line = `${JSON.stringify({ time: new Date().toISOString(), ...entry, msg: entry.msg.slice(0, MAX_TEXT) })}\n`;
    this.queue = this.queue
      .then(() => this.write(line))
      .catch((error: unknown) => console.error(`Could not write the log file ${this.file}:`, error, line));
    return this.queue;
  }

  private async write(line: string): Promise<void> {
    await fs.mkdir(path.dirname(this.file), { recursive: true });
    const size = await fs.stat(this.file).then(
      (stat) => stat.size,
      () => 0,
    );
    if (size > 0 && size + Buffer.byteLength(line) > this.maxBytes) await fs.rename(this.file, `${this.file}.1`);
    await fs.appendFile(this.file, line, { mode: 0o600 });
  }
}
