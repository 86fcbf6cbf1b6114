/**
 * Notifications of a departure through the job queue (server/jobs): the call answers at once, the
 * letters go out from a job kept in PostgreSQL — also when the instance that queued it stopped first
 * — and a failed attempt is written to the logs.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../shared/messages.js';
import { Role } from '../../shared/roles.js';
import { createTestDatabase, startTestApp, type TestDatabase } from '../test/test-app.js';
import { insertApplication } from '../test/application-fixtures.js';
import { daysFromToday, insertBooking, insertCities, insertTransport, insertTransportation } from '../test/transport-fixtures.js';

const date = daysFromToday(5);
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** Polls until `check` gives a value (the worker looks for jobs every second). */
async function eventually<T>(check: () => Promise<T | undefined | null | false>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('Timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** A departure with two applications on it (one listed in the departure data, one with a seat) and the departure row. */
async function departure(db: TestDatabase) {
  const [from, to] = (await insertCities(db, ['Москва', 'Казань'])) as [number, number];
  const transportId = await insertTransport(db, { name: 'Москва — Казань', transportationId: await insertTransportation(db), cities: [from, to], startDate: daysFromToday(-1), finishDate: daysFromToday(30), dates: [date] });
  const listed = await insertApplication(db, { number: 'З-1', email: 'ivanov@example.test' });
  const seated = await insertApplication(db, { number: 'З-2', email: 'petrova@example.test', tourists: [{ last_name: 'Петрова', first_name: 'Анна' }] });
  await insertBooking(db, { transportId, date, number: 3, from: 0, to: 1, applicationId: seated.id, touristId: seated.tourists[0] });
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO transport_date_data (transport_id, date, name, number, departure_place, departure_time, glonas_url) VALUES ($1, $2, 'Автобус 1', 'А123ВС77', 'Казанский вокзал', '07:30', 'https://glonass.example/1') RETURNING id`,
    [transportId, date],
  );
  return { transportId, dateId: row!.id, listed, seated };
}

const outbox = (db: TestDatabase) => db.query<{ recipient: string; subject: string; body_text: string; status: string }>(`SELECT recipient, subject, body_text, status FROM mail_outbox ORDER BY recipient`);

describe('departure notifications', () => {
  it('answers at once and mails the contacts of the date’s applications from a job', async () => {
    const app = await startTestApp();
    cleanups.push(() => app.close());
    const { client } = await app.signInAs(Role.Manager);
    const { transportId, dateId } = await departure(app.db);

    // A GET that changes things: without the CSRF proof, or from another site's page, nothing is queued.
    expect(await client.get(`/api/transports/${transportId}/date/${dateId}/notify`)).toMatchObject({ status: 419, body: { message: MESSAGES.auth.csrfMismatch } });
    const foreign = await client.get(`/api/transports/${transportId}/date/${dateId}/notify`, { proof: true, headers: { Origin: 'http://evil.example' } });
    expect(foreign.status).toBe(403);
    expect(await app.db.query(`SELECT 1 FROM pgboss.job WHERE name = 'transport-date-notify'`)).toEqual([]);

    const reply = await client.get(`/api/transports/${transportId}/date/${dateId}/notify`, { proof: true });
    expect(reply).toMatchObject({ status: 200, body: { message: MESSAGES.transport.notifyQueued } });
    // The departure row lists no application, so everyone with a seat on the date is told.
    const letters = await eventually(async () => {
      const rows = await outbox(app.db);
      return rows.length > 0 && rows;
    });
    expect(letters).toHaveLength(1);
    expect(letters[0]).toMatchObject({ recipient: 'petrova@example.test', status: 'kept', subject: MESSAGES.transport.notifySubject('Москва — Казань', date.split('-').reverse().join('.')) });
    expect(letters[0]!.body_text).toContain('Место отправления: Казанский вокзал');
    expect(letters[0]!.body_text).toContain('Время отправления: 07:30');
    expect(letters[0]!.body_text).toContain('по заявке № З-2');
    const [log] = await eventually(() => app.db.query<{ title: string }>(`SELECT title FROM logs WHERE source = 'transports'`).then((rows) => rows.length > 0 && rows));
    expect(log!.title).toBe(MESSAGES.transport.notifyLog(1, 1));

    expect((await client.get(`/api/transports/${transportId}/date/999999/notify`, { proof: true })).status).toBe(404);
    const accountant = (await app.signInAs(Role.Accountant)).client;
    expect((await accountant.get(`/api/transports/${transportId}/date/${dateId}/notify`, { proof: true })).status).toBe(403);
  });

  it('sends a job queued by an instance that stopped before running it, once, from the next start', async () => {
    const db = await createTestDatabase();
    cleanups.push(() => db.drop());
    // The first instance runs no background jobs (JOB_WORKERS=0): it only queues.
    const first = await startTestApp({ database: db, env: { JOB_WORKERS: '0' } });
    const { client } = await first.signInAs(Role.Administrator);
    const { transportId, dateId, listed } = await departure(db);
    await insertBooking(db, { transportId, date, number: 4, from: 0, to: 1, applicationId: listed.id });
    // A listed application whose seat was cancelled after the row was saved: nobody to tell.
    const cancelled = await insertApplication(db, { number: 'З-3', email: 'cancelled@example.test' });
    await db.query(`INSERT INTO transport_date_data_applications (date_data_id, application_id) VALUES ($1, $2), ($1, $3)`, [dateId, listed.id, cancelled.id]);
    expect((await client.get(`/api/transports/${transportId}/date/${dateId}/notify`, { proof: true })).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await first.close();
    expect(await outbox(db)).toEqual([]);
    const [queued] = await db.query<{ state: string }>(`SELECT state FROM pgboss.job WHERE name = 'transport-date-notify'`);
    expect(queued!.state).toBe('created');

    // Two instances start on the same database: the job is sent once.
    const second = await startTestApp({ database: db });
    const third = await startTestApp({ database: db });
    cleanups.push(() => second.close(), () => third.close());
    const letters = await eventually(async () => {
      const rows = await outbox(db);
      return rows.length > 0 && rows;
    });
    // Only the listed application is told: the departure row names it.
    expect(letters.map((letter) => letter.recipient)).toEqual(['ivanov@example.test']);
    await eventually(() => db.query<{ state: string }>(`SELECT state FROM pgboss.job WHERE name = 'transport-date-notify'`).then((rows) => rows[0]?.state === 'completed'));
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(await outbox(db)).toHaveLength(1);
  });

  it('queues one job per departure row while one waits: a second click is answered the same and adds nothing', async () => {
    const db = await createTestDatabase();
    cleanups.push(() => db.drop());
    // No workers: the first job stays waiting.
    const app = await startTestApp({ database: db, env: { JOB_WORKERS: '0' } });
    cleanups.push(() => app.close());
    const { client } = await app.signInAs(Role.Manager);
    const { transportId, dateId } = await departure(db);
    const [second] = await db.query<{ id: number }>(`INSERT INTO transport_date_data (transport_id, date, name) VALUES ($1, $2, 'Автобус 2') RETURNING id`, [transportId, date]);
    const notify = (id: number) => client.get(`/api/transports/${transportId}/date/${id}/notify`, { proof: true });

    const replies = [await notify(dateId), ...(await Promise.all([notify(dateId), notify(dateId)]))];
    for (const reply of replies) expect(reply).toMatchObject({ status: 200, body: { message: MESSAGES.transport.notifyQueued } });
    expect((await notify(second!.id)).status).toBe(200);
    const jobs = await db.query<{ date_id: number; state: string }>(`SELECT (data->>'dateId')::int AS date_id, state FROM pgboss.job WHERE name = 'transport-date-notify' ORDER BY 1`);
    expect(jobs).toEqual([
      { date_id: dateId, state: 'created' },
      { date_id: second!.id, state: 'created' },
    ]);
  });

  it('writes a failed attempt to the logs and keeps the job for a retry', async () => {
    const app = await startTestApp();
    cleanups.push(() => app.close());
    const { client } = await app.signInAs(Role.Manager);
    const { transportId, dateId } = await departure(app.db);
    // The outbox cannot be written: sending fails inside the job.
    await app.db.query(`ALTER TABLE mail_outbox RENAME TO mail_outbox_away`);
    expect((await client.get(`/api/transports/${transportId}/date/${dateId}/notify`, { proof: true })).status).toBe(200);
    const [failure] = await eventually(() =>
      app.db.query<{ title: string; level_name: string; meta: { job: string; attempt: number } }>(`SELECT title, level_name, meta FROM logs WHERE source = 'jobs'`).then((rows) => rows.length > 0 && rows),
    );
    expect(failure).toMatchObject({ title: 'Задание «transport-date-notify» не выполнено, будет повторено', level_name: 'ERROR', meta: { job: 'transport-date-notify', attempt: 1 } });
    const [job] = await eventually(() => app.db.query<{ state: string }>(`SELECT state FROM pgboss.job WHERE name = 'transport-date-notify'`).then((rows) => rows[0]?.state === 'retry' && rows));
    expect(job!.state).toBe('retry');
    await app.db.query(`ALTER TABLE mail_outbox_away RENAME TO mail_outbox`);
  });
});
