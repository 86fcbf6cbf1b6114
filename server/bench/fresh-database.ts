/**
 * A database of the bench's own: a fresh one created on DATABASE_URL's server (dropped after), or
 * an embedded PostgreSQL in a temp folder (stopped and removed after).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedDatabase } from '../database/embedded-database.js';

export interface BenchDatabase {
  url: string;
  /** Where it is, for the bench's first line. */
  description: string;
  dispose(): Promise<void>;
}

export async function freshBenchDatabase(): Promise<BenchDatabase> {
  const central = process.env.DATABASE_URL?.trim();
  if (central) {
    const name = `backoffice_bench_${randomBytes(4).toString('hex')}`;
    const admin = async (sql: string) => {
      const client = new pg.Client({ connectionString: central });
      await client.connect();
      try {
        await client.query(sql);
      } finally {
        await client.end();
      }
    };
    await admin(`CREATE DATABASE ${name}`);
    const url = new URL(central);
    url.pathname = `/${name}`;
    return { url: url.toString(), description: `${name} on the DATABASE_URL server`, dispose: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
  }
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'backoffice-bench-'));
  const embedded = await startEmbeddedDatabase(dataDir);
  return {
    url: embedded.url,
    description: `embedded PostgreSQL in ${dataDir}`,
    dispose: async () => {
      await embedded.stop();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}
