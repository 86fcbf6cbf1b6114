/**
 * The list engine on a real PostgreSQL: counts kept by the database stay exact (after inserts,
 * deletes, updates and under concurrent writers), deep pages through the deferred join equal a
 * plain ORDER BY … OFFSET, the `/list` pickers of unbounded tables are bounded and searched, and a
 * search of digits finds phones and numbers through their btree indexes with exact counts.
 */
import pg from 'pg';
import { Column, DataSource, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { recordingDataSource, type SentStatement } from '../../test/recording-data-source.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClientEntity } from '../../clients/client.entity.js';
import { z } from 'zod';
import { defineList, LIST_FILTER_MAX_VALUES, listFilter } from '../../../shared/list.js';
import { MESSAGES } from '../../../shared/messages.js';
import { PICKER_LIMITS } from '../../../shared/list.js';
import { Role } from '../../../shared/roles.js';
import { startTestApp, type ApiClient, type TestApp } from '../../test/test-app.js';
import type { AuthUser } from '../auth/decorators.js';
import { ValidationFailed } from '../http/errors.js';
import { ListService, PagedQuery } from './list.service.js';
import { FOLD_DELTAS_OVER } from './row-counts.js';
import { ALIAS, defineServerList } from './server-list.js';

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
    expect(byDefault.body.data[0]).toEqual({ id: expect.any(Number), name: expect.any(String), detail: expect.any(String) });

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

    expect((await manager.get(`/api/agencies/list?query=${encodeURIComponent('выборк')}`)).body.data).toEqual([{ id: agencyId, name: 'ООО «Выборка»', detail: null }]);

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

/** The columns of an application the digit search reads (the applications list declares the same). */
@Entity('applications')
class DigitSearchApplication {
  @PrimaryGeneratedColumn()
  id: number;

  @Column('varchar')
  number: string;

  @Column('varchar', { nullable: true })
  phone: string | null;
}

const applicationsByDigits = defineServerList({
  definition: defineList({ path: '/digit-search-applications', sortable: ['id', 'number'] }),
  entity: DigitSearchApplication,
  searchExpression: 't.number',
  digitSearch: { phones: ['phone'], numbers: ['number'] },
});

describe('digit search', () => {
  /** Statements the engine sent through `engine` (a data source of this test's own, logging its queries). */
  let sent: SentStatement[] = [];
  let engine: DataSource;
  // Hand-picked clients: their phones say which query must find them.
  const picked = {
    starts912: '+79121234567',
    has912Inside: '+79031239120',
    ends912: '+79035550912',
    starts8912: '+78912000000',
    startsAndEnds912: '+79120000912',
  };
  const pickedIds: Record<keyof typeof picked, number> = {} as never;
  let emailOnlyId: number;

  beforeAll(async () => {
    await app.db.query('TRUNCATE clients CASCADE');
    await app.db.query(
      `INSERT INTO clients (surname, name, phone, email, is_active)
       SELECT (ARRAY['Абрамов','Яковлев','Кузнецов','Орлов'])[1 + g % 4], 'Имя ' || (g % 40),
              '+79' || lpad((g::bigint * 387420489 % 1000000000)::text, 9, '0'), 'client' || g || '@example.test', g % 3 <> 0
         FROM generate_series(1, 20000) AS g`,
    );
    for (const [key, phone] of Object.entries(picked)) {
      const [{ id }] = (await app.db.query<{ id: number }>(`INSERT INTO clients (surname, name, phone) VALUES ('Цифров', $1, $2) RETURNING id`, [key, phone])) as [{ id: number }];
      pickedIds[key as keyof typeof picked] = id;
    }
    // 912 only in the e-mail: the trigram search found it, the digit search does not.
    [{ id: emailOnlyId }] = (await app.db.query<{ id: number }>(`INSERT INTO clients (surname, name, phone, email) VALUES ('Почтов', 'Иван', '+79990000001', 'ivan912@example.test') RETURNING id`)) as [{ id: number }];
    await app.db.query('VACUUM ANALYZE clients');
    ({ engine, sent } = await recordingDataSource(app.db.url, [ClientEntity, DigitSearchApplication]));
  });
  afterAll(() => engine?.destroy());

  /** The matches by the test's own reading of a phone: its ten digits after +7 start with a prefix or end with an ending. */
  async function phoneMatches(prefixes: string[], endings: string[], where = 'true', order = 'id DESC') {
    const rows = await app.db.query<{ id: number }>(
      `SELECT id FROM clients WHERE (substr(phone, 3) LIKE ANY ($1) OR substr(phone, 3) LIKE ANY ($2)) AND ${where} ORDER BY ${order}`,
      [prefixes.map((prefix) => `${prefix}%`), endings.map((ending) => `%${ending}`)],
    );
    return rows.map((row) => row.id);
  }

  const listed = async (query: string, rest = 'ascending=0') => {
    const response = await manager.get(`/api/clients?query=${encodeURIComponent(query)}&limit=25&${rest}`);
    expect(response.status, query).toBe(200);
    return { ids: response.body.data.map((row: { id: number }) => row.id) as number[], count: response.body.count as number };
  };

  it('finds clients by the digits after +7 / 8 as a prefix or by the last digits, with exact counts on every path', async () => {
    const cases: { query: string; prefixes: string[]; endings: string[] }[] = [
      { query: '912', prefixes: ['912'], endings: ['912'] },
      { query: '8912', prefixes: ['8912', '912'], endings: ['8912'] },
      { query: '8 912', prefixes: ['8912', '912'], endings: ['8912'] },
      { query: '7912', prefixes: ['7912', '912'], endings: ['7912'] },
      { query: '+7 (912', prefixes: ['912'], endings: [] },
      { query: '8 (912) 12', prefixes: ['891212', '91212'], endings: [] },
      { query: '+7 912 123-45-67', prefixes: ['9121234567'], endings: [] },
      { query: '45-67', prefixes: ['4567'], endings: ['4567'] },
      { query: '0912', prefixes: ['0912'], endings: ['0912'] },
      { query: '9', prefixes: ['9'], endings: ['9'] },
    ];
    for (const { query, prefixes, endings } of cases) {
      const all = await phoneMatches(prefixes, endings);
      expect(all.length, query).toBeGreaterThan(0);
      // Unfiltered, newest first (the indexes alone), the next page, and a page past the end (counted apart).
      expect(await listed(query), query).toEqual({ ids: all.slice(0, 25), count: all.length });
      expect(await listed(query, 'ascending=0&page=2'), query).toEqual({ ids: all.slice(25, 50), count: all.length });
      expect(await listed(query, 'ascending=1'), query).toEqual({ ids: [...all].reverse().slice(0, 25), count: all.length });
      const pastEnd = Math.ceil(all.length / 25) + 1;
      expect(await listed(query, `ascending=0&page=${pastEnd}`), query).toEqual({ ids: [], count: all.length });
      // Filtered and sorted by name (one bitmap scan of the same indexes, then the rows).
      const active = await phoneMatches(prefixes, endings, 'is_active', 'full_name, id');
      expect(await listed(query, 'is_active=1&orderBy=full_name&ascending=1'), query).toEqual({ ids: active.slice(0, 25), count: active.length });
      // The picker answers the matches by name.
      const byName = await phoneMatches(prefixes, endings, 'true', 'full_name, id');
      const pickedRows = (await manager.get(`/api/clients/list?limit=200&query=${encodeURIComponent(query)}`)).body.data as { id: number }[];
      expect(pickedRows.map((row) => row.id), query).toEqual(byName.slice(0, 200));
    }

    const found = async (query: string) => (await manager.get(`/api/clients?limit=100&ascending=0&query=${encodeURIComponent(query)}`)).body.data.map((row: { id: number }) => row.id) as number[];
    const { starts912, has912Inside, ends912, starts8912, startsAndEnds912 } = pickedIds;
    expect(await found('912')).toEqual(expect.arrayContaining([starts912, ends912]));
    // Found by both ranges, listed once.
    expect((await found('912')).filter((id) => id === startsAndEnds912)).toEqual([startsAndEnds912]);
    for (const id of [has912Inside, starts8912, emailOnlyId]) expect(await found('912')).not.toContain(id);
    expect(await found('+7 (912')).toContain(starts912);
    expect(await found('+7 (912')).not.toContain(ends912);
    expect(await found('8 912')).toEqual(expect.arrayContaining([starts912, starts8912]));
    expect(await found('89121234567')).toEqual([starts912]);
    expect(await found('+7 (912) 123-45-67')).toEqual([starts912]);
    expect(await found('123-91-20')).toEqual([has912Inside]);
  });

  it('leaves names, e-mails and a name with digits to the trigram search', async () => {
    expect((await listed('Цифров')).count).toBe(5);
    expect((await listed('ivan912')).ids).toEqual([emailOnlyId]);
    expect((await listed('Цифров starts912')).ids).toEqual([pickedIds.starts912]);
    expect((await listed('Иван +7999')).ids).toEqual([emailOnlyId]);
  });

  it('counts an unfiltered search through the digit indexes alone, and a filtered one through a bitmap of them', async () => {
    const params = { query: '912', page: 1, limit: 10, orderBy: null, ascending: false, filters: {} };
    const { clientsServerResource } = await import('../../clients/clients.resource.js');
    const plan = async (filters: Record<string, unknown>) => {
      sent.length = 0;
      const { count } = await new PagedQuery(engine, clientsServerResource, { ...params, filters }).run();
      expect(count).toBe((await phoneMatches(['912'], ['912'], filters.is_active ? 'is_active' : 'true')).length);
      expect(sent).toHaveLength(1);
      const rows = await app.db.query<{ 'QUERY PLAN': string }>(`EXPLAIN (COSTS OFF) ${sent[0]!.query}`, sent[0]!.parameters);
      return rows.map((row) => row['QUERY PLAN']).join('\n');
    };
    // Each part reads its own index (index-only, or through a bitmap on a table this small: the planner's choice).
    const unfiltered = await plan({});
    expect(unfiltered).toMatch(/(Index Only Scan using|Bitmap Index Scan on) ix_clients_phone_digits on clients|Bitmap Index Scan on ix_clients_phone_digits\n/);
    expect(unfiltered).toMatch(/(Index Only Scan using|Bitmap Index Scan on) ix_clients_phone_digits_reversed/);
    // The parts are kept apart by the entries they read, so nothing makes them distinct: the page is the top of their
    // Append, the count an Aggregate over a second Append.
    expect(unfiltered).toMatch(/Append/);
    expect(unfiltered).not.toMatch(/HashAggregate|Unique|WindowAgg/);
    expect(unfiltered).not.toMatch(/Seq Scan|ix_clients_search/);
    const filtered = await plan({ is_active: true });
    expect(filtered).toMatch(/Bitmap Index Scan on ix_clients_phone_digits\b/);
    expect(filtered).toMatch(/Bitmap Index Scan on ix_clients_phone_digits_reversed/);
    expect(filtered).not.toMatch(/Seq Scan|ix_clients_search/);
  });

  it('finds an application by its number whole or by the end of its sequence, and by its phone', async () => {
    const [{ id: clientId }] = (await app.db.query<{ id: number }>('SELECT id FROM clients ORDER BY id LIMIT 1')) as [{ id: number }];
    await app.db.query(
      `INSERT INTO applications (number, phone, type, client_id)
       SELECT y || '-' || lpad(g::text, 6, '0'), CASE WHEN g % 50 = 0 THEN '+79' || lpad((g * 7919)::text, 9, '0') END, 5, $1
         FROM generate_series(1, 3000) AS g, (VALUES ('2025'), ('2026')) AS years (y)`,
      [clientId],
    );
    await app.db.query(`INSERT INTO applications (number, phone, type, client_id) VALUES ('2026-1000123', '+7 (912) 000-01-23', 5, $1)`, [clientId]);
    await app.db.query('VACUUM ANALYZE applications');
    const search = async (query: string, filters: Record<string, unknown> = {}) => {
      sent.length = 0;
      const { entities, count } = await new PagedQuery(engine, applicationsByDigits, { query, page: 1, limit: 100, orderBy: null, ascending: true, filters }).run();
      return { numbers: entities.map((entity) => (entity as DigitSearchApplication).number), count };
    };
    expect(await search('2026-000123')).toEqual({ numbers: ['2026-000123'], count: 1 });
    expect(await search('2026-123')).toEqual({ numbers: ['2026-000123'], count: 1 });
    expect(await search('2026-1000123')).toEqual({ numbers: ['2026-1000123'], count: 1 });
    expect(await search('000123')).toEqual({ numbers: ['2025-000123', '2026-000123', '2026-1000123'], count: 3 });
    // The sequences ending in 123 (000123, 001123, 002123 of both years, and 1000123), and the phone ending in 0123.
    const endingIn123 = await search('123');
    expect({ ...endingIn123, numbers: endingIn123.numbers.sort() }).toEqual({ numbers: ['2025-000123', '2025-001123', '2025-002123', '2026-000123', '2026-001123', '2026-002123', '2026-1000123'], count: 7 });
    const byPhone = await search('+7 912');
    expect(byPhone).toEqual({ numbers: ['2026-1000123'], count: 1 });
    // Digits are the end of a sequence, never the year: 2026 is the sequence 002026 of both years.
    expect(await search('2026')).toEqual({ numbers: ['2025-002026', '2026-002026'], count: 2 });
    // The statement reads the reversed numbers' index.
    await search('123');
    const rows = await app.db.query<{ 'QUERY PLAN': string }>(`EXPLAIN (COSTS OFF) ${sent[0]!.query}`, sent[0]!.parameters);
    const plan = rows.map((row) => row['QUERY PLAN']).join('\n');
    expect(plan).toMatch(/ix_applications_number_reversed/);
    expect(plan).toMatch(/ix_applications_phone_digits_reversed/);
  });
});

describe('list filters (listFilter.integers)', () => {
  // Clients narrowed by a set of ids, declared as any list declares one: the filter (and its alias) in the shared
  // definition, its column on the server.
  const byIds = defineServerList({
    definition: defineList({
      path: '/clients',
      sortable: ['id'],
      picker: 'search',
      filters: z.object({ ids: listFilter.integers(1, 2_147_483_647, { aliases: ['client_ids'] }), is_active: listFilter.flag() }),
    }),
    entity: ClientEntity,
    nameColumn: 'full_name',
    searchExpression: `${ALIAS}.search_text`,
    filterExpressions: { ids: `${ALIAS}.id` },
  });
  let engine: DataSource;
  let sent: SentStatement[];
  let chosen: number[];
  const viewer: AuthUser = { id: 0, name: 'Просмотрщик', email: 'viewer@example.test', role: Role.Manager };

  beforeAll(async () => {
    ({ engine, sent } = await recordingDataSource(app.db.url, [ClientEntity]));
    // Списков Клиент 1 … 6, every third inactive: 3 and 6.
    chosen = await addClients(6, 'Списков');
  });
  afterAll(() => engine?.destroy());

  const pageIds = async (raw: Record<string, unknown>) => {
    const { data, count } = await new ListService(engine).page(byIds, { ascending: '1', ...raw }, viewer);
    return { ids: (data as { id: number }[]).map((row) => row.id), count };
  };

  it('narrow a page and a picker by a set in every form, the alias too, with a bound array', async () => {
    const [first, , third, , , sixth] = chosen as [number, number, number, number, number, number];
    const expected = { ids: [first, third, sixth], count: 3 };
    for (const raw of [
      { 'ids[]': [String(sixth), String(first), String(third)] },
      { ids: `${first},${third},${sixth}` },
      { ids: [String(first), `${third},${sixth}`] },
      { client_ids: `${sixth},${third}`, 'client_ids[]': String(first) },
      { 'ids[]': String(first), ids: ` ${third}, ,${sixth},${first}` },
    ]) {
      expect(await pageIds(raw), JSON.stringify(raw)).toEqual(expected);
    }
    expect(await pageIds({ ids: String(third) })).toEqual({ ids: [third], count: 1 });
    expect(await pageIds({ client_ids: `${first},${third},${sixth}`, is_active: '0' })).toEqual({ ids: [third, sixth], count: 2 });
    sent.length = 0;
    await pageIds({ ids: `${first},${third}` });
    expect(sent[0]!.query).toMatch(/"?t"?\."?id"? = ANY\(\$1\)/);
    expect(sent[0]!.parameters).toEqual([[first, third]]);
    const picked = await new ListService(engine).pick(byIds, { 'client_ids[]': [String(third), String(first)], query: 'списков' });
    expect(picked.data.map((row) => row.id)).toEqual([first, third]);
  });

  it('refuse a value that is not a whole number, and too many values, with a 422 on the filter', async () => {
    const refused = async (raw: Record<string, unknown>) => {
      const error = await pageIds(raw).then(
        () => null,
        (thrown: unknown) => thrown,
      );
      expect(error, JSON.stringify(raw)).toBeInstanceOf(ValidationFailed);
      return (error as ValidationFailed).errors;
    };
    expect(await refused({ 'client_ids[]': ['1', 'два'] })).toEqual({ ids: [MESSAGES.validation.integer] });
    expect(await refused({ ids: Array.from({ length: LIST_FILTER_MAX_VALUES + 1 }, (_, index) => index + 1).join(',') })).toEqual({
      ids: [MESSAGES.validation.maxItems(LIST_FILTER_MAX_VALUES)],
    });
    await expect(new ListService(engine).pick(byIds, { ids: '1,0' })).rejects.toMatchObject({ errors: { ids: [MESSAGES.validation.min(1)] } });
  });

  it('leave a list without them as it was: their names are no filter of it', async () => {
    const count = async (query: string) => {
      const response = await manager.get(`/api/clients?${query}`);
      expect(response.status, query).toBe(200);
      return response.body.count as number;
    };
    const active = await count('is_active=1');
    expect(active).toBeGreaterThan(0);
    expect(await count(encodeURI('is_active=1&statuses_ids[]=x&status_ids=1,2&ids=1,2'))).toBe(active);
    // A plain filter given as `name[]` is not read, as before.
    expect(await count(encodeURI('is_active[]=0'))).toBe(await count(''));
  });
});
