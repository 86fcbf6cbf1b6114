/**
 * One PostgreSQL connection of its own for asking "does the database answer?" — `/api/health`, the
 * outage check of an unexplained error and the recovery loop (ARCHITECTURE.md §7 "Connections").
 * It is outside the app's pool on purpose: when every pooled connection is taken (ten slow requests,
 * a burst), the pool is busy, not the database down, and health must still answer at once.
 *
 * Probes that arrive while one is running share its answer: one query at a time on the connection
 * (pg 9 refuses a second query on a busy client), and a burst of health checks costs one round trip.
 */
import pg from 'pg';

export class ProbeConnection {
  private client: pg.Client | null = null;
  private running: Promise<void> | null = null;

  constructor(
    private readonly url: string,
    private readonly timeoutMs = 2_000,
  ) {}

  /** Resolves when `SELECT 1` answered within the timeout; rejects otherwise (the connection is then dropped). */
  probe(): Promise<void> {
    return (this.running ??= this.run().finally(() => (this.running = null)));
  }

  async close(): Promise<void> {
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  private async run(): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      // Judged after the loop has read what arrived: when the event loop was held past the deadline,
      // timers run before sockets are read, and an answer already waiting would count as none (a 500
      // of /api/health under eight exports, issue 37). setImmediate runs after that read.
      timer = setTimeout(() => setImmediate(() => reject(new Error(`no answer within ${this.timeoutMs} ms`))), this.timeoutMs);
    });
    try {
      await Promise.race([this.query(), timeout]);
    } catch (error) {
      // A connection that failed or hung is not trusted again: the next probe opens a new one.
      const client = this.client;
      this.client = null;
      client?.end().catch(() => undefined);
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }

  private async query(): Promise<void> {
    if (!this.client) {
      const client = new pg.Client({ connectionString: this.url, connectionTimeoutMillis: this.timeoutMs, application_name: 'backoffice-probe' });
      // An idle connection the server dropped: forget it; the next probe reconnects.
      client.on('error', () => {
        if (this.client === client) this.client = null;
      });
      this.client = client;
      await client.connect();
      // This probe's own connection, even if a timed-out probe's clean-up replaced this.client meanwhile.
      await client.query('SELECT 1');
      return;
    }
    await this.client.query('SELECT 1');
  }
}
