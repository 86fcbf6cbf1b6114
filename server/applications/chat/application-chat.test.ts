/**
 * The chat with requesters, the bulk message and the unread counts (issue 19) on a real PostgreSQL.
 * The requester's messages are inserted straight into the table, as the cabinet and the site write
 * them; the count under test is the one the database keeps on `applications`.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPLICATION_LIMITS } from '../../../shared/applications/constants.js';
import { MESSAGES } from '../../../shared/messages.js';
import { Role } from '../../../shared/roles.js';
import { applicationCalls, hotelApplication } from '../../test/application-api.js';
import { insertApplication, insertHotelGround, insertRequesters, type HotelGround, type RequesterGround } from '../../test/application-fixtures.js';
import { startTestApp, type ApiClient, type TestApp, type TestUser } from '../../test/test-app.js';

const C = MESSAGES.applicationChat;
let app: TestApp;
let manager: ApiClient;
let managerUser: TestUser;
let accountant: ApiClient;
let people: RequesterGround;
let hotel: HotelGround;

beforeAll(async () => {
  app = await startTestApp();
  ({ client: manager, user: managerUser } = await app.signInAs(Role.Manager));
  accountant = (await app.signInAs(Role.Accountant)).client;
  people = await insertRequesters(app.db);
  hotel = await insertHotelGround(app.db);
});
afterAll(() => app?.close());

/** A requester's message as the cabinet writes it (an agency's employee: `agencyUserId`). */
async function requesterWrites(applicationId: number, message: string, options: { agencyUserId?: number; createdAt?: string } = {}): Promise<number> {
  const [row] = await app.db.query<{ id: number }>(
    `INSERT INTO application_messages (application_id, message, from_requester, agency_user_id, created_at) VALUES ($1, $2, true, $3, coalesce($4::timestamptz, now())) RETURNING id`,
    [applicationId, message, options.agencyUserId ?? null, options.createdAt ?? null],
  );
  return row!.id;
}

const kept = async (id: number) => (await app.db.query<{ unread_messages_count: number; has_unread_messages: boolean }>(`SELECT unread_messages_count, has_unread_messages FROM applications WHERE id = $1`, [id]))[0]!;
const realUnread = async (id: number) => Number((await app.db.query<{ n: string }>(`SELECT count(*) AS n FROM application_messages WHERE application_id = $1 AND from_requester AND read_at IS NULL`, [id]))[0]!.n);
const agencyApplication = async (agencyId = people.agencyId, agencyUserId: number | null = people.agencyUserId) =>
  (await app.db.query<{ id: number }>(`INSERT INTO applications (number, type, agency_id, agency_user_id) VALUES ($1, 5, $2, $3) RETURNING id`, [`AG-${Math.random().toString(36).slice(2, 10)}`, agencyId, agencyUserId]))[0]!.id;

describe('the kept unread count and read-all', () => {
  it('a requester’s messages raise the count; the office’s do not; read-all sets read_at in one go and brings it to 0', async () => {
    const { id } = await insertApplication(app.db);
    await requesterWrites(id, 'Здравствуйте');
    await requesterWrites(id, 'Когда будут билеты?');
    expect(await kept(id)).toEqual({ unread_messages_count: 2, has_unread_messages: true });

    const answer = await manager.post('/api/clients/chat', { application_id: id, message: 'Завтра' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect((await kept(id)).unread_messages_count).toBe(2);

    const read = await accountant.post('/api/clients/chat/read-all', { application_id: id });
    expect(read.status, JSON.stringify(read.body)).toBe(200);
    expect(read.body.data).toEqual({ read: 2 });
    expect(await kept(id)).toEqual({ unread_messages_count: 0, has_unread_messages: false });
    const rows = await app.db.query<{ from_requester: boolean; read_at: Date | null }>(`SELECT from_requester, read_at FROM application_messages WHERE application_id = $1 ORDER BY id`, [id]);
    expect(rows.map((row) => [row.from_requester, row.read_at !== null])).toEqual([
      [true, true],
      [true, true],
      // The office's own message is read by the requester, not by read-all.
      [false, false],
    ]);

    // A second read-all finds nothing; a new message counts again.
    expect((await manager.post('/api/clients/chat/read-all', { application_id: id })).body.data).toEqual({ read: 0 });
    await requesterWrites(id, 'Спасибо');
    expect((await kept(id)).unread_messages_count).toBe(1);
  });

  it('the application’s deletion takes its messages with it', async () => {
    const { id } = await insertApplication(app.db);
    await requesterWrites(id, 'Удалите меня');
    await app.db.query(`DELETE FROM applications WHERE id = $1`, [id]);
    expect(await app.db.query(`SELECT 1 FROM application_messages WHERE application_id = $1`, [id])).toEqual([]);
  });

  it('concurrency: a read-all while a requester’s message is being inserted leaves the count equal to the unread rows', async () => {
    const { id } = await insertApplication(app.db);
    await requesterWrites(id, 'Первое');
    await requesterWrites(id, 'Второе');
    const cabinet = new pg.Client({ connectionString: app.db.url });
    await cabinet.connect();
    try {
      // The cabinet's insert is open (its trigger has raised the count and holds the application's row) while the office reads all.
      await cabinet.query('BEGIN');
      await cabinet.query(`INSERT INTO application_messages (application_id, message, from_requester) VALUES ($1, 'Третье', true)`, [id]);
      const reading = manager.post('/api/clients/chat/read-all', { application_id: id });
      await new Promise((resolve) => setTimeout(resolve, 300));
      await cabinet.query('COMMIT');
      const read = await reading;
      expect(read.status).toBe(200);
      // Read-all locks the application first, so it waits for the insert and reads all three.
      expect(read.body.data).toEqual({ read: 3 });
      expect((await kept(id)).unread_messages_count).toBe(await realUnread(id));
      expect(await realUnread(id)).toBe(0);

      // And the other way round: read-all's transaction open while the cabinet inserts.
      await cabinet.query('BEGIN');
      await cabinet.query(`UPDATE application_messages SET read_at = now() WHERE application_id = $1 AND from_requester AND read_at IS NULL`, [id]);
      const writing = app.db.query(`INSERT INTO application_messages (application_id, message, from_requester) VALUES ($1, 'Четвёртое', true)`, [id]);
      await new Promise((resolve) => setTimeout(resolve, 300));
      await cabinet.query('COMMIT');
      await writing;
      expect((await kept(id)).unread_messages_count).toBe(await realUnread(id));
      expect(await realUnread(id)).toBe(1);
    } finally {
      await cabinet.end();
    }
  });
});

describe('GET /{clients|agencies}/chat', () => {
  it('answers newest first with the author: the staff member, the client, the agency’s employee or the agency', async () => {
    const { id } = await insertApplication(app.db);
    await requesterWrites(id, 'Вопрос клиента', { createdAt: '2026-01-10T09:00:00Z' });
    const sent = await manager.post('/api/clients/chat', { application_id: id, message: 'Ответ офиса' });
    expect(sent.body).toMatchObject({ message: C.sent, data: { message: 'Ответ офиса', from_requester: false, read_at: null, requester: null, user: { id: managerUser.id, full_name: expect.any(String) } } });
    const chat = await accountant.get(`/api/clients/chat?application_id=${id}`);
    expect(chat.status).toBe(200);
    const [client] = await app.db.query<{ full_name: string }>(`SELECT c.full_name FROM clients c JOIN applications a ON a.client_id = c.id WHERE a.id = $1`, [id]);
    expect(chat.body.data).toEqual([
      { id: sent.body.data.id, message: 'Ответ офиса', created_at: expect.any(String), read_at: null, from_requester: false, user: { id: managerUser.id, full_name: sent.body.data.user.full_name }, requester: null },
      { id: expect.any(Number), message: 'Вопрос клиента', created_at: '2026-01-10T09:00:00.000Z', read_at: null, from_requester: true, user: null, requester: { full_name: client!.full_name } },
    ]);

    const agencyOne = await agencyApplication();
    await requesterWrites(agencyOne, 'От агентства');
    await requesterWrites(agencyOne, 'От сотрудника', { agencyUserId: people.agencyUserId });
    const [agency] = await app.db.query<{ legal_name: string }>(`SELECT legal_name FROM agencies WHERE id = $1`, [people.agencyId]);
    const agencyChat = await manager.get(`/api/agencies/chat?application_id=${agencyOne}`);
    expect(agencyChat.body.data.map((message: { requester: unknown }) => message.requester)).toEqual([{ full_name: people.agencyUserName }, { full_name: agency!.legal_name }]);
  });

  it('is bounded to the newest messages', async () => {
    const { id } = await insertApplication(app.db);
    await app.db.query(
      `INSERT INTO application_messages (application_id, message, from_requester) SELECT $1, 'Сообщение ' || n, true FROM generate_series(1, $2) n`,
      [id, APPLICATION_LIMITS.chatHistory + 5],
    );
    const chat = await manager.get(`/api/clients/chat?application_id=${id}`);
    expect(chat.body.data).toHaveLength(APPLICATION_LIMITS.chatHistory);
    expect(chat.body.data[0].message).toBe(`Сообщение ${APPLICATION_LIMITS.chatHistory + 5}`);
    expect((await kept(id)).unread_messages_count).toBe(APPLICATION_LIMITS.chatHistory + 5);
  });

  it('404 without the application, 422 for the other requester type or without an id', async () => {
    const { id } = await insertApplication(app.db);
    expect((await manager.get(`/api/clients/chat?application_id=2147483000`)).status).toBe(404);
    const other = await manager.get(`/api/agencies/chat?application_id=${id}`);
    expect(other.status).toBe(422);
    expect(other.body.errors).toEqual({ application_id: [C.notOfRequesterType] });
    expect((await manager.post('/api/agencies/chat/read-all', { application_id: id })).status).toBe(422);
    const missing = await manager.get(`/api/clients/chat`);
    expect(missing.status).toBe(422);
    expect(missing.body.errors.application_id).toEqual([MESSAGES.validation.required]);
  });
});

describe('POST /{clients|agencies}/chat', () => {
  it('validates the message: required, at most 1000 characters, no control characters; refused while the requester is inactive', async () => {
    const { id } = await insertApplication(app.db);
    const send = (message: unknown, path = '/api/clients/chat', applicationId = id) => manager.post(path, { application_id: applicationId, message });
    for (const blank of ['', '   ', undefined]) {
      const empty = await send(blank);
      expect(empty.status).toBe(422);
      expect(empty.body.errors).toEqual({ message: [MESSAGES.validation.required] });
    }
    const long = await send('я'.repeat(APPLICATION_LIMITS.chatMessage + 1));
    expect(long.status).toBe(422);
    expect(long.body.errors).toEqual({ message: [MESSAGES.validation.maxLength(APPLICATION_LIMITS.chatMessage)] });
    expect((await send('я'.repeat(APPLICATION_LIMITS.chatMessage))).status).toBe(201);
    const control = await send('звонок\u0007');
    expect(control.status).toBe(422);
    expect(control.body.errors.message).toEqual([MESSAGES.input.unreadableText]);

    await app.db.query(`UPDATE clients SET is_active = false WHERE id = (SELECT client_id FROM applications WHERE id = $1)`, [id]);
    const inactive = await send('Вы здесь?');
    expect(inactive.status).toBe(422);
    expect(inactive.body.errors).toEqual({ message: [C.requesterInactive] });

    const inactiveAgency = (await app.db.query<{ id: number }>(`INSERT INTO agencies (legal_name, is_active) VALUES ('Спящее агентство', false) RETURNING id`))[0]!.id;
    const agencyOne = await agencyApplication(inactiveAgency, null);
    expect((await send('Вы здесь?', '/api/agencies/chat', agencyOne)).body.errors).toEqual({ message: [C.requesterInactive] });
    expect(await app.db.query(`SELECT 1 FROM application_messages WHERE application_id = ANY($1::int[]) AND message = 'Вы здесь?'`, [[id, agencyOne]])).toEqual([]);
  });

  it('does not raise the application’s version: a chat message, a read-all, then a save with the old version succeeds', async () => {
    const { created, update } = applicationCalls(
      () => app,
      () => manager,
    );
    const application = await created(hotelApplication(hotel, people));
    await requesterWrites(application.id, 'Вопрос');
    expect((await manager.post('/api/clients/chat', { application_id: application.id, message: 'Ответ' })).status).toBe(201);
    expect((await manager.post('/api/clients/chat/read-all', { application_id: application.id })).status).toBe(200);
    expect((await manager.post('/api/applications/send-message', { applications_ids: [application.id], message: 'Всем' })).status).toBe(200);
    const [stored] = await app.db.query<{ version: number }>(`SELECT version FROM applications WHERE id = $1`, [application.id]);
    expect(stored!.version).toBe(application.version);
    const saved = await update(application.id, { ...application, comment: 'После чата' });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  });
});

describe('POST /applications/send-message', () => {
  const bulk = (body: unknown) => manager.post('/api/applications/send-message', body);
  const messagesOf = async (ids: number[]) =>
    app.db.query<{ application_id: number; message: string; user_id: number }>(`SELECT application_id, message, user_id FROM application_messages WHERE application_id = ANY($1::int[]) ORDER BY application_id`, [ids]);

  it('writes one message per application, all in one transaction', async () => {
    const ids = [(await insertApplication(app.db)).id, (await insertApplication(app.db)).id, await agencyApplication()];
    const answer = await bulk({ applications_ids: ids.map(String), message: 'Уважаемые туристы!' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toEqual({ message: C.sent, data: { sent: 3, skipped_inactive: [] } });
    expect(await messagesOf(ids)).toEqual(ids.map((id) => ({ application_id: id, message: 'Уважаемые туристы!', user_id: managerUser.id })));
    for (const id of ids) expect((await kept(id)).unread_messages_count).toBe(0);
  });

  it('an unknown id refuses the whole message: nothing is written', async () => {
    const ids = [(await insertApplication(app.db)).id, (await insertApplication(app.db)).id];
    const answer = await bulk({ applications_ids: [ids[0], 2147483000, ids[1]], message: 'Никому' });
    expect(answer.status).toBe(422);
    expect(answer.body.errors).toEqual({ 'applications_ids.1': [C.unknownApplication] });
    expect(await messagesOf(ids)).toEqual([]);
  });

  it('validates: ids required and bounded, the message required and at most 200 characters', async () => {
    const { id } = await insertApplication(app.db);
    expect((await bulk({ applications_ids: [], message: 'Текст' })).body.errors).toEqual({ applications_ids: [MESSAGES.validation.required] });
    expect((await bulk({ message: 'Текст' })).body.errors).toEqual({ applications_ids: [MESSAGES.validation.required] });
    const tooMany = await bulk({ applications_ids: Array.from({ length: APPLICATION_LIMITS.chatApplications + 1 }, (_, index) => index + 1), message: 'Текст' });
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.errors.applications_ids).toEqual([MESSAGES.validation.maxItems(APPLICATION_LIMITS.chatApplications)]);
    expect((await bulk({ applications_ids: [id], message: ' ' })).body.errors).toEqual({ message: [MESSAGES.validation.required] });
    const long = await bulk({ applications_ids: [id], message: 'я'.repeat(APPLICATION_LIMITS.bulkMessage + 1) });
    expect(long.status).toBe(422);
    expect(long.body.errors).toEqual({ message: [MESSAGES.validation.maxLength(APPLICATION_LIMITS.bulkMessage)] });
    expect((await bulk({ applications_ids: ['abc'], message: 'Текст' })).body.errors).toEqual({ 'applications_ids.0': [MESSAGES.validation.oneOf] });
    expect(await messagesOf([id])).toEqual([]);
  });

  it('skips applications whose requester is inactive and names them; all inactive is a 422', async () => {
    const active = (await insertApplication(app.db)).id;
    const inactive = (await insertApplication(app.db)).id;
    await app.db.query(`UPDATE clients SET is_active = false WHERE id = (SELECT client_id FROM applications WHERE id = $1)`, [inactive]);
    const answer = await bulk({ applications_ids: [active, inactive], message: 'Кому можно' });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({ sent: 1, skipped_inactive: [inactive] });
    expect((await messagesOf([active, inactive])).map((row) => row.application_id)).toEqual([active]);
    const none = await bulk({ applications_ids: [inactive], message: 'Никому' });
    expect(none.status).toBe(422);
    expect(none.body.errors).toEqual({ applications_ids: [C.noneActive] });
  });
});

describe('POST /applications/chats/unread-messages', () => {
  it('answers the kept counts of the named applications (an unknown id left out)', async () => {
    const first = (await insertApplication(app.db)).id;
    const second = (await insertApplication(app.db)).id;
    await requesterWrites(first, 'Раз');
    await requesterWrites(first, 'Два');
    const answer = await accountant.post('/api/applications/chats/unread-messages', { applications_ids: [second, first, 2147483000] });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual([
      { id: first, unread_messages_count: 2 },
      { id: second, unread_messages_count: 0 },
    ]);
    await manager.post('/api/clients/chat/read-all', { application_id: first });
    expect((await accountant.post('/api/applications/chats/unread-messages', { applications_ids: [first] })).body.data).toEqual([{ id: first, unread_messages_count: 0 }]);
    expect((await accountant.post('/api/applications/chats/unread-messages', {})).status).toBe(422);
  });
});
