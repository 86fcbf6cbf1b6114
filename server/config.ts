/** Server configuration from the environment (ARCHITECTURE.md §2); every variable is optional. */
import os from 'node:os';
import path from 'node:path';
import { allowedHostNames } from './common/security/allowed-hosts.js';
import { parsePrivateHosts, type SupplierResolver } from './common/security/supplier-door.js';

export const APP_FOLDER_NAME = 'tour-backoffice';

/** Injection token of the server's `ServerConfig` (provided by CoreModule in server/app.module.ts). */
export const SERVER_CONFIG = 'SERVER_CONFIG';

export interface ServerConfig {
  host: string;
  /** 0 picks a free port. */
  port: number;
  dataDir: string;
  /** Central PostgreSQL; when unset an embedded one is started in `dataDir`. */
  databaseUrl?: string;
  /** Creates the first administrator on an empty database. */
  firstAdministrator?: { email: string; password: string };
  smtpUrl?: string;
  /** Host names the server answers (421 for any other Host): this computer's, ALLOWED_HOSTS and HOST. */
  allowedHosts: string[];
  /** This instance runs background jobs (server/jobs); JOB_WORKERS=0 leaves them to the other instances. */
  jobWorkers: boolean;
  /** Connections this server keeps open to PostgreSQL (DB_POOL_SIZE). */
  databasePoolSize: number;
  /** When the active imports run anew, a cron expression in Moscow time (IMPORTS_CRON); checked as the job queue starts. Null: never ('off'). */
  importsCron: string | null;
  /** Hosts (`host` or `host:port`) on the office network a supplier connector may reach (SUPPLIER_PRIVATE_HOSTS; issue 37). */
  supplierPrivateHosts: string[];
  /** How a supplier's host names are resolved: DNS unless a test gives its own (server/common/security/supplier-door.ts). */
  supplierResolver?: SupplierResolver;
  /**
   * Seconds a link of an import run that finds the import's lease held waits before it looks again: LEASE_RECHECK_SECONDS
   * (server/imports/import-lease.ts) unless a test gives fewer, so it need not wait out the office's timing. No environment variable.
   */
  importLeaseRecheckSeconds?: number;
}

/** Default of DB_POOL_SIZE: a list request uses two at once (page and count), a few people share an instance. */
export const DEFAULT_DB_POOL_SIZE = 10;

/** Default of IMPORTS_CRON: the nightly run of the active imports at 03:00 Moscow time (issue 31). */
export const DEFAULT_IMPORTS_CRON = '0 3 * * *';

/** IMPORTS_CRON: a cron expression, the default when unset, or none when switched off (an office that imports by hand, the tests). */
function importsCron(value: string | undefined): string | null {
  const given = value?.trim();
  if (!given) return DEFAULT_IMPORTS_CRON;
  return ['off', 'none', 'false', '0'].includes(given.toLowerCase()) ? null : given;
}

/**
 * The OS app-data folder of the app. Electron passes its own `userData` path instead.
 * Root on Linux (CI, containers) gets /var/lib: the embedded PostgreSQL runs as an unprivileged
 * user there, and that user cannot reach into /root.
 */
export function defaultDataDir(): string {
  const home = os.homedir();
  switch (process.platform) {
    case 'win32':
      return path.join(process.env.APPDATA ?? path.join(home, 'AppData', 'Roaming'), APP_FOLDER_NAME);
    case 'darwin':
      return path.join(home, 'Library', 'Application Support', APP_FOLDER_NAME);
    default:
      if (process.getuid?.() === 0) return path.join('/var/lib', APP_FOLDER_NAME);
      return path.join(process.env.XDG_CONFIG_HOME ?? path.join(home, '.config'), APP_FOLDER_NAME);
  }
}

export interface ConfigOverrides {
  host?: string;
  port?: number;
  dataDir?: string;
  databaseUrl?: string;
  supplierResolver?: SupplierResolver;
  importLeaseRecheckSeconds?: number;
}

export function readConfig(overrides: ConfigOverrides = {}, env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const nonEmpty = (value: string | undefined) => (value && value.trim() ? value.trim() : undefined);
  const port = overrides.port ?? (nonEmpty(env.PORT) ? Number(env.PORT) : 0);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got ${env.PORT}`);
  const poolSize = nonEmpty(env.DB_POOL_SIZE) ? Number(env.DB_POOL_SIZE) : DEFAULT_DB_POOL_SIZE;
  if (!Number.isInteger(poolSize) || poolSize < 1 || poolSize > 1000) throw new Error(`DB_POOL_SIZE must be a whole number from 1 to 1000, got ${env.DB_POOL_SIZE}`);
  const adminEmail = nonEmpty(env.ADMIN_EMAIL);
  const adminPassword = nonEmpty(env.ADMIN_PASSWORD);
  const host = overrides.host ?? nonEmpty(env.HOST) ?? '127.0.0.1';
  return {
    host,
    port,
    dataDir: path.resolve(overrides.dataDir ?? nonEmpty(env.DATA_DIR) ?? defaultDataDir()),
    databaseUrl: overrides.databaseUrl ?? nonEmpty(env.DATABASE_URL),
    firstAdministrator: adminEmail && adminPassword ? { email: adminEmail, password: adminPassword } : undefined,
    smtpUrl: nonEmpty(env.SMTP_URL),
    allowedHosts: allowedHostNames(env.ALLOWED_HOSTS, host),
    jobWorkers: !['0', 'off', 'false', 'no'].includes((nonEmpty(env.JOB_WORKERS) ?? '').toLowerCase()),
    databasePoolSize: poolSize,
    importsCron: importsCron(env.IMPORTS_CRON),
    supplierPrivateHosts: parsePrivateHosts(env.SUPPLIER_PRIVATE_HOSTS),
    supplierResolver: overrides.supplierResolver,
    importLeaseRecheckSeconds: overrides.importLeaseRecheckSeconds,
  };
}
