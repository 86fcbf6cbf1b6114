/**
 * The list engine on a real PostgreSQL: counts kept by the database stay exact (after inserts,
 * deletes, updates and under concurrent writers), deep pages through the deferred join equal a
 * plain ORDER BY … OFFSET, and the `/list` pickers of unbounded tables are bounded and searched.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../shared/messages.js';
import { PICKER_LIMITS } from '../../../shared/list.js';
import { Role } from '../../../shared/roles.js';
import { startTestApp, type ApiClient, type TestApp } from '../../test/test-app.js';
import { FOLD_DELTAS_OVER } from './row-counts.js';

let app: TestApp;
let manager: ApiClient;
beforeAll(async () => {
  app = await startTestApp();
  manager = (await app.signInAs(Role.Manager)).client;
});
afterAll(() => app?.close());

/** `count` clients named `<surname> Клиент N`, every third inactive; ids returned in order. */
/** Phones already given out: a client's phone is unique, so each batch takes the next numbers. */
let phonesGiven = 0;

async function addClients(count: number, surname: string, client: { query: TestApp['db']['query'] } = app.db): Promise<number[]> {
  const first = phonesGiven;
  phonesGiven += count;
  const rows = await client.query<{ id: number }>(
    `INSERT INTO clients (surname, name, phone, is_active)
     SELECT $1, 'Клиент ' || g, '+79' || lpad(($3::int + g)::text, 9, '0'), g % 3 <> 0
       FROM generate_series(1, $2::int) AS g RETURNING id`,
    [surname, count, first],
  );
  return rows.map((row) => row.id);
}

/** What the database keeps for clients, and what it should keep (count(*)). */
async function keptAndActual() {
  const [kept] = await app.db.query<{ all: string; active: string; inactive: string }>(
    `SELECT coalesce(sum(delta) FILTER (WHERE key = ''), 0) AS all,
            coalesce(sum(delta) FILTER (WHERE key = 'is_active=true'), 0) AS active,
            coalesce(sum(delta) FILTER (WHERE key = 'is_active=false'), 0) AS inactive
       FROM row_counts WHERE table_name = 'clients'`,
  );
  const [actual] = await app.db.query<{ all: string; active: string; inactive: string }>(
    `SELECT count(*) AS all, count(*) FILTER (WHERE is_active) AS active, count(*) FILTER (WHERE NOT is_active) AS inactive FROM clients`,
  );
  return { kept: kept!, actual: actual! };
}

async function listedCounts() {
  const count = async (query: string) => {
    const response = await manager.get(`/api/clients${query}`);
    expect(response.status).toBe(200);
    return String(response.body.count);
  };
  return { all: await count(''), active: await count('?is_active=1'), inactive: await count('?is_active=0') };
}

describe('counts kept by the database', () => {
  it('are exact after inserts, deletes, switches and a truncate, and the list answers them', async () => {
    const ids = await addClients(500, 'Счётов');
    await app.db.query('DELETE FROM clients WHERE id = ANY($1)', [ids.slice(0, 120)]);
    await app.db.query('UPDATE clients SET is_active = NOT is_active WHERE id = ANY($1)', [ids.slice(200, 260)]);
    await manager.put(`/api/clients/${ids[300]}/active`, {});
    expect((await manager.delete(`/api/clients/${ids[301]}`)).status).toBe(200);

    let { kept, actual } = await keptAndActual();
    expect(kept).toEqual(actual);
    expect(Number(actual.all)).toBe(500 - 120 - 1);
    expect(await listedCounts()).toEqual(actual);

    // The count really is the kept one: a delta the tables do not back shows in the list's count…
    await app.db.query(`INSERT INTO row_counts (table_name, key, delta) VALUES ('clients', '', 1000)`);
    expect((await manager.get('/api/clients')).body.count).toBe(Number(actual.all) + 1000);
    await app.db.query(`DELETE FROM row_counts WHERE table_name = 'clients' AND delta = 1000 AND key = ''`);
    // …while a search counts its matches.
    expect((await manager.get(`/api/clients?query=${encodeURIComponent('Счётов Клиент 49')}`)).body.count).toBe(
      Number((await app.db.query<{ n: string }>(`SELECT count(*) AS n FROM clients WHERE full_name ILIKE '%Счётов Клиент 49%'`))[0]!.n),
    );

    await app.db.query('TRUNCATE clients CASCADE');
    ({ kept, actual } = await keptAndActual());
    expect(actual).toEqual({ all: '0', active: '0', inactive: '0' });
    expect(kept).toEqual(actual);
    await addClients(7, 'Послеочистки');
    ({ kept, actual } = await keptAndActual());
    expect(kept).toEqual(actual);
    expect(await listedCounts()).toEqual({ all: '7', active: '5', inactive: '2' });
  });

  it('stay exact under eight concurrent writers, with rolled-back transactions, while the list reads and folds the deltas', async () => {
    const start = await addClients(200, 'Конкурентов');
    const writers = Array.from({ length: 8 }, (_, writer) => async () => {
      const connection = new pg.Client({ connectionString: app.db.url });
      await connection.connect();
      try {
        for (let round = 0; round < 25; round++) {
          await connection.query('BEGIN');
          const added = await addClients(3 + ((writer + round) % 5), `Писатель${writer}`, {
            query: async (sql, params) => (await connection.query(sql, params)).rows,
          });
          await connection.query('DELETE FROM clients WHERE id = $1', [added[0]]);
          await connection.query('UPDATE clients SET is_active = NOT is_active WHERE id = $1', [start[(writer * 25 + round) % start.length]]);
          // Every fourth transaction is rolled back: its deltas must vanish with its rows.
          await connection.query(round % 4 === 3 ? 'ROLLBACK' : 'COMMIT');
        }
      } finally {
        await connection.end();
      }
    });
    let reads = 0;
    let writing = true;
    const reader = async () => {
      while (writing) {
        const response = await manager.get('/api/clients?is_active=1');
        expect(response.status).toBe(200);
        reads++;
      }
    };
    const reading = reader();
    await Promise.all(writers.map((write) => write()));
    writing = false;
    await reading;
    expect(reads).toBeGreaterThan(0);

    const { kept, actual } = await keptAndActual();
    expect(kept).toEqual(actual);
    expect(await listedCounts()).toEqual(actual);
    // The reads folded the deltas as they piled up: no key keeps growing without bound.
    await manager.get('/api/clients');
    await new Promise((resolve) => setTimeout(resolve, 200));
    const [parts] = await app.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM row_counts WHERE table_name = 'clients' AND key = ''`);
    expect(parts!.n).toBeLessThanOrEqual(FOLD_DELTAS_OVER + 1);
    expect((await keptAndActual()).kept).toEqual(actual);
  });
});

describe('pages', () => {
  it('equal a plain ORDER BY … OFFSET on every page, sort, filter and search, deep pages included', async () => {
    await app.db.query('TRUNCATE clients CASCADE');
    // Many equal names, so the id tiebreak decides; a third inactive.
    await app.db.query(
      `INSERT INTO clients (surname, name, phone, is_active)
       SELECT (ARRAY['Абрамов','Яковлев','Кузнецов','Кузнецова','Орлов'])[1 + g % 5], 'Имя ' || (g % 40),
              '+79' || lpad((g * 7919 % 1000000000)::text, 9, '0'), g % 3 <> 0
         FROM generate_series(1, 3000) AS g`,
    );
    await app.db.query('ANALYZE clients');
    const expected = async (where: string, order: string, limit: number, offset: number, params: unknown[] = []) =>
      (await app.db.query<{ id: number }>(`SELECT id FROM clients ${where} ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}`, params)).map((row) => row.id);
    const cases: { query: string; where: string; order: string; params?: unknown[] }[] = [
      { query: 'orderBy=full_name&ascending=1', where: '', order: 'full_name, id' },
      { query: 'orderBy=full_name&ascending=0', where: '', order: 'full_name DESC, id DESC' },
      { query: 'ascending=0', where: '', order: 'id DESC' },
      { query: 'orderBy=full_name&is_active=0', where: 'WHERE NOT is_active', order: 'full_name, id' },
      { query: `orderBy=full_name&query=${encodeURIComponent('кузнец')}`, where: 'WHERE search_text ILIKE $1', order: 'full_name, id', params: ['%кузнец%'] },
      { query: `orderBy=full_name&ascending=0&is_active=1&query=${encodeURIComponent('имя 1')}`, where: 'WHERE search_text ILIKE $1 AND is_active', order: 'full_name DESC, id DESC', params: ['%имя 1%'] },
    ];
    for (const { query, where, order, params = [] } of cases) {
      const [{ n }] = (await app.db.query<{ n: string }>(`SELECT count(*) AS n FROM clients ${where}`, params)) as [{ n: string }];
      const total = Number(n);
      const lastPage = Math.max(1, Math.ceil(total / 25));
      for (const page of [1, 2, Math.ceil(lastPage / 2), lastPage - 1, lastPage, lastPage + 1].filter((p) => p >= 1)) {
        const response = await manager.get(`/api/clients?${query}&limit=25&page=${page}`);
        expect(response.status, `${query} page ${page}`).toBe(200);
        expect(response.body.count, `${query} page ${page}`).toBe(total);
        expect(
          response.body.data.map((row: { id: number }) => row.id),
          `${query} page ${page}`,
        ).toEqual(await expected(where, order, 25, (page - 1) * 25, params));
      }
    }
  });

  it('refuse an unknown sort column and a bad filter with the field message', async () => {
    const response = await manager.get('/api/clients?orderBy=password_encrypted&is_active=maybe&limit=101');
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({
      orderBy: [MESSAGES.validation.oneOf],
      is_active: [MESSAGES.validation.oneOf],
      limit: [MESSAGES.validation.max(100)],
    });
  });
});

describe('pickers (/list) of tables that grow without bound', () => {
  let agencyId: number;
  let otherAgencyId: number;
  beforeAll(async () => {
    await addClients(260, 'Выборов');
    await addClients(3, 'Редкостный');
    [{ id: agencyId }, { id: otherAgencyId }] = (await app.db.query<{ id: number }>(
      `INSERT INTO agencies (legal_name) VALUES ('ООО «Выборка»'), ('ООО «Другая»') RETURNING id`,
    )) as [{ id: number }, { id: number }];
    await app.db.query(
      `INSERT INTO agency_users (agency_id, full_name, email)
       SELECT CASE WHEN g <= 230 THEN $1::int ELSE $2::int END, 'Сотрудников ' || g, 'staff' || g || '@example.test' FROM generate_series(1, 240) AS g`,
      [agencyId, otherAgencyId],
    );
  });

  it(`answer at most ${PICKER_LIMITS.default} by default and ${PICKER_LIMITS.max} at most, by name; more is a 422`, async () => {
    const byDefault = await manager.get('/api/clients/list');
    expect(byDefault.status).toBe(200);
    expect(byDefault.body.data).toHaveLength(PICKER_LIMITS.default);
    const names = byDefault.body.data.map((row: { name: string }) => row.name);
    expect(names).toEqual([...names].sort((a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(byDefault.body.data[0]).toEqual({ id: expect.any(Number), name: expect.any(String) });

    expect((await manager.get(`/api/clients/list?limit=${PICKER_LIMITS.max}`)).body.data).toHaveLength(PICKER_LIMITS.max);
    for (const limit of [PICKER_LIMITS.max + 1, 0, 'many']) {
      const refused = await manager.get(`/api/clients/list?limit=${limit}`);
      expect(refused.status, String(limit)).toBe(422);
      expect(refused.body.errors.limit, String(limit)).toHaveLength(1);
    }
    expect((await manager.get(`/api/clients/list?limit=${PICKER_LIMITS.max + 1}`)).body.errors).toEqual({ limit: [MESSAGES.validation.max(PICKER_LIMITS.max)] });
  });

  it('search on the server: only matches, short and long queries alike', async () => {
    const rare = await manager.get(`/api/clients/list?query=${encodeURIComponent('редкостн')}`);
    expect(rare.body.data.map((row: { name: string }) => row.name)).toEqual(['Редкостный Клиент 1', 'Редкостный Клиент 2', 'Редкостный Клиент 3']);
    // A phone fragment finds the client too (the search covers the list's search text).
    const [{ phone, full_name }] = (await app.db.query<{ phone: string; full_name: string }>(
      `SELECT phone, full_name FROM clients WHERE surname = 'Редкостный' ORDER BY id LIMIT 1`,
    )) as [{ phone: string; full_name: string }];
    expect((await manager.get(`/api/clients/list?query=${phone.slice(3)}`)).body.data.map((row: { name: string }) => row.name)).toContain(full_name);
    const short = await manager.get(`/api/clients/list?query=${encodeURIComponent('ы')}&limit=5`);
    expect(short.body.data).toHaveLength(5);
    for (const row of short.body.data as { name: string }[]) expect(row.name.toLowerCase()).toContain('ы');
    expect((await manager.get(`/api/clients/list?query=${encodeURIComponent('нет такого')}`)).body).toEqual({ data: [] });
  });

  it('narrow by the list\'s own filters on every path (no search, a short one, a trigram one); a bad value is a 422', async () => {
    const picked = async (query: string) => {
      const reply = await manager.get(`/api/clients/list?limit=200&${query}`);
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      return reply.body.data as { id: number; name: string }[];
    };
    // Редкостный Клиент 1 and 2 are active, 3 is not (every third client is inactive).
    expect((await picked(`query=${encodeURIComponent('редкостн')}&is_active=0`)).map((row) => row.name)).toEqual(['Редкостный Клиент 3']);
    expect((await picked(`query=${encodeURIComponent('редкостн')}&is_active=1`)).map((row) => row.name)).toEqual(['Редкостный Клиент 1', 'Редкостный Клиент 2']);
    for (const query of ['is_active=0', `query=${encodeURIComponent('ы')}&is_active=0`]) {
      const rows = await picked(query);
      expect(rows.length, query).toBeGreaterThan(0);
      const [{ active }] = (await app.db.query<{ active: number }>('SELECT count(*) FILTER (WHERE is_active)::int AS active FROM clients WHERE id = ANY($1)', [rows.map((row) => row.id)])) as [{ active: number }];
      expect(active, query).toBe(0);
    }
    const refused = await manager.get('/api/clients/list?is_active=maybe');
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({ is_active: [MESSAGES.validation.oneOf] });
  });

  it('serve staff users (administrator only), agencies and one agency’s employees the same way', async () => {
    const { client: admin } = await app.signInAs(Role.Administrator, { surname: 'Пикеров' });
    const users = await admin.get(`/api/users/list?query=${encodeURIComponent('пикеров')}`);
    expect(users.body.data).toEqual([{ id: expect.any(Number), name: 'Пикеров Тест Тестович' }]);
    expect((await manager.get('/api/users/list')).status).toBe(403);

    expect((await manager.get(`/api/agencies/list?query=${encodeURIComponent('выборк')}`)).body.data).toEqual([{ id: agencyId, name: 'ООО «Выборка»' }]);

    const employees = await manager.get(`/api/agencies/${agencyId}/agency-users/list`);
    expect(employees.status).toBe(200);
    expect(employees.body.data).toHaveLength(PICKER_LIMITS.default);
    const all = await manager.get(`/api/agencies/${agencyId}/agency-users/list?limit=200&query=${encodeURIComponent('сотрудников 23')}`);
    // Сотрудников 23 and 230 work for this agency; 231–240 for the other one.
    expect(all.body.data.map((row: { name: string }) => row.name)).toEqual(['Сотрудников 23', 'Сотрудников 230']);
    expect((await manager.get(`/api/agencies/${agencyId}/agency-users/list?limit=201`)).status).toBe(422);
    expect((await manager.get('/api/agencies/999999/agency-users/list')).status).toBe(404);
    // The paged employees list counts within the agency.
    expect((await manager.get(`/api/agencies/${otherAgencyId}/agency-users`)).body.count).toBe(10);
  });

  it('leave small dictionaries whole', async () => {
    await app.db.query(`INSERT INTO countries (name) SELECT 'Страна ' || g FROM generate_series(1, 250) AS g`);
    const countries = await manager.get('/api/countries/list?limit=10');
    expect(countries.status).toBe(200);
    expect(countries.body.data.length).toBeGreaterThanOrEqual(250);
  });
});
