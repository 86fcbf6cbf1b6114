/** Cabinet passwords are encrypted with a key kept in the database; the key must survive a save that fails. */
import { createDecipheriv } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Role } from '../../shared/roles.js';
import { startTestApp, type ApiClient, type TestApp } from '../test/test-app.js';

let app: TestApp;
let manager: ApiClient;

beforeAll(async () => {
  app = await startTestApp();
  manager = (await app.signInAs(Role.Manager)).client;
});
afterAll(() => app?.close());

const decrypt = (stored: string, key: Buffer) => {
  const [, iv, tag, data] = stored.split(':');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv!, 'base64'));
  decipher.setAuthTag(Buffer.from(tag!, 'base64'));
  return Buffer.concat([decipher.update(Buffer.from(data!, 'base64')), decipher.final()]).toString('utf8');
};

it('keeps the key when the first save that needed it rolls back, and encrypts with the stored key', async () => {
  // The server reads (here: creates) the key as it starts, on a connection of its own, so a save never
  // needs a second connection for it inside its transaction.
  const atStart = await app.db.query<{ value: Buffer }>('SELECT value FROM app_secrets');
  expect(atStart).toHaveLength(1);
  // The first client save fails after its password was encrypted (inside the save's transaction).
  await app.db.query(`CREATE FUNCTION refuse_client() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'refused'; END $$ LANGUAGE plpgsql`);
  await app.db.query(`CREATE TRIGGER refuse_client BEFORE INSERT ON clients FOR EACH ROW EXECUTE FUNCTION refuse_client()`);
  const client = { surname: 'Ключева', name: 'Вера', phone: '+79001234567', email: 'vera@example.test', password: 'cabinet-secret-1' };
  expect((await manager.post('/api/clients', client)).status).toBe(500);
  expect(await app.db.query('SELECT 1 FROM clients')).toEqual([]);
  const keys = await app.db.query<{ value: Buffer }>('SELECT value FROM app_secrets');
  expect(keys).toEqual(atStart);

  await app.db.query('DROP TRIGGER refuse_client ON clients');
  const created = await manager.post('/api/clients', client);
  expect(created.status).toBe(201);
  const [row] = await app.db.query<{ password_encrypted: string }>('SELECT password_encrypted FROM clients WHERE id = $1', [created.body.data.id]);
  expect(row!.password_encrypted).not.toContain('cabinet-secret-1');
  expect(decrypt(row!.password_encrypted, keys[0]!.value)).toBe('cabinet-secret-1');
});
