/**
 * The job queue (ARCHITECTURE.md §7 "Job queue"): everything that runs later — notifications,
 * document generation, imports — as jobs kept in PostgreSQL by pg-boss (10.x, the last major that
 * runs on Node 20). pg-boss takes each job with SELECT … FOR UPDATE SKIP LOCKED, so a job runs once
 * however many instances share the database; a job waits in the database across restarts (one that
 * was running when an instance died is retried after it expires); a failed attempt is retried and
 * written to the logs (/logs).
 *
 * A feature declares a kind of job once and registers its handler when its module starts:
 *
 *   export const NOTIFY_DATE = defineJob<{ transportId: number; dateId: number }>('transport-date-notify');
 *   constructor(@Inject(JobQueue) jobs: JobQueue) { jobs.register(NOTIFY_DATE, (payload) => this.notify(payload)); }
 *   await jobs.send(NOTIFY_DATE, { transportId, dateId });
 *
 * A kind that runs by the clock gives its schedule when it registers (a cron expression, its time
 * zone, and the setting it comes from, named when it is not a valid one):
 *
 *   jobs.register(IMPORTS_NIGHTLY, () => this.restartAll(), { schedule: { cron: config.importsCron, tz: 'Europe/Moscow', setting: 'IMPORTS_CRON' } });
 *
 * The schedules are pg-boss's own cron, which is cluster-safe: every instance that runs jobs looks at
 * the clock, and pg-boss's bookkeeping (its cron time in its version row, a singleton per minute)
 * queues one job per tick whatever the number of instances. A schedule no kind declares any more is
 * taken away as the queue starts. An invalid schedule fails the start, naming its setting.
 *
 * A kind that mends stored data once the migrations ran (a one-time repair whose rule lives in the
 * server's code, not in SQL) asks to be queued at every start; its policy is 'short', so however many
 * instances start together one job waits, and the handler finds nothing left to do after the first:
 *
 *   jobs.register(CAP_AGENCY_COMMISSIONS, () => this.capAll(), { atStart: true });
 *
 * pg-boss is loaded when the server starts, not when this file is imported.
 */
import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type PgBoss from 'pg-boss';
import { DataSource, type EntityManager } from 'typeorm';
import { SERVER_CONFIG, type ServerConfig } from '../config.js';
import { withAdvisoryLock } from '../database/data-source.js';
import { LogService } from '../logs/log.service.js';

export interface JobKind<Payload extends object> {
  name: string;
  /** Attempts after the first failed one; default 3. */
  retryLimit: number;
  /** Seconds before the next attempt (doubling each time); default 30. */
  retryDelaySeconds: number;
  /** A running attempt not finished by then is taken as failed (e.g. its instance died); default 15 min. */
  expireInSeconds: number;
  /**
   * pg-boss's queue policy; default 'standard' (every job sent waits). 'short': at most one job per
   * `singletonKey` waits to start (a second send while one waits queues nothing), enforced by
   * pg-boss's unique index, so it holds across instances.
   */
  policy: 'standard' | 'short';
  /** Phantom field carrying the payload type. */
  readonly payload?: Payload;
}

export function defineJob<Payload extends object>(name: string, options: Partial<Omit<JobKind<Payload>, 'name' | 'payload'>> = {}): JobKind<Payload> {
  if (!/^[a-z][a-z0-9-]*$/.test(name)) throw new Error(`Job names are lower-case words with dashes: ${name}`);
  return {
    name,
    retryLimit: options.retryLimit ?? 3,
    retryDelaySeconds: options.retryDelaySeconds ?? 30,
    expireInSeconds: options.expireInSeconds ?? 15 * 60,
    policy: options.policy ?? 'standard',
  };
}

export type JobHandler<Payload> = (payload: Payload, job: { id: string; attempt: number }) => Promise<void>;

/** When a kind runs by the clock: a cron expression (minute hour day month weekday; pg-boss looks at the clock every 30 s, so at most once a minute) in time zone `tz`. */
export interface JobSchedule {
  cron: string;
  tz: string;
  /** Where the expression comes from (an environment variable), for the error of an invalid one. */
  setting?: string;
}

/** How often an idle worker looks for new jobs. */
export const POLLING_SECONDS = 1;

/**
 * How often maintenance runs (on one instance at a time: pg-boss keeps its last time in the database):
 * it is what finds a job whose instance died (past its `expireInSeconds`) and queues its retry, so a
 * kind that must be taken over soon counts it in (the import job: server/imports/import-job.ts).
 */
export const MAINTENANCE_SECONDS = 30;

/** Serialises the queue's set-up between instances starting together (pg-boss's own schema install
 * and createQueue deadlock when two instances run them at once on an empty database). */
const JOB_QUEUE_SETUP_LOCK_KEY = 7_300_503;

@Injectable()
export class JobQueue implements OnApplicationBootstrap, OnApplicationShutdown {
  private boss: PgBoss | undefined;
  private readonly handlers = new Map<string, { kind: JobKind<object>; handle: JobHandler<object>; schedule?: JobSchedule; atStart?: boolean }>();
  private readonly kinds = new Map<string, JobKind<object>>();

  constructor(
    @Inject(DataSource) private readonly db: DataSource,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
    @Inject(LogService) private readonly logs: LogService,
  ) {}

  /** Registers the handler of a kind (once per kind, while the modules start), with its schedule when it runs by the clock. */
  register<Payload extends object>(kind: JobKind<Payload>, handle: JobHandler<Payload>, options: { schedule?: JobSchedule; atStart?: boolean } = {}): void {
    if (this.handlers.has(kind.name)) throw new Error(`Job ${kind.name} has a handler already`);
    if (this.boss) throw new Error(`Job ${kind.name} registered after the queue started`);
    if (options.atStart && kind.policy !== 'short') throw new Error(`Job ${kind.name} runs at start: its policy must be 'short'`);
    this.handlers.set(kind.name, { kind, handle: handle as JobHandler<object>, schedule: options.schedule, atStart: options.atStart });
    this.kinds.set(kind.name, kind);
  }

  /**
   * Queues a job; it runs on whichever instance takes it first. Resolves with the job's id, or null
   * when the kind's policy is 'short' and a job of the same `singletonKey` is already waiting. With
   * `manager` the job is written in that transaction: it exists only if the transaction commits, and
   * no worker takes it before (a job about a row the transaction creates cannot miss the row).
   */
  async send<Payload extends object>(
    kind: JobKind<Payload>,
    payload: Payload,
    options: { startAfterSeconds?: number; singletonKey?: string; manager?: EntityManager } = {},
  ): Promise<string | null> {
    const { manager } = options;
    const boss = this.started();
    if (!this.kinds.has(kind.name)) throw new Error(`Job ${kind.name} is not registered`);
    const id = await boss.send(kind.name, payload, {
      ...attempts(kind),
      startAfter: options.startAfterSeconds,
      singletonKey: options.singletonKey,
      db: manager && { executeSql: async (text: string, values: unknown[]) => ({ rows: await manager.query<unknown[]>(text, values) }) },
    });
    if (!id && !(kind.policy === 'short' && options.singletonKey !== undefined)) throw new Error(`Job ${kind.name} was not queued`);
    return id ?? null;
  }

  /** A job's state (created, retry, active, completed, failed, cancelled) and attempts, or null. */
  async state(kind: JobKind<object>, id: string): Promise<{ state: string; retryCount: number } | null> {
    const job = await this.started().getJobById(kind.name, id);
    return job ? { state: job.state, retryCount: job.retryCount } : null;
  }

  async onApplicationBootstrap(): Promise<void> {
    const { default: PgBossClass } = await import('pg-boss');
    const boss = new PgBossClass({
      connectionString: String((this.db.options as { url?: string }).url),
      max: 3,
      application_name: 'tour-backoffice jobs',
      // The schedules' clock runs where jobs run (it only queues them); maintenance (expiring,
      // archiving) runs on one instance at a time, every MAINTENANCE_SECONDS.
      schedule: this.config.jobWorkers,
      supervise: true,
      maintenanceIntervalSeconds: MAINTENANCE_SECONDS,
    });
    boss.on('error', (error) => void this.logs.error('jobs', 'Ошибка очереди заданий', error).catch(() => undefined));
    guardCompletion(boss, (error) => void this.logs.error('jobs', 'Ошибка очереди заданий', error).catch(() => undefined));
    try {
      await withAdvisoryLock(this.db, JOB_QUEUE_SETUP_LOCK_KEY, async () => {
        await boss.start();
        for (const { kind, schedule } of this.handlers.values()) {
          await boss.createQueue(kind.name, { name: kind.name, policy: kind.policy });
          // createQueue leaves an existing queue as it was: a policy declared later reaches it here.
          if ((await boss.getQueue(kind.name))?.policy !== kind.policy) await boss.updateQueue(kind.name, { name: kind.name, policy: kind.policy });
          if (schedule) await scheduleKind(boss, kind, schedule);
        }
        for (const { name } of await boss.getSchedules()) if (!this.handlers.get(name)?.schedule) await boss.unschedule(name);
      });
    } catch (error) {
      await boss.stop({ graceful: false, wait: true }).catch(() => undefined);
      throw error;
    }
    this.boss = boss;
    // One waiting job per kind that runs at start, whichever instances start (the 'short' policy).
    for (const { kind, atStart } of this.handlers.values()) {
      if (atStart) await boss.send(kind.name, {}, { ...attempts(kind), singletonKey: 'start' });
    }
    for (const { kind, handle } of this.handlers.values()) {
      if (!this.config.jobWorkers) continue;
      await boss.work<object>(kind.name, { pollingIntervalSeconds: POLLING_SECONDS, batchSize: 1, includeMetadata: true }, async ([job]) => {
        if (!job) return;
        try {
          await handle(job.data, { id: job.id, attempt: job.retryCount + 1 });
        } catch (error) {
          const last = job.retryCount >= job.retryLimit;
          await this.logs
            .error('jobs', `Задание «${kind.name}» не выполнено${last ? '' : ', будет повторено'}`, error, { job_id: job.id, job: kind.name, attempt: job.retryCount + 1, payload: job.data })
            .catch(() => undefined);
          throw error;
        }
      });
    }
  }

  async onApplicationShutdown(): Promise<void> {
    const boss = this.boss;
    this.boss = undefined;
    // Running jobs get a few seconds to finish; an unfinished one is retried after it expires.
    await boss?.stop({ graceful: true, wait: true, timeout: 5000 });
  }

  private started(): PgBoss {
    if (!this.boss) throw new Error('The job queue is not started');
    return this.boss;
  }
}

/** A kind's attempts as pg-boss takes them, for a job sent and a job its schedule queues alike. */
/** The two calls of pg-boss that end a job (a PgBoss is one). */
export interface JobCompletion {
  complete(...args: unknown[]): Promise<unknown>;
  fail(...args: unknown[]): Promise<unknown>;
}

/**
 * pg-boss 10 marks a finished job complete (or failed) without awaiting the call (its manager's
 * onFetch): a connection that drops at that moment — the database restarting, the data folder taken
 * over — would be an unhandled rejection, which ends a Node process. The calls' failures are caught
 * and reported instead; the job stays active and is retried once it expires, as after a crash.
 */
export function guardCompletion(boss: JobCompletion, report: (error: unknown) => void): void {
  for (const method of ['complete', 'fail'] as const) {
    const call = boss[method].bind(boss);
    const guarded = (...args: unknown[]) =>
      call(...args).catch((error: unknown) => {
        report(error);
        return undefined;
      });
    Object.assign(boss, { [method]: guarded });
  }
}

function attempts(kind: JobKind<object>): { retryLimit: number; retryDelay: number; retryBackoff: boolean; expireInSeconds: number } {
  return { retryLimit: kind.retryLimit, retryDelay: kind.retryDelaySeconds, retryBackoff: true, expireInSeconds: kind.expireInSeconds };
}

/** Writes (or changes) the kind's schedule; an expression or time zone the cron parser refuses fails the start, naming its setting. */
async function scheduleKind(boss: PgBoss, kind: JobKind<object>, { cron, tz, setting }: JobSchedule): Promise<void> {
  try {
    await boss.schedule(kind.name, cron, {}, { ...attempts(kind), tz });
  } catch (error) {
    // The database's own errors (they carry a code) are no fault of the expression.
    if (typeof error === 'object' && error !== null && 'code' in error) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`${setting ?? `The schedule of job ${kind.name}`} is not a valid cron schedule: «${cron}» (${tz}): ${reason}`, { cause: error });
  }
}
