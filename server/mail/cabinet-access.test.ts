/**
 * "Send login and password" for clients and agencies, one path for both (issue 8 "Secrets at rest"):
 * no cabinet password in plain text anywhere in the database, a waiting letter keeps it encrypted
 * and is delivered once mail works, and the letters to one address are limited (429).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DataSource } from 'typeorm';
import { CABINET_ACCESS_LIMIT } from '../../shared/cabinet-access.js';
import { MESSAGES } from '../../shared/messages.js';
import { Role } from '../../shared/roles.js';
import { OutboxSecrets1764200000000 } from '../../migrations/1764200000000-OutboxSecrets.js';
import { MIGRATIONS } from '../../migrations/index.js';
import { decryptSecret, encryptSecret } from '../common/secrets.js';
import { createDataSource, migrateWithLock } from '../database/data-source.js';
import { OUTBOX_SECRET_MARK } from './outbox-secret.js';
import { ENTITIES } from '../database/entities.js';
import { startTestSmtpServer, type TestSmtpServer } from '../test/smtp.js';
import { createTestDatabase, startTestApp, type ApiClient, type TestApp, type TestDatabase } from '../test/test-app.js';

let smtp: TestSmtpServer;
/** No SMTP_URL: every letter waits in the outbox. */
let offline: TestApp;
let manager: ApiClient;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  offline = await startTestApp();
  manager = (await offline.signInAs(Role.Manager)).client;
});
afterAll(async () => {
  await offline?.close();
  await smtp?.close();
});

let number = 0;
const clientForm = (overrides: Record<string, unknown> = {}) => {
  const n = String(++number).padStart(4, '0');
  return {
    surname: 'Секретов',
    name: 'Семён',
    // Phones and e-mails differ: clients' are unique.
    phone: `+7 (912) 000-${n.slice(0, 2)}-${n.slice(2, 4)}`,
    email: `secret.client.${n}@example.test`,
    password: `Кабинет-${n}-Пароль`,
    is_active: true,
    ...overrides,
  };
};
const agencyForm = (overrides: Record<string, unknown> = {}) => ({
  legal_name: `ООО «Тайна ${++number}»`,
  login: `secret-agency-${number}`,
  password: `Агентство-${number}-Пароль`,
  contact_email: `secret.agency.${number}@example.test`,
  commission_type: 2,
  commission_sum: 10,
  is_active: true,
  ...overrides,
});

/** Every table and row of the database whose text form contains `secret`. */
async function whereItAppears(db: TestDatabase, secret: string): Promise<string[]> {
  const tables = await db.query<{ name: string }>(`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`);
  const found: string[] = [];
  for (const { name } of tables) {
    const [row] = await db.query<{ count: number }>(`SELECT count(*)::int AS count FROM "${name}" t WHERE t::text LIKE $1`, [`%${secret}%`]);
    if (row!.count > 0) found.push(name);
  }
  return found;
}

/** The first letter the test SMTP server received for `to` (waiting for it). */
async function deliveredTo(to: string) {
  for (let seen = 0; ; seen++) {
    const message = await smtp.next(seen);
    if (message.to.includes(to)) return message;
  }
}

const outboxOf = (db: TestDatabase, to: string) =>
  db.query<{ id: string; status: string; body_text: string; secret_encrypted: string | null }>(
    'SELECT id, status, body_text, secret_encrypted FROM mail_outbox WHERE recipient = $1 ORDER BY id',
    [to],
  );

async function withDataSource<T>(db: TestDatabase, work: (dataSource: DataSource) => Promise<T>): Promise<T> {
  // Migrations hold two connections (lock, transaction); creating the cabinet key takes a third.
  const dataSource = new DataSource({ type: 'postgres', url: db.url, entities: ENTITIES, extra: { max: 4 } });
  await dataSource.initialize();
  try {
    return await work(dataSource);
  } finally {
    await dataSource.destroy();
  }
}

describe('no cabinet password at rest in plain text', () => {
  it.each([
    ['a client', 'clients', clientForm, (body: any) => body.email as string],
    ['an agency', 'agencies', agencyForm, (body: any) => body.contact_email as string],
  ] as const)('a letter to %s waiting for SMTP keeps the password encrypted, and no table holds it in the clear', async (_, path, form, recipient) => {
    const input = form();
    const created = await manager.post(`/api/${path}`, input);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const reply = await manager.post(`/api/${path}/${created.body.data.id}/resend`);
    expect(reply.status).toBe(200);
    expect(reply.body.sent).toBe(false);

    const [letter] = await outboxOf(offline.db, recipient(input));
    expect(letter!.status).toBe('kept');
    expect(letter!.body_text).not.toContain(input.password);
    expect(letter!.secret_encrypted).toMatch(/^v1:/);
    expect(await withDataSource(offline.db, (dataSource) => decryptSecret(dataSource.manager, letter!.secret_encrypted!))).toBe(input.password);
    expect(await whereItAppears(offline.db, input.password)).toEqual([]);
  });

  it('a sent letter carries the password to the recipient, and the outbox keeps neither it nor its cipher', async () => {
    const online = await startTestApp({ database: offline.db, env: { SMTP_URL: smtp.url } });
    try {
      const { client } = await online.signInAs(Role.Accountant);
      const input = clientForm();
      const created = await client.post('/api/clients', input);
      expect((await client.post(`/api/clients/${created.body.data.id}/resend`)).body).toEqual({ message: MESSAGES.clients.resent, sent: true });
      expect((await deliveredTo(input.email)).text).toContain(`Пароль: ${input.password}`);
      const [letter] = await outboxOf(offline.db, input.email);
      expect(letter).toMatchObject({ status: 'sent', secret_encrypted: null });
      expect(letter!.body_text).not.toContain(input.password);
      expect(await whereItAppears(offline.db, input.password)).toEqual([]);
    } finally {
      await online.close();
    }
  });

  it('a waiting letter goes out, with its password, when a server with SMTP_URL starts; and only once', async () => {
    const db = await createTestDatabase();
    const first = await startTestApp({ database: db });
    try {
      const { client } = await first.signInAs(Role.Manager);
      const input = clientForm();
      const created = await client.post('/api/clients', input);
      await client.post(`/api/clients/${created.body.data.id}/resend`);
      expect((await outboxOf(db, input.email))[0]!.status).toBe('kept');

      await Promise.all([first.startAnotherServer({ env: { SMTP_URL: smtp.url } }), first.startAnotherServer({ env: { SMTP_URL: smtp.url } })]);
      const letter = await deliveredTo(input.email);
      expect(letter.text).toContain(`Пароль: ${input.password}`);
      for (let waited = 0; (await outboxOf(db, input.email))[0]!.status !== 'sent' && waited < 5000; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(await outboxOf(db, input.email)).toEqual([expect.objectContaining({ status: 'sent', secret_encrypted: null })]);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(smtp.messages.filter((message) => message.to.includes(input.email))).toHaveLength(1);
      expect(await whereItAppears(db, input.password)).toEqual([]);
    } finally {
      await first.close();
      await db.drop();
    }
  });
});

describe('the letters to one address are limited', () => {
  it(`${CABINET_ACCESS_LIMIT.letters} letters per ${CABINET_ACCESS_LIMIT.minutes} minutes to one address, then 429, whoever asks and for whom`, async () => {
    const email = `limited.${++number}@example.test`;
    const client = (await manager.post('/api/clients', clientForm({ email }))).body.data.id as number;
    const agency = (await manager.post('/api/agencies', agencyForm({ contact_email: email.toUpperCase() }))).body.data.id as number;
    const other = (await manager.post('/api/clients', clientForm())).body.data.id as number;

    // Pressed many times at once, by two colleagues, for the client and the agency sharing the address.
    const colleague = (await offline.signInAs(Role.Administrator)).client;
    const replies = await Promise.all(
      Array.from({ length: 8 }, (_, n) => (n % 2 ? colleague : manager).post(n % 3 ? `/api/clients/${client}/resend` : `/api/agencies/${agency}/resend`)),
    );
    expect(replies.filter((reply) => reply.status === 200)).toHaveLength(CABINET_ACCESS_LIMIT.letters);
    const refused = replies.filter((reply) => reply.status === 429);
    expect(refused).toHaveLength(8 - CABINET_ACCESS_LIMIT.letters);
    expect(refused[0]!.body).toEqual({ message: MESSAGES.cabinetAccess.tooOften(CABINET_ACCESS_LIMIT.minutes) });
    const [{ count }] = (await offline.db.query<{ count: number }>('SELECT count(*)::int AS count FROM mail_outbox WHERE lower(recipient) = $1', [email])) as [{ count: number }];
    expect(count).toBe(CABINET_ACCESS_LIMIT.letters);

    // Another address is not affected; the window passing opens the address again.
    expect((await manager.post(`/api/clients/${other}/resend`)).status).toBe(200);
    await offline.db.query(`UPDATE mail_outbox SET created_at = created_at - make_interval(mins => $2) WHERE lower(recipient) = $1`, [email, CABINET_ACCESS_LIMIT.minutes]);
    expect((await manager.post(`/api/clients/${client}/resend`)).status).toBe(200);
  });
});

describe('the migration of letters written before', () => {
  it('takes the password out of every stored letter, keeping it encrypted for the letters still waiting', async () => {
    const db = await createTestDatabase({ empty: true });
    try {
      const index = MIGRATIONS.findIndex((migration) => migration.name === 'OutboxSecrets1764200000000');
      expect(index).toBeGreaterThan(0);
      const letter = (password: string) => MESSAGES.cabinetAccessLetter('агентство «Старое»', 'old-login', password);
      await withDataSource(db, async (dataSource) => {
        const before = new DataSource({ ...dataSource.options, migrations: MIGRATIONS.slice(0, index) } as never);
        await before.initialize();
        await before.runMigrations({ transaction: 'each' });
        await before.query(
          `INSERT INTO mail_outbox (recipient, subject, body_text, status, sent_at) VALUES
             ('kept@old.test', 'Доступ', $1, 'kept', NULL), ('sent@old.test', 'Доступ', $2, 'sent', now()), ('other@old.test', 'Другое', 'Просто письмо', 'kept', NULL)`,
          [letter('Old-Kept-Pass 1'), letter('Old-Sent-Pass 2')],
        );
        await before.destroy();
      });
      await withDataSource(db, async (dataSource) => {
        const after = new DataSource({ ...dataSource.options, migrations: MIGRATIONS } as never);
        await after.initialize();
        await migrateWithLock(after);
        const [kept] = await outboxOf(db, 'kept@old.test');
        expect(kept!.body_text).not.toContain('Old-Kept-Pass 1');
        expect(await decryptSecret(after.manager, kept!.secret_encrypted!)).toBe('Old-Kept-Pass 1');
        expect(await outboxOf(db, 'sent@old.test')).toEqual([expect.objectContaining({ secret_encrypted: null })]);
        expect((await outboxOf(db, 'other@old.test'))[0]).toMatchObject({ body_text: 'Просто письмо', secret_encrypted: null });
        await after.destroy();
      });
      expect(await whereItAppears(db, 'Old-Kept-Pass')).toEqual([]);
      expect(await whereItAppears(db, 'Old-Sent-Pass')).toEqual([]);
    } finally {
      await db.drop();
    }
  });
});

describe('the migration’s frozen copy of the secrets (migrations/frozen/cabinet-secrets-v1.ts)', () => {
  it('reads what the server encrypted (down) and writes what the server decrypts (up)', async () => {
    const db = await createTestDatabase();
    const dataSource = createDataSource(db.url, { poolSize: 2 });
    await dataSource.initialize();
    const runner = dataSource.createQueryRunner();
    try {
      const letter = MESSAGES.cabinetAccessLetter('агентство «Новое»', 'new-login', 'Now-Kept-Pass 3');
      const stored = letter.replace('Now-Kept-Pass 3', OUTBOX_SECRET_MARK);
      expect(stored).not.toBe(letter);
      await db.query(
        `INSERT INTO mail_outbox (recipient, subject, body_text, status, kind, secret_encrypted) VALUES ('now@new.test', 'Доступ', $1, 'kept', 'cabinet-access', $2)`,
        [stored, await encryptSecret(dataSource.manager, 'Now-Kept-Pass 3')],
      );
      const migration = new OutboxSecrets1764200000000();
      await migration.down!(runner);
      expect((await db.query<{ body_text: string }>(`SELECT body_text FROM mail_outbox WHERE recipient = 'now@new.test'`))[0]!.body_text).toBe(letter);
      await migration.up(runner);
      const [kept] = await outboxOf(db, 'now@new.test');
      expect(kept!.body_text).toBe(stored);
      expect(await decryptSecret(dataSource.manager, kept!.secret_encrypted!)).toBe('Now-Kept-Pass 3');
    } finally {
      await runner.release();
      await dataSource.destroy();
      await db.drop();
    }
  });
});
