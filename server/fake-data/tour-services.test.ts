/** The demo's tour services on a real PostgreSQL: what the service dialog itself would save, so each opens and saves back unchanged. */
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Role } from '../../shared/roles.js';
import { startTestApp, type TestApp } from '../test/test-app.js';
import { fillFakeData } from './index.js';

let app: TestApp;
let sql: pg.Client;
beforeAll(async () => {
  app = await startTestApp();
  sql = new pg.Client({ connectionString: app.db.url });
  await sql.connect();
  await fillFakeData(sql, { tour_services: 25 });
});
afterAll(async () => {
  await sql?.end();
  await app?.close();
});

it('makes the asked number of services of every class, each read and saved back unchanged by the API', async () => {
  const { client } = await app.signInAs(Role.Manager);
  const list = await client.get('/api/tours/services?limit=100');
  expect(list.status).toBe(200);
  expect(list.body.count).toBe(25);
  expect(new Set(list.body.data.map((row: { class: number }) => row.class))).toEqual(new Set([1, 2, 3]));
  for (const row of list.body.data.slice(0, 10) as { id: number }[]) {
    const read = await client.get(`/api/tours/services/${row.id}`);
    expect(read.body.data.dates.length).toBeGreaterThan(0);
    const saved = await client.put(`/api/tours/services/${row.id}`, read.body.data);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect({ ...saved.body.data, version: read.body.data.version }).toEqual(read.body.data);
  }
  // A second fill adds services of names of their own.
  await fillFakeData(sql, { tour_services: 5 });
  expect((await app.db.query<{ n: number }>('SELECT count(DISTINCT lower(name))::int AS n FROM tour_services'))[0]!.n).toBe(30);
});
