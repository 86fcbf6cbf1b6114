/** Clients' e-mail (whatever its case) and phone are unique among clients (issue 8 "Stored content"). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StoredContent1764300000000 } from '../../migrations/1764300000000-StoredContent.js';
import { MESSAGES } from '../../shared/messages.js';
import { Role } from '../../shared/roles.js';
import { startTestApp, type ApiClient, type TestApp } from '../test/test-app.js';
import { rerunMigration } from '../test/migration-rerun.js';

let app: TestApp;
let manager: ApiClient;

beforeAll(async () => {
  app = await startTestApp();
  ({ client: manager } = await app.signInAs(Role.Manager));
});
afterAll(() => app?.close());

const client = (overrides: Record<string, unknown>) => ({ surname: 'Смирнова', name: 'Анна', ...overrides });
const clientCount = async () => (await app.db.query<{ count: number }>('SELECT count(*)::int AS count FROM clients'))[0]!.count;
const UNIQUE = MESSAGES.validation.unique;

describe('unique e-mail and phone', () => {
  it('a second client with the same e-mail in another case, or the same phone written otherwise, is a 422 on that field', async () => {
    const first = await manager.post('/api/clients', client({ phone: '+7 (900) 111-22-33', email: 'Anna.Smirnova@Example.test' }));
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const before = await clientCount();

    const sameEmail = await manager.post('/api/clients', client({ phone: '+7 (900) 111-22-34', email: 'anna.smirnova@EXAMPLE.TEST' }));
    expect(sameEmail.status).toBe(422);
    expect(sameEmail.body).toEqual({ message: UNIQUE, errors: { email: [UNIQUE] } });

    const samePhone = await manager.post('/api/clients', client({ phone: '+79001112233', email: 'other@example.test' }));
    expect(samePhone.status).toBe(422);
    expect(samePhone.body).toEqual({ message: UNIQUE, errors: { phone: [UNIQUE] } });
    expect(await clientCount()).toBe(before);

    // Clients without e-mail are many.
    for (const phone of ['+7 900 111 22 40', '+7 900 111 22 41']) expect((await manager.post('/api/clients', client({ phone, email: '' }))).status).toBe(201);
  });

  it('a client taking both another\'s e-mail and phone hears of both in one 422 (issue 16), on create and on edit', async () => {
    await manager.post('/api/clients', client({ phone: '+7 (900) 555-00-01', email: 'both@example.test' }));
    const both = await manager.post('/api/clients', client({ phone: '+79005550001', email: 'BOTH@example.test' }));
    expect(both.status).toBe(422);
    expect(both.body.errors).toEqual({ email: [UNIQUE], phone: [UNIQUE] });
    const other = await manager.post('/api/clients', client({ phone: '+7 (900) 555-00-02', email: 'both2@example.test' }));
    const edit = await manager.put(`/api/clients/${other.body.data.id}`, { email: 'both@example.test', phone: '+7 900 555 00 01' });
    expect(edit.body.errors).toEqual({ email: [UNIQUE], phone: [UNIQUE] });
  });

  it('an edit onto another client\'s e-mail or phone is refused too, and leaves the client as it was', async () => {
    const taken = await manager.post('/api/clients', client({ phone: '+7 (900) 222-00-01', email: 'taken@example.test' }));
    const other = await manager.post('/api/clients', client({ phone: '+7 (900) 222-00-02', email: 'other2@example.test' }));
    const id = other.body.data.id as number;
    const email = await manager.put(`/api/clients/${id}`, { email: 'TAKEN@example.test' });
    expect(email.status).toBe(422);
    expect(email.body.errors).toEqual({ email: [UNIQUE] });
    const phone = await manager.put(`/api/clients/${id}`, { phone: taken.body.data.phone });
    expect(phone.status).toBe(422);
    expect(phone.body.errors).toEqual({ phone: [UNIQUE] });
    expect((await manager.get(`/api/clients/${id}`)).body.data).toMatchObject({ email: 'other2@example.test', phone: '+79002220002', version: 1 });
    // Its own values are no conflict.
    expect((await manager.put(`/api/clients/${id}`, { email: 'Other2@example.test', phone: '+7 900 222 00 02' })).status).toBe(200);
  });

  it('ten colleagues creating the same client at once make one client', async () => {
    const colleagues = await Promise.all(Array.from({ length: 10 }, () => app.signInAs(Role.Manager)));
    const responses = await Promise.all(colleagues.map(({ client: colleague }) => colleague.post('/api/clients', client({ phone: '+7 900 333 44 55', email: 'race@example.test' }))));
    expect(responses.filter((response) => response.status === 201)).toHaveLength(1);
    expect(responses.filter((response) => response.status === 422)).toHaveLength(9);
    expect(await app.db.query(`SELECT count(*)::int AS count FROM clients WHERE phone = '+79003334455'`)).toEqual([{ count: 1 }]);
  });
});

describe('migration 1764300000000-StoredContent', () => {
  it('keeps the oldest client\'s e-mail, clears later copies, keeps duplicate phones out of the index, and lists both in the logs', async () => {
    await rerunMigration(
      new StoredContent1764300000000(),
      async (db) => {
        const rows = await db.query<{ id: number }>(
          `INSERT INTO clients (surname, name, phone, email) VALUES
             ('А', 'А', '+79000000001', 'same@example.test'),
             ('Б', 'Б', '+79000000002', 'SAME@example.test'),
             ('В', 'В', '+79000000001', null),
             ('Г', 'Г', '+79000000003', 'own@example.test')
           RETURNING id`,
        );
        const [a, b, c, d] = rows.map((row) => row.id);
        return { a, b, c, d };
      },
      async (db, { a, b, c, d }) => {
        expect(await db.query('SELECT id, phone, email FROM clients ORDER BY id')).toEqual([
          { id: a, phone: '+79000000001', email: 'same@example.test' },
          { id: b, phone: '+79000000002', email: null },
          { id: c, phone: '+79000000001', email: null },
          { id: d, phone: '+79000000003', email: 'own@example.test' },
        ]);
        const [note] = await db.query<{ meta: unknown }>(`SELECT meta FROM logs WHERE title = 'Найдены клиенты с одинаковыми email или телефоном'`);
        expect(note!.meta).toEqual({ cleared_emails: [{ id: b, email: 'SAME@example.test' }], same_phone: [{ id: c, phone: '+79000000001' }] });

        // From now on both are unique, the kept duplicate phone included.
        await expect(db.query(`INSERT INTO clients (surname, name, phone) VALUES ('Д', 'Д', '+79000000001')`)).rejects.toMatchObject({ constraint: 'uq_clients_phone' });
        await expect(db.query(`INSERT INTO clients (surname, name, phone, email) VALUES ('Д', 'Д', '+79000000009', 'Own@Example.test')`)).rejects.toMatchObject({
          constraint: 'uq_clients_email',
        });
      },
    );
  });
});
