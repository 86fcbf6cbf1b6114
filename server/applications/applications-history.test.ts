/**
 * The application's history (issue 28 "History"): each audited change recorded by the commands in the
 * change's transaction (who, when, path, before, after), nothing for a save that changes nothing; the
 * table append-only under triggers; the hash chain checked by the verifier, which names a row altered
 * behind the triggers' back; and `GET /api/applications/{id}/history`, newest first and paged, for
 * every role that reads applications.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '../../shared/roles.js';
import { applicationCalls, hotelApplication } from '../test/application-api.js';
import { insertHotelGround, insertRequesters, type HotelGround, type RequesterGround } from '../test/application-fixtures.js';
import { startTestApp, type ApiClient, type TestApp, type TestUser } from '../test/test-app.js';
import { verifyHistoryChain, type Query } from './history-chain.js';

let app: TestApp;
let admin: ApiClient;
let adminUser: TestUser;
let accountant: ApiClient;
let manager: ApiClient;
let hotel: HotelGround;
let people: RequesterGround;

beforeAll(async () => {
  app = await startTestApp();
  ({ client: admin, user: adminUser } = await app.signInAs(Role.Administrator, { surname: 'Историева', name: 'Анна', patronymic: null }));
  accountant = (await app.signInAs(Role.Accountant)).client;
  manager = (await app.signInAs(Role.Manager)).client;
  hotel = await insertHotelGround(app.db);
  people = await insertRequesters(app.db);
});
afterAll(() => app?.close());

const { update, created } = applicationCalls(
  () => app,
  () => admin,
);
const form = (overrides: Record<string, unknown> = {}) => hotelApplication(hotel, people, overrides);
const read = async (id: number) => (await admin.get(`/api/applications/${id}`)).body.data as Record<string, any>;
const saved = async (id: number, payload: Record<string, unknown>) => {
  const response = await update(id, payload);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.data as Record<string, any>;
};
/** The history's rows as stored, oldest first: path, before, after. */
const stored = (id: number) => app.db.query<{ path: string; before: unknown; after: unknown }>(`SELECT path, before, after FROM application_history WHERE application_id = $1 ORDER BY seq`, [id]);
const query: Query = (sql, params) => app.db.query(sql, params);

describe('what the history records', () => {
  it('creating writes one «created» row naming the user (id and name copied)', async () => {
    const application = await created(form());
    const rows = await app.db.query(`SELECT seq, user_id, user_name, actor, path, before, after FROM application_history WHERE application_id = $1`, [application.id]);
    expect(rows).toEqual([{ seq: 1, user_id: adminUser.id, user_name: 'Историева Анна', actor: 'staff', path: 'created', before: null, after: application.number }]);
  });

  it('a save that changes nothing audited records nothing: as read, money as text, another comment', async () => {
    const application = await created(form({ discount: 100 }));
    const opened = await saved(application.id, await read(application.id));
    await saved(application.id, { ...opened, discount: '100.0', comment: 'просто комментарий' });
    expect((await stored(application.id)).map((row) => row.path)).toEqual(['created']);
  });

  it('a status change, a price and a discount each record their field with before and after', async () => {
    const application = await created(form());
    const opened = await saved(application.id, { ...(await read(application.id)), status: 2, discount: 1500 });
    await saved(application.id, { ...opened, manual_price_without_discount: 90000 });
    const rows = (await stored(application.id)).slice(1);
    expect(rows).toEqual(
      expect.arrayContaining([
        { path: 'status', before: 1, after: 2 },
        { path: 'manual_price_without_discount', before: null, after: '90000.00' },
        { path: 'discount', before: '0.00', after: '1500.00' },
      ]),
    );
    expect(rows.every((row) => ['status', 'manual_price_without_discount', 'discount', 'payment_status'].includes(row.path))).toBe(true);
  });

  it('payments added, changed and removed: the row, then its changed field, then the row removed', async () => {
    // A payment is added only under a payment method (spec 03 §5).
    const application = await created(form({ payment_method: 1 }));
    let opened = await read(application.id);
    opened = await saved(application.id, { ...opened, payments: [{ sum: 1000, status: 2, is_online: 0, date: '2027-05-20' }] });
    const [payment] = opened.payments;
    opened = await saved(application.id, { ...opened, payments: [{ ...payment, sum: '1250.5' }] });
    await saved(application.id, { ...opened, payments: [] });
    const rows = (await stored(application.id)).filter((row) => row.path.startsWith('payments'));
    expect(rows).toEqual([
      { path: `payments.${payment.id}`, before: null, after: { status: 2, sum: '1000.00', is_online: false, date: '2027-05-20' } },
      { path: `payments.${payment.id}.sum`, before: '1000.00', after: '1250.50' },
      { path: `payments.${payment.id}`, before: { status: 2, sum: '1250.50', is_online: false, date: '2027-05-20' }, after: null },
    ]);
  });

  it('the cancel records the status; deleting records «deleted» and keeps the history, still served', async () => {
    const application = await created(form());
    const cancel = await admin.put(`/api/applications/cancel/${application.id}`, { version: application.version });
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
    expect((await stored(application.id)).slice(1)).toEqual([{ path: 'status', before: 1, after: 7 }]);
    const removed = await admin.delete(`/api/applications/${application.id}`);
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    const rows = await stored(application.id);
    expect(rows.map((row) => row.path)).toEqual(['created', 'status', 'deleted']);
    expect(rows[2]!.before).toMatchObject({ number: application.number, status: 7, payments: [] });
    const history = await manager.get(`/api/applications/${application.id}/history`);
    expect(history.status).toBe(200);
    expect(history.body.data.map((row: { path: string }) => row.path)).toEqual(['deleted', 'status', 'created']);
  });
});

describe('nobody quietly rewrites it', () => {
  it('UPDATE, DELETE and TRUNCATE on the history are refused, even for the superuser the app connects as', async () => {
    await created(form());
    for (const sql of [`UPDATE application_history SET after = '"подделка"'`, `DELETE FROM application_history`, `TRUNCATE application_history`]) {
      await expect(app.db.query(sql), sql).rejects.toThrow(/append-only/);
    }
    expect((await app.db.query<{ count: number }>(`SELECT count(*)::int AS count FROM application_history`))[0]!.count).toBeGreaterThan(0);
  });

  it('concurrent saves of one application append one chain, one after the other (the save’s row lock), never a fork', async () => {
    const application = await created(form());
    const opened = await read(application.id);
    // No version sent (as outside clients send none): every save is accepted, each waits for the row lock.
    const replies = await Promise.all([100, 200, 300, 400, 500].map((discount) => update(application.id, { ...opened, version: null, discount })));
    expect(replies.map((reply) => reply.status)).toEqual([200, 200, 200, 200, 200]);
    const rows = await app.db.query<{ seq: number; path: string }>(`SELECT seq, path FROM application_history WHERE application_id = $1 ORDER BY seq`, [application.id]);
    expect(rows.map((row) => row.seq)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(rows.filter((row) => row.path === 'discount')).toHaveLength(5);
    expect((await verifyHistoryChain(query)).broken).toBeNull();
  });

  it('the verifier walks every chain; a row altered with the triggers disabled is named', async () => {
    const application = await created(form());
    await saved(application.id, { ...(await read(application.id)), status: 2 });
    const clean = await verifyHistoryChain(query);
    expect(clean.broken).toBeNull();
    expect(clean.checked).toBe((await app.db.query<{ count: number }>(`SELECT count(*)::int AS count FROM application_history`))[0]!.count);

    const [target] = await app.db.query<{ id: string; seq: number }>(`SELECT id::text, seq FROM application_history WHERE application_id = $1 AND path = 'status'`, [application.id]);
    const tamper = async (after: number) => {
      await app.db.query(`ALTER TABLE application_history DISABLE TRIGGER application_history_append_only`);
      try {
        await app.db.query(`UPDATE application_history SET after = $2::jsonb WHERE id = $1`, [target!.id, JSON.stringify(after)]);
      } finally {
        await app.db.query(`ALTER TABLE application_history ENABLE TRIGGER application_history_append_only`);
      }
    };
    await tamper(3);
    const found = await verifyHistoryChain(query);
    expect(found.broken).toMatchObject({ id: Number(target!.id), application_id: application.id, seq: target!.seq, reason: 'содержимое не совпадает с хешем' });
    await tamper(2);
    expect((await verifyHistoryChain(query)).broken).toBeNull();
  });
});

describe('each chain’s head (application_history_heads)', () => {
  const head = async (id: number) =>
    (await app.db.query<{ last_seq: number; last_hash: string }>(`SELECT last_seq, encode(last_hash, 'hex') AS last_hash FROM application_history_heads WHERE application_id = $1`, [id]))[0];
  const last = async (id: number) =>
    (await app.db.query<{ seq: number; hash: string }>(`SELECT seq, encode(hash, 'hex') AS hash FROM application_history WHERE application_id = $1 ORDER BY seq DESC LIMIT 1`, [id]))[0];
  /** Runs `sql` with every trigger of the history and the heads off, as a superuser could. */
  const behindTheTriggers = async (sql: string, params: unknown[]) => {
    await app.db.query(`ALTER TABLE application_history DISABLE TRIGGER USER`);
    try {
      await app.db.query(sql, params);
    } finally {
      await app.db.query(`ALTER TABLE application_history ENABLE TRIGGER USER`);
    }
  };

  it('follows its chain, written by the history’s trigger; UPDATE, DELETE and TRUNCATE of the heads are refused, a direct upsert too', async () => {
    const application = await created(form());
    expect(await head(application.id)).toEqual({ last_seq: 1, last_hash: (await last(application.id))!.hash });
    await saved(application.id, { ...(await read(application.id)), status: 2 });
    const end = (await last(application.id))!;
    expect(end.seq).toBeGreaterThan(1);
    expect(await head(application.id)).toEqual({ last_seq: end.seq, last_hash: end.hash });
    for (const sql of [
      `UPDATE application_history_heads SET last_seq = last_seq + 1 WHERE application_id = ${application.id}`,
      `INSERT INTO application_history_heads VALUES (${application.id}, 99, '\\x00') ON CONFLICT (application_id) DO UPDATE SET last_seq = 99`,
      `DELETE FROM application_history_heads`,
      `TRUNCATE application_history_heads`,
    ]) {
      await expect(app.db.query(sql), sql).rejects.toThrow(/written by the history only/);
    }
    expect(await head(application.id)).toEqual({ last_seq: end.seq, last_hash: end.hash });
  });

  it('the verifier names a chain that lost its last rows, and one deleted whole (its application deleted too)', async () => {
    const application = await created(form());
    await saved(application.id, { ...(await read(application.id)), status: 2 });
    const end = (await last(application.id))!;
    const backup = `history_backup_${application.id}`;
    await app.db.query(`CREATE TABLE ${backup} AS SELECT * FROM application_history WHERE application_id = $1`, [application.id]);
    try {
      expect((await verifyHistoryChain(query)).broken).toBeNull();
      await behindTheTriggers(`DELETE FROM application_history WHERE application_id = $1 AND seq = $2`, [application.id, end.seq]);
      const [kept] = await app.db.query<{ id: string; seq: number }>(`SELECT id::text, seq FROM application_history WHERE application_id = $1 ORDER BY seq DESC LIMIT 1`, [application.id]);
      expect((await verifyHistoryChain(query)).broken).toEqual({
        id: Number(kept!.id),
        application_id: application.id,
        seq: kept!.seq,
        reason: `удалены последние записи цепочки: её голова помнит №${end.seq}, последняя в цепочке №${kept!.seq}`,
      });

      // The delete's `deleted` row takes the lost row's number; the head still remembers the lost row's hash.
      expect((await admin.delete(`/api/applications/${application.id}`)).status).toBe(200);
      expect((await verifyHistoryChain(query)).broken).toMatchObject({ application_id: application.id, seq: end.seq, reason: 'последняя запись цепочки не совпадает с её головой' });
      await behindTheTriggers(`DELETE FROM application_history WHERE application_id = $1`, [application.id]);
      expect((await verifyHistoryChain(query)).broken).toEqual({ id: null, application_id: application.id, seq: end.seq, reason: `цепочка заявки удалена целиком: её голова помнит №${end.seq}` });
    } finally {
      // The rows put back as they were before: the chain ends at its head again.
      await behindTheTriggers(`DELETE FROM application_history WHERE application_id = $1`, [application.id]);
      await behindTheTriggers(`INSERT INTO application_history SELECT * FROM ${backup}`, []);
      await app.db.query(`DROP TABLE ${backup}`);
    }
  });
});

describe('GET /api/applications/{id}/history', () => {
  it('answers newest first, paged with page and limit, with the user copied; every role reads it', async () => {
    const application = await created(form());
    let opened = await read(application.id);
    for (const status of [2, 3]) opened = await saved(application.id, { ...opened, status });
    for (const client of [admin, accountant, manager]) {
      const first = await client.get(`/api/applications/${application.id}/history?limit=2`);
      expect(first.status).toBe(200);
      expect(first.body.count).toBe(3);
      expect(first.body.data.map((row: { path: string; after: unknown }) => [row.path, row.after])).toEqual([
        ['status', 3],
        ['status', 2],
      ]);
      expect(first.body.data[0]).toMatchObject({ user: { id: adminUser.id, name: 'Историева Анна' }, actor: 'staff', before: 2 });
      expect(Date.parse(first.body.data[0].at)).not.toBeNaN();
      const second = await client.get(`/api/applications/${application.id}/history?limit=2&page=2`);
      expect(second.body).toMatchObject({ count: 3, data: [{ path: 'created' }] });
    }
    expect((await app.client().get(`/api/applications/${application.id}/history`)).status).toBe(401);
    expect((await admin.get(`/api/applications/2147483000/history`)).status).toBe(404);
    const bad = await admin.get(`/api/applications/${application.id}/history?limit=0`);
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors)).toEqual(['limit']);
  });
});
