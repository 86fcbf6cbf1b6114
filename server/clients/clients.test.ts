/** Clients (/api/clients): CRUD and limits, the New mark and counters, resend (real SMTP), the xlsx export. */
import ExcelJS from 'exceljs';
import { expectPrintSetup, readWorkbook } from '../test/workbook.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../shared/messages.js';
import { Role } from '../../shared/roles.js';
import { startTestSmtpServer, type TestSmtpServer } from '../test/smtp.js';
import { startTestApp, type ApiClient, type TestApp } from '../test/test-app.js';

let app: TestApp;
let smtp: TestSmtpServer;
let admin: ApiClient;
let manager: ApiClient;
let accountant: ApiClient;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  app = await startTestApp({ env: { SMTP_URL: smtp.url } });
  [admin, manager, accountant] = (
    await Promise.all([app.signInAs(Role.Administrator), app.signInAs(Role.Manager), app.signInAs(Role.Accountant)])
  ).map((signed) => signed.client);
});
afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

let number = 0;
/** A client with its own phone and e-mail (both are unique among clients). */
const form = (overrides: Record<string, unknown> = {}) => ({
  surname: 'Петров',
  name: 'Иван',
  patronymic: 'Сергеевич',
  phone: `+7 (912) 3${String(++number).padStart(2, '0')}-67-89`,
  email: `client${number}@example.test`,
  password: 'cabinet-pass-1',
  is_active: true,
  ...overrides,
});

const counters = async (client: ApiClient) => (await client.get('/api/new-items/check')).body as { clients: { new_count: number } };

describe('CRUD and validation', () => {
  it('creates, reads, updates and deletes a client for every role; the password never leaves the server', async () => {
    for (const client of [admin, manager, accountant]) {
      const created = await client.post('/api/clients', form({ phone: '+7 (912) 345-67-89' }));
      expect(created.status).toBe(201);
      expect(created.body.data).toMatchObject({
        surname: 'Петров',
        full_name: 'Петров Иван Сергеевич',
        phone: '+79123456789',
        has_password: true,
        is_active: true,
        is_new: true,
      });
      expect(JSON.stringify(created.body)).not.toContain('cabinet-pass-1');
      const id = created.body.data.id as number;

      const [row] = await app.db.query<{ password_encrypted: string }>('SELECT password_encrypted FROM clients WHERE id = $1', [id]);
      expect(row!.password_encrypted).toMatch(/^v1:/);
      expect(row!.password_encrypted).not.toContain('cabinet-pass-1');

      // An empty password keeps the stored one; email may be cleared (nullable).
      const updated = await client.put(`/api/clients/${id}`, form({ name: 'Пётр', password: '', email: '' }));
      expect(updated.status).toBe(200);
      expect(updated.body.data).toMatchObject({ name: 'Пётр', email: null, has_password: true });
      const [after] = await app.db.query<{ password_encrypted: string }>('SELECT password_encrypted FROM clients WHERE id = $1', [id]);
      expect(after!.password_encrypted).toBe(row!.password_encrypted);

      const list = await client.get(`/api/clients?query=${encodeURIComponent('Пётр')}&orderBy=full_name&ascending=1`);
      expect(list.status).toBe(200);
      expect(list.body.data.map((r: { id: number }) => r.id)).toContain(id);
      expect(JSON.stringify(list.body)).not.toMatch(/password_encrypted|cabinet-pass/);

      const toggled = await client.put(`/api/clients/${id}/active`);
      expect(toggled.body).toMatchObject({ status: 'CHANGED', is_active: false, name: 'Петров Пётр Сергеевич' });

      expect((await client.delete(`/api/clients/${id}`)).status).toBe(200);
      expect((await client.get(`/api/clients/${id}`)).status).toBe(404);
    }
  });

  it('refuses a phone off the +7 mask with the format in the message, and names over 50 characters', async () => {
    for (const phone of ['89123456789', '+7 912 345 67', '+79123456789 1', '+8 (912) 345-67-89', '']) {
      const reply = await admin.post('/api/clients', form({ phone }));
      expect(reply.status, phone).toBe(422);
      expect(reply.body.errors.phone[0]).toBe(phone === '' ? MESSAGES.validation.required : MESSAGES.validation.phoneMask);
    }
    expect(MESSAGES.validation.phoneMask).toContain('+7');

    const long = 'я'.repeat(51);
    const reply = await admin.post('/api/clients', form({ surname: long, name: long, patronymic: long, email: `${'a'.repeat(45)}@x.test`, password: long }));
    expect(reply.status).toBe(422);
    for (const field of ['surname', 'name', 'patronymic', 'email', 'password']) expect(reply.body.errors[field]).toEqual([MESSAGES.validation.maxLength(50)]);
    expect((await admin.post('/api/clients', form({ email: 'not-an-email' }))).body.errors.email).toEqual([MESSAGES.validation.email]);
    expect((await admin.post('/api/clients', form({ surname: 'я'.repeat(50), email: null }))).status).toBe(201);
  });

  it('sorts by id and full name only', async () => {
    expect((await admin.get('/api/clients?orderBy=full_name&ascending=0')).status).toBe(200);
    expect((await admin.get('/api/clients?orderBy=phone')).status).toBe(422);
  });
});

describe('search', () => {
  it('finds a client by phone in any format a person types, and still by name', async () => {
    const created = await admin.post('/api/clients', form({ surname: 'Телефонов', phone: '+7 (916) 123-45-67' }));
    expect(created.status).toBe(201);
    const id = created.body.data.id as number;
    for (const typed of ['+7 (916) 123-45-67', '8 916 123 45 67', '89161234567', '9161234567', '+79161234567', '916-123', '123 45 67', 'Телефонов']) {
      const found = await admin.get(`/api/clients?query=${encodeURIComponent(typed)}&limit=100`);
      expect(found.status, typed).toBe(200);
      expect((found.body.data as { id: number }[]).map((row) => row.id), typed).toContain(id);
    }
    const other = await admin.get(`/api/clients?query=${encodeURIComponent('8 916 999 99 99')}`);
    expect((other.body.data as { id: number }[]).map((row) => row.id)).not.toContain(id);
  });
});

describe('New mark and counters', () => {
  it('counts new clients, and a client stops being new when a staff member opens it', async () => {
    const before = (await counters(admin)).clients.new_count;
    const { body } = await manager.post('/api/clients', form());
    const id = body.data.id as number;
    expect((await counters(admin)).clients.new_count).toBe(before + 1);

    // The list does not mark it seen; opening it does (the reply still shows it as it was read).
    await admin.get('/api/clients');
    expect((await counters(admin)).clients.new_count).toBe(before + 1);
    const opened = await accountant.get(`/api/clients/${id}`);
    expect(opened.body.data.is_new).toBe(true);
    expect((await counters(admin)).clients.new_count).toBe(before);
    expect((await admin.get(`/api/clients/${id}`)).body.data.is_new).toBe(false);
    const [row] = await app.db.query<{ count: number }>('SELECT count(*)::int AS count FROM clients WHERE is_new');
    expect((await counters(admin)).clients.new_count).toBe(row!.count);
  });
});

describe('send login and password', () => {
  it('refuses without e-mail or password with the spec text', async () => {
    const noEmail = (await admin.post('/api/clients', form({ email: null }))).body.data.id;
    const noPassword = (await admin.post('/api/clients', form({ password: '' }))).body.data.id;
    for (const id of [noEmail, noPassword]) {
      const reply = await admin.post(`/api/clients/${id}/resend`);
      expect(reply.status).toBe(422);
      expect(reply.body.message).toBe(MESSAGES.clients.resendRefused);
    }
    expect((await admin.post('/api/clients/999999/resend')).status).toBe(404);
  });

  it('delivers the login and password to the SMTP server and records it as sent', async () => {
    const { body } = await accountant.post('/api/clients', form({ email: 'Mail.Me@Example.test', password: 'Пароль-42' }));
    const waiting = smtp.next();
    const reply = await accountant.post(`/api/clients/${body.data.id}/resend`);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ message: MESSAGES.clients.resent, sent: true });
    const mail = await waiting;
    expect(mail.to).toEqual(['mail.me@example.test']);
    expect(mail.subject).toBe(MESSAGES.clients.mailSubject);
    expect(mail.text).toContain('Логин: mail.me@example.test');
    expect(mail.text).toContain('Пароль: Пароль-42');
    const [outbox] = await app.db.query<{ status: string; recipient: string }>(
      `SELECT status, recipient FROM mail_outbox WHERE recipient = 'mail.me@example.test' ORDER BY id DESC LIMIT 1`,
    );
    expect(outbox).toEqual({ status: 'sent', recipient: 'mail.me@example.test' });
  });

  it('keeps the letter in the outbox and answers sent: false without SMTP_URL', async () => {
    const plain = await startTestApp({ database: app.db });
    try {
      const { client } = await plain.signInAs(Role.Manager);
      const { body } = await client.post('/api/clients', form({ email: 'kept@example.test', password: 'kept-pass' }));
      const delivered = smtp.messages.length;
      const reply = await client.post(`/api/clients/${body.data.id}/resend`);
      expect(reply.body).toEqual({ message: MESSAGES.clients.resent, sent: false });
      const [outbox] = await app.db.query<{ status: string; body_text: string; secret_encrypted: string }>(
        `SELECT status, body_text, secret_encrypted FROM mail_outbox WHERE recipient = 'kept@example.test'`,
      );
      expect(outbox!.status).toBe('kept');
      // The waiting letter has the login; its password is kept encrypted, never in the text (issue 8).
      expect(outbox!.body_text).toContain('Логин: kept@example.test');
      expect(outbox!.body_text).not.toContain('kept-pass');
      expect(outbox!.secret_encrypted).toMatch(/^v1:/);
      expect(smtp.messages.length).toBe(delivered);
      // Staff see on /logs that the letter was kept, not sent.
      const notes = await app.db.query<{ title: string; meta: { client_id: number; to: string } }>(`SELECT title, meta FROM logs WHERE source = 'clients'`);
      const manager = (await client.post('/api/me')).body.id as number;
      expect(notes).toContainEqual({ title: MESSAGES.cabinetAccessLog.kept, meta: { client_id: body.data.id, user_id: manager, to: 'kept@example.test' } });
    } finally {
      await plain.close();
    }
  });
});

describe('export', () => {
  it('streams clients.xlsx with Russian headers, every client, typed DD.MM.YYYY dates, a frozen header, an autofilter and an A4 landscape print setup', async () => {
    await app.db.query(`UPDATE clients SET created_at = '2025-03-07 12:00+03' WHERE id = (SELECT min(id) FROM clients)`);
    const reply = await manager.getBytes('/api/clients/export');
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toContain('spreadsheetml');
    expect(reply.headers.get('content-disposition')).toContain('clients.xlsx');

    const workbook = await readWorkbook(reply.body);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([undefined, 'ID', 'ФИО', 'Телефон', 'Email', 'Активен', 'Дата создания']);
    expect(sheet.getRow(1).font?.bold).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.autoFilter).toBe('A1:F1');
    // Printed, its six columns fit the page's width and the header repeats on every page.
    expectPrintSetup(sheet);

    const clients = await app.db.query<{ id: number; full_name: string; email: string | null; is_active: boolean }>(
      'SELECT id, full_name, email, is_active FROM clients ORDER BY id',
    );
    expect(sheet.rowCount).toBe(clients.length + 1);
    const first = sheet.getRow(2).values as unknown[];
    expect(first[1]).toBe(clients[0]!.id);
    expect(first[2]).toBe(clients[0]!.full_name);
    expect(first[3]).toMatch(/^\+7 \(\d{3}\) \d{3}-\d{2}-\d{2}$/);
    expect(first[5]).toBe(clients[0]!.is_active ? 'Да' : 'Нет');
    // A typed date cell shown as DD.MM.YYYY by its column's format; the id a number cell.
    expect(first[6]).toEqual(new Date(Date.UTC(2025, 2, 7)));
    expect(sheet.getRow(2).getCell(6).numFmt).toBe('DD.MM.YYYY');
    expect(sheet.getRow(2).getCell(1).type).toBe(ExcelJS.ValueType.Number);
    clients.forEach((client, index) => expect(sheet.getRow(index + 2).getCell(1).value).toBe(client.id));
  });

  it('is for the administrator and the manager only', async () => {
    expect((await admin.getBytes('/api/clients/export')).status).toBe(200);
    expect((await accountant.getBytes('/api/clients/export')).status).toBe(403);
  });
});
