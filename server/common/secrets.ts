/**
 * Cabinet passwords of clients and agencies, encrypted at rest (AES-256-GCM).
 *
 * Why not a hash, as for staff: "Send login and password" (spec 01 §4, §7) mails the password to
 * the client or agency, so it must be recoverable. Why the key lives in the database (table
 * `app_secrets`, created on first use from crypto.randomBytes): every office PC may share one
 * central PostgreSQL (DATABASE_URL), so a key kept per machine (DATA_DIR) would make one PC's
 * passwords unreadable on the next. What this protects: the passwords never appear in the clear
 * in a row, a dump of the clients/agencies tables, a replica of them, a query log or a reply; what
 * it cannot: someone holding the whole database holds the key too. The real protection of a
 * cabinet is the cabinet's own password change after the first sign-in.
 *
 * Stored form: `v1:<iv base64>:<tag base64>:<ciphertext base64>`.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';

const KEY_NAME = 'cabinet-passwords';
const VERSION = 'v1';


async function readOrCreateKey(manager: EntityManager): Promise<Buffer> {
  // On the data source, not the caller's transaction: a key created inside a save that then rolls
  // back would vanish while this process kept using it. Two instances creating it at once: the
  // first insert wins, both read the winner.
  const db = manager.connection;
  await db.query(`INSERT INTO app_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING`, [KEY_NAME, randomBytes(32)]);
  const [row] = await db.query<{ value: Buffer }[]>(`SELECT value FROM app_secrets WHERE name = $1`, [KEY_NAME]);
  if (!row || row.value.length !== 32) throw new Error('The cabinet password key is missing or damaged (app_secrets)');
  return row.value;
}

/**
 * The key of this database. Cached per process; a test run starting servers on several databases
 * keys the cache by the connection's database name. The server reads it at start
 * (`loadSecretKey`), so a save that encrypts inside its transaction never needs a second connection.
 */
const keys = new Map<string, Promise<Buffer>>();

/** Reads (or creates) the key at start, on the data source's own connection. */
export async function loadSecretKey(db: DataSource): Promise<void> {
  await key(db.manager);
}

function key(manager: EntityManager): Promise<Buffer> {
  const options = manager.connection.options as { url?: string; database?: string };
  const id = options.url ?? options.database ?? '';
  let found = keys.get(id);
  if (!found) {
    found = readOrCreateKey(manager);
    found.catch(() => keys.delete(id));
    keys.set(id, found);
  }
  return found;
}

export async function encryptSecret(manager: EntityManager, plain: string): Promise<string> {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', await key(manager), iv);
  const encrypted = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [VERSION, iv.toString('base64'), cipher.getAuthTag().toString('base64'), encrypted.toString('base64')].join(':');
}

export async function decryptSecret(manager: EntityManager, stored: string): Promise<string> {
  const [version, iv, tag, data] = stored.split(':');
  if (version !== VERSION || !iv || !tag || data === undefined) throw new Error('Unknown encrypted secret format');
  const decipher = createDecipheriv('aes-256-gcm', await key(manager), Buffer.from(iv, 'base64'));
  decipher.setAuthTag(Buffer.from(tag, 'base64'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64')), decipher.final()]).toString('utf8');
}
