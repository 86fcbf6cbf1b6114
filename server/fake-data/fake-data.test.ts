/** The fake-data generator on a real PostgreSQL: the office it makes is valid, Russian, varied and repeatable. */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '../../shared/roles.js';
import { createTestDatabase, startTestApp, type TestApp } from '../test/test-app.js';
import { fillFakeData } from './index.js';
import { FAKE_STAFF_PASSWORD } from './staff.js';

let app: TestApp;
let sql: pg.Client;
beforeAll(async () => {
  app = await startTestApp();
  sql = new pg.Client({ connectionString: app.db.url });
  await sql.connect();
  await fillFakeData(sql, { cities: 30, staff: 40, clients: 600, agencies: 12 });
});
afterAll(async () => {
  await sql?.end();
  await app?.close();
});

describe('fillFakeData', () => {
  it('makes the asked numbers of valid records with Russian names, unique e-mails and phones', async () => {
    const count = async (table: string) => Number((await app.db.query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`))[0]!.n);
    expect(await count('cities')).toBe(30);
    expect(await count('users')).toBe(40);
    expect(await count('clients')).toBe(600);
    expect(await count('agencies')).toBe(12);
    expect(await count('agency_users')).toBeGreaterThan(0);

    const clients = await app.db.query<{ surname: string; name: string; phone: string; email: string | null }>('SELECT surname, name, phone, email FROM clients');
    for (const client of clients) {
      expect(client.surname).toMatch(/^[А-ЯЁ][а-яё-]+$/);
      expect(client.name).toMatch(/^[А-ЯЁ][а-яё-]+$/);
      expect(client.phone).toMatch(/^\+79\d{9}$/);
      if (client.email) expect(client.email).toMatch(/^[a-z.]+\d+@[a-z.]+$/);
    }
    expect(new Set(clients.map((client) => client.phone)).size).toBe(clients.length);
    const emails = clients.flatMap((client) => (client.email ? [client.email] : []));
    expect(new Set(emails).size).toBe(emails.length);
    // Varied: many surnames of both sexes.
    expect(new Set(clients.map((client) => client.surname)).size).toBeGreaterThan(200);

    // The counts the database keeps match the tables.
    for (const table of ['users', 'clients', 'agencies']) {
      const [kept] = await app.db.query<{ n: string }>(`SELECT sum(delta) AS n FROM row_counts WHERE table_name = $1 AND key = ''`, [table]);
      expect(Number(kept!.n), table).toBe(await count(table));
    }
  });

  it('gives staff who can sign in and lists the API serves', async () => {
    const [manager] = await app.db.query<{ email: string }>(`SELECT email FROM users WHERE role = $1 AND is_active ORDER BY id LIMIT 1`, [Role.Manager]);
    const client = app.client();
    expect((await client.login(manager!.email, FAKE_STAFF_PASSWORD)).status).toBe(200);
    const agencies = await client.get('/api/agencies?orderBy=legal_name');
    expect(agencies.status).toBe(200);
    expect(agencies.body.count).toBe(12);
    expect(agencies.body.data[0].legal_name).toMatch(/^(ООО|ИП|АО) «.+»$/);
    expect((await client.get('/api/clients?query=%D0%BE%D0%B2&limit=5')).body.data).toHaveLength(5);
  });

  it('is repeatable: the same sizes give the same office', async () => {
    const again = await createTestDatabase();
    const other = new pg.Client({ connectionString: again.url });
    await other.connect();
    try {
      await fillFakeData(other, { cities: 30, staff: 40, clients: 600, agencies: 12 });
      const rows = (client: pg.Client) => client.query('SELECT surname, name, patronymic, phone, email FROM clients ORDER BY id').then((result) => result.rows);
      expect(await rows(other)).toEqual(await rows(sql));
      const agencies = (client: pg.Client) => client.query('SELECT legal_name, inn FROM agencies ORDER BY id').then((result) => result.rows);
      expect(await agencies(other)).toEqual(await agencies(sql));
    } finally {
      await other.end();
      await again.drop();
    }
  });
});
