/**
 * One owner per data folder. The app holding `<dataDir>/postgres-owner.json` starts, restarts and
 * stops the embedded PostgreSQL; any other app on the same folder is a guest that connects to the
 * owner's server and never stops it. The file says who owns the folder and where its server listens:
 *
 *   {"pid": 4242, "port": 54321, "token": "9f…", "started_at": "2025-…"}
 *
 * It is created exclusively (O_EXCL), so of two apps starting together exactly one becomes the owner.
 * The owner touches it every few seconds: a lock whose process is gone, or that nobody touched for
 * STALE_AFTER_MS (the process died and its id now belongs to another program), is stale and may be
 * taken over. `token` tells two apps in one process (tests) apart.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { isProcessAlive } from './postmaster.js';

export const OWNER_LOCK_FILE = 'postgres-owner.json';
const HEARTBEAT_MS = 5_000;
const STALE_AFTER_MS = 30_000;

export interface OwnerRecord {
  pid: number;
  /** Where the owner's PostgreSQL listens (127.0.0.1). */
  port: number;
  token: string;
  started_at: string;
}

interface LockFileState {
  /** Null while the owner is still writing it (created, not yet written) or when it is garbage. */
  record: OwnerRecord | null;
  raw: string;
  touchedAt: number;
}

async function readLockFile(file: string): Promise<LockFileState | null> {
  try {
    const [raw, stat] = await Promise.all([fs.readFile(file, 'utf8'), fs.stat(file)]);
    let record: OwnerRecord | null = null;
    try {
      const parsed = JSON.parse(raw) as OwnerRecord;
      if (Number.isInteger(parsed.pid) && Number.isInteger(parsed.port) && typeof parsed.token === 'string') record = parsed;
    } catch {
      // half-written or damaged: judged by its age below
    }
    return { record, raw, touchedAt: stat.mtimeMs };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

function isStale(state: LockFileState): boolean {
  if (Date.now() - state.touchedAt > STALE_AFTER_MS) return true;
  return state.record !== null && !isProcessAlive(state.record.pid);
}

/** The data folder's live owner, or null when nobody (alive) owns it. */
export async function currentOwner(dataDir: string): Promise<OwnerRecord | null> {
  const state = await readLockFile(path.join(dataDir, OWNER_LOCK_FILE));
  return state?.record && !isStale(state) ? state.record : null;
}

export type Acquired = { lock: OwnerLock; previous: OwnerRecord | null } | { owner: OwnerRecord };

export class OwnerLock {
  private heartbeat: NodeJS.Timeout;

  private constructor(
    readonly file: string,
    readonly record: OwnerRecord,
  ) {
    this.heartbeat = setInterval(() => {
      const now = new Date();
      fs.utimes(file, now, now).catch(() => undefined);
    }, HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  /**
   * Makes this app the owner of the data folder, its server to listen on `port`; or names the live
   * owner. A stale lock is taken over (`previous` is what it said).
   */
  static async acquire(dataDir: string, port: number): Promise<Acquired> {
    const file = path.join(dataDir, OWNER_LOCK_FILE);
    let previous: OwnerRecord | null = null;
    for (let attempt = 0; attempt < 50; attempt++) {
      const record: OwnerRecord = { pid: process.pid, port, token: randomBytes(12).toString('hex'), started_at: new Date().toISOString() };
      try {
        const handle = await fs.open(file, 'wx', 0o600);
        try {
          await handle.writeFile(JSON.stringify(record));
        } finally {
          await handle.close();
        }
        return { lock: new OwnerLock(file, record), previous };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      const state = await readLockFile(file);
      if (!state) continue; // released meanwhile
      if (!isStale(state)) {
        if (state.record) return { owner: state.record };
        await new Promise((resolve) => setTimeout(resolve, 100)); // being written right now
        continue;
      }
      previous = state.record;
      await removeStale(file, state.raw);
    }
    throw new Error(`Could not take the lock ${file}: it keeps changing`);
  }

  /** True while the file is still this app's (nobody judged it stale and took it over). */
  async isHeld(): Promise<boolean> {
    const state = await readLockFile(this.file).catch(() => null);
    return state?.record?.token === this.record.token;
  }

  /** Stops the heartbeat and removes the file if it is still ours. */
  async release(): Promise<void> {
    clearInterval(this.heartbeat);
    if (await this.isHeld()) await fs.rm(this.file, { force: true });
  }
}

/**
 * Removes a stale lock without removing a fresh one that another app put there in the meantime:
 * the file is first renamed aside (only one app can win that), then checked to be the stale one; a
 * fresh lock caught by mistake goes back.
 */
async function removeStale(file: string, staleRaw: string): Promise<void> {
  const aside = `${file}.${randomBytes(6).toString('hex')}.stale`;
  try {
    await fs.rename(file, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  const raw = await fs.readFile(aside, 'utf8').catch(() => staleRaw);
  if (raw !== staleRaw) await fs.link(aside, file).catch(() => undefined);
  await fs.rm(aside, { force: true });
}
