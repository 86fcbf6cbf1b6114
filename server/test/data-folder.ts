/**
 * Helpers of the tests that run the real server on an embedded PostgreSQL of their own (a data folder
 * in the temp directory), kill that PostgreSQL, start a second app on the same folder, and so on.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach } from 'vitest';
import { startServer, type RunningServer, type ServerOptions } from '../bootstrap.js';
import { readPostmasterPid } from '../database/postmaster.js';

const cleanup: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step().catch((error: unknown) => console.error('cleanup:', error));
});

/** Runs after the current test (in reverse order of registration). */
export function afterThisTest(step: () => Promise<unknown>): void {
  cleanup.push(step);
}

/** A fresh data folder, removed after the test. */
export async function tempDataDir(): Promise<string> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'backoffice-data-'));
  cleanup.push(() => fs.rm(dataDir, { recursive: true, force: true }));
  return dataDir;
}

/** The real server (embedded PostgreSQL unless `databaseUrl` is given), closed after the test. */
export async function startApp(options: Partial<ServerOptions>): Promise<RunningServer> {
  const server = await startServer({ port: 0, env: {}, rendererDir: '/nonexistent', ...options });
  cleanup.push(() => server.close());
  return server;
}

export const clusterDirOf = (dataDir: string) => path.join(dataDir, 'postgres');

/** The process id of the PostgreSQL server running on the data folder (from its postmaster.pid). */
export async function postmasterPidOf(dataDir: string): Promise<number> {
  const recorded = await readPostmasterPid(clusterDirOf(dataDir));
  if (!recorded) throw new Error(`No postmaster.pid in ${dataDir}`);
  return recorded.pid;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Calls `attempt` until it returns something other than undefined, or fails after `timeoutMs`. */
export async function eventually<T>(attempt: () => Promise<T | undefined>, timeoutMs: number, what: string): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const result = await attempt();
    if (result !== undefined) return result;
    if (Date.now() > deadline) throw new Error(`Not within ${timeoutMs} ms: ${what}`);
    await sleep(100);
  }
}

export const ADMINISTRATOR = { surname: 'Волкова', name: 'Дарья', patronymic: null, email: 'volkova@example.test', password: 'embedded-password' };
