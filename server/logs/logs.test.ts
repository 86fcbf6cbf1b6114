/** Logs (/api/logs): read-only list with a level filter and search, the levels list, show and delete. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../shared/messages.js';
import { Role } from '../../shared/roles.js';
import { startTestApp, type ApiClient, type TestApp } from '../test/test-app.js';

let app: TestApp;
let admin: ApiClient, accountant: ApiClient, manager: ApiClient;

beforeAll(async () => {
  app = await startTestApp();
  const signedIn = await Promise.all([app.signInAs(Role.Administrator), app.signInAs(Role.Accountant), app.signInAs(Role.Manager)]);
  [admin, accountant, manager] = signedIn.map((entry) => entry.client) as [ApiClient, ApiClient, ApiClient];
});
afterAll(() => app?.close());

const LEVELS: Record<string, number> = { DEBUG: 100, INFO: 200, NOTICE: 250, WARNING: 300, ERROR: 400, CRITICAL: 500 };
const insertLog = async (levelName: string, source: string, title: string, msg = '', meta: object = {}, env: object = {}) =>
  (
    await app.db.query<{ id: number }>(
      `INSERT INTO logs (level, level_name, source, title, msg, meta, env) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
      [LEVELS[levelName], levelName, source, title, msg, meta, env],
    )
  )[0]!.id;
const ids = async (sql: string, params?: unknown[]) => (await app.db.query<{ id: number }>(sql, params)).map((row) => row.id);
const list = async (client: ApiClient, query = '') => {
  const response = await client.get(`/api/logs?${query}`);
  expect(response.status, `GET /api/logs?${query}: ${JSON.stringify(response.body)}`).toBe(200);
  return response.body as { data: { id: number; level: number }[]; count: number };
};

let importError: number, debugRow: number;
beforeAll(async () => {
  importError = await insertLog('ERROR', 'imports', 'Import of hotels failed', 'Connection refused\n    at Socket.connect', { import_id: 7, vendor: 'Sea' }, { host: 'office-pc', pid: 42 });
  debugRow = await insertLog('DEBUG', 'http', 'GET /api/hotels', 'slow query 1200 ms');
  await insertLog('INFO', 'vendors', 'Внешние данные поставщика очищены: Морской шлюз');
  await insertLog('ERROR', 'http', 'PUT /api/cities/5', 'duplicate key value violates unique constraint');
  await insertLog('CRITICAL', 'database', 'Database connection lost');
  await insertLog('WARNING', 'mail', 'SMTP is not configured', 'The message was kept in the outbox');
});

describe('list', () => {
  it('every role may read it: {data, count} with the rows of spec 01 §3 "Log"', async () => {
    for (const client of [admin, accountant, manager]) {
      const body = await list(client, 'limit=100');
      expect(body.count).toBe((await ids('SELECT id FROM logs')).length);
      expect(body.data.find((row) => row.id === importError)).toEqual({
        id: importError,
        level: 400,
        level_name: 'ERROR',
        source: 'imports',
        title: 'Import of hotels failed',
        msg: 'Connection refused\n    at Socket.connect',
        meta: { import_id: 7, vendor: 'Sea' },
        env: { host: 'office-pc', pid: 42 },
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      });
    }
  });

  it('filters by level and refuses a level that is not a number', async () => {
    const errors = await list(admin, 'level=400&limit=100');
    expect(errors.data.map((row) => row.id)).toEqual(await ids('SELECT id FROM logs WHERE level = 400 ORDER BY id'));
    expect(errors.count).toBe(2);
    expect(errors.data.every((row) => row.level === 400)).toBe(true);
    expect(await list(admin, 'level=100')).toMatchObject({ count: 1, data: [{ id: debugRow }] });
    expect(await list(admin, 'level=999')).toEqual({ data: [], count: 0 });
    const refused = await admin.get('/api/logs?level=error');
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({ level: [MESSAGES.validation.integer] });
  });

  it('searches title, source and message, and combines the search with the level filter', async () => {
    expect((await list(admin, 'query=' + encodeURIComponent('hotels FAILED'))).data.map((row) => row.id)).toEqual([importError]);
    expect((await list(admin, 'query=imports')).data.map((row) => row.id)).toEqual([importError]);
    expect((await list(admin, 'query=' + encodeURIComponent('connection refused'))).data.map((row) => row.id)).toEqual([importError]);
    expect((await list(admin, 'query=http&level=100')).data.map((row) => row.id)).toEqual([debugRow]);
  });

  it('sorts by id (default) or level, and refuses other columns', async () => {
    expect((await list(admin, 'orderBy=level&ascending=0&limit=100')).data.map((row) => row.id)).toEqual(
      await ids('SELECT id FROM logs ORDER BY level DESC, id DESC'),
    );
    expect((await list(admin, 'ascending=0&limit=1')).data.map((row) => row.id)).toEqual(await ids('SELECT id FROM logs ORDER BY id DESC LIMIT 1'));
    expect((await admin.get('/api/logs?orderBy=title')).status).toBe(422);
  });

  it('GET /api/logs/levels/list gives the levels as {id, name} with Russian names', async () => {
    for (const client of [admin, accountant, manager]) {
      const response = await client.get('/api/logs/levels/list');
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        data: [
          { id: 100, name: 'Отладка' },
          { id: 200, name: 'Информация' },
          { id: 250, name: 'Уведомление' },
          { id: 300, name: 'Предупреждение' },
          { id: 400, name: 'Ошибка' },
          { id: 500, name: 'Критическая ошибка' },
        ],
      });
    }
  });
});

describe('show, read-only, delete', () => {
  it('shows one log', async () => {
    const response = await manager.get(`/api/logs/${importError}`);
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({ id: importError, title: 'Import of hotels failed', meta: { import_id: 7 } });
    expect((await manager.get('/api/logs/999999')).status).toBe(404);
  });

  it('is read-only: POST and PUT answer 405 and write nothing', async () => {
    const before = await app.db.query('SELECT * FROM logs ORDER BY id');
    const created = await admin.post('/api/logs', { level: 400, level_name: 'ERROR', source: 'forged', title: 'Forged', msg: '' });
    expect(created.status).toBe(405);
    expect(created.body).toEqual({ message: MESSAGES.http.methodNotAllowed });
    const updated = await admin.put(`/api/logs/${importError}`, { title: 'Rewritten' });
    expect(updated.status).toBe(405);
    expect(await app.db.query('SELECT * FROM logs ORDER BY id')).toEqual(before);
  });

  it('deletes a log: 200 "Log successfully deleted" and the row is gone', async () => {
    const id = await insertLog('INFO', 'test', 'To be deleted');
    const response = await admin.delete(`/api/logs/${id}`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ message: MESSAGES.logs.deleted });
    expect(await ids('SELECT id FROM logs WHERE id = $1', [id])).toEqual([]);
    expect((await admin.delete(`/api/logs/${id}`)).status).toBe(404);
  });

  it('only the administrator deletes logs (issue 8: the trail of what happened is not the others\' to erase)', async () => {
    const id = await insertLog('ERROR', 'http', 'Evidence');
    for (const client of [accountant, manager]) {
      const refused = await client.delete(`/api/logs/${id}`);
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({ message: MESSAGES.auth.forbidden });
    }
    expect(await ids('SELECT id FROM logs WHERE id = $1', [id])).toEqual([id]);
    // Reading stays open to every role.
    for (const client of [accountant, manager]) expect((await client.get(`/api/logs/${id}`)).status).toBe(200);
  });

  it('needs a session', async () => {
    expect((await app.client().get('/api/logs')).status).toBe(401);
    expect((await app.client().get('/api/logs/levels/list')).status).toBe(401);
  });
});
