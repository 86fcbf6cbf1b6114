/**
 * Frozen for migration 1764200000000-OutboxSecrets: the cabinet-password encryption of
 * server/common/secrets.ts as it was on 2026-11-24 (see ./README.md). AES-256-GCM with the key
 * `cabinet-passwords` of table `app_secrets` (created on first use from crypto.randomBytes), stored
 * form `v1:<iv base64>:<tag base64>:<ciphertext base64>` — what the server reads and writes.
 *
 * One difference from the server's copy: the key is read and, if missing, created through the
 * migration's own QueryRunner, inside its transaction (the server uses a connection of its own so
 * that a rolled-back save cannot take away a key the process keeps cached; a migration caches
 * nothing beyond its run, and a rolled-back migration takes its encrypted letters with the key).
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { QueryRunner } from 'typeorm';

const KEY_NAME = 'cabinet-passwords';
const VERSION = 'v1';

/** Encrypts and decrypts with this database's cabinet-password key, read once per migration run. */
export function cabinetSecretsV1(db: QueryRunner) {
  let key: Promise<Buffer> | undefined;
  const readOrCreateKey = async (): Promise<Buffer> => {
    await db.query(`INSERT INTO app_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING`, [KEY_NAME, randomBytes(32)]);
    const [row]: { value: Buffer }[] = await db.query(`SELECT value FROM app_secrets WHERE name = $1`, [KEY_NAME]);
    if (!row || row.value.length !== 32) throw new Error('The cabinet password key is missing or damaged (app_secrets)');
    return row.value;
  };
  const theKey = () => (key ??= readOrCreateKey());

  return {
    async encrypt(plain: string): Promise<string> {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', await theKey(), iv);
      const encrypted = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [VERSION, iv.toString('base64'), cipher.getAuthTag().toString('base64'), encrypted.toString('base64')].join(':');
    },
    async decrypt(stored: string): Promise<string> {
      const [version, iv, tag, data] = stored.split(':');
      if (version !== VERSION || !iv || !tag || data === undefined) throw new Error('Unknown encrypted secret format');
      const decipher = createDecipheriv('aes-256-gcm', await theKey(), Buffer.from(iv, 'base64'));
      decipher.setAuthTag(Buffer.from(tag, 'base64'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64')), decipher.final()]).toString('utf8');
    },
  };
}
