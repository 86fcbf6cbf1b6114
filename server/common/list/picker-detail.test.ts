/**
 * What tells a picker row apart from its namesakes (issue 27, ServerList `pickerDetail`): every
 * `/list` answers `detail` — a hotel's and a sea tour's city, a client's and an agency employee's
 * phone and e-mail, an agency's INN (else its legal address), a transport's route and period, a
 * tour's city (else its forth transport's destination) and duration — on every path of the picker
 * (no search, a short search, an indexed one, a digit search), read for the answered rows only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../shared/messages.js';
import { Role } from '../../../shared/roles.js';
import { CityEntity } from '../../cities/city.entity.js';
import { CountryEntity } from '../../countries/country.entity.js';
import { HotelEntity } from '../../hotels/hotel.entity.js';
import { HOTELS_LIST } from '../../hotels/hotels.list.js';
import { recordingDataSource } from '../../test/recording-data-source.js';
import { startTestApp, type ApiClient, type TestApp } from '../../test/test-app.js';
import { insertCities, insertTransport, insertTransportation } from '../../test/transport-fixtures.js';
import { ListService } from './list.service.js';

let app: TestApp;
let manager: ApiClient;
beforeAll(async () => {
  app = await startTestApp();
  manager = (await app.signInAs(Role.Manager)).client;
});
afterAll(() => app?.close());

const D = MESSAGES.pickerDetail;

/** The picker's rows for `query` (and more of the query string), as `{name, detail}` in the order answered. */
async function picked(path: string, query: string, more = ''): Promise<{ id: number; name: string; detail: string | null }[]> {
  const reply = await manager.get(`/api${path}/list?query=${encodeURIComponent(query)}${more}`);
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body.data;
}
const named = (rows: { name: string; detail: string | null }[]) => rows.map(({ name, detail }) => ({ name, detail }));

async function one(sql: string, params: unknown[]): Promise<number> {
  const [row] = await app.db.query<{ id: number }>(sql, params);
  return row!.id;
}

describe('picker rows say what tells them apart', () => {
  let pyatigorsk: number;
  let kabardinka: number;
  let tuapse: number;
  beforeAll(async () => {
    [pyatigorsk, kabardinka, tuapse] = await insertCities(app.db, ['Пятигорск', 'Кабардинка', 'Туапсе']);
  });

  it('a hotel: its city, searched or not, filtered or not', async () => {
    for (const [city, slug] of [
      [pyatigorsk, 'avrora-p'],
      [kabardinka, 'avrora-k'],
    ] as const) {
      await app.db.query(`INSERT INTO hotels (city_id, name, slug) VALUES ($1, 'Санаторий «Аврора»', $2)`, [city, slug]);
    }
    const expected = [
      { name: 'Санаторий «Аврора»', detail: 'Кабардинка' },
      { name: 'Санаторий «Аврора»', detail: 'Пятигорск' },
    ];
    // Indexed (a trigram search), short (no trigram) and the whole picker all carry it.
    expect(named(await picked('/hotels', 'аврора')).sort((a, b) => a.detail!.localeCompare(b.detail!))).toEqual(expected);
    expect(named(await picked('/hotels', 'ав')).filter((row) => row.name === 'Санаторий «Аврора»').sort((a, b) => a.detail!.localeCompare(b.detail!))).toEqual(expected);
    const whole = await picked('/hotels', '', `&city_id=${pyatigorsk}`);
    expect(whole).toEqual([{ id: expect.any(Number), name: 'Санаторий «Аврора»', city_id: pyatigorsk, is_excursion: false, detail: 'Пятигорск' }]);
  });

  it('a sea tour: its city (names are unique, yet alike)', async () => {
    await app.db.query(`INSERT INTO sea_tours (name, slug, city_id) VALUES ('Морская прогулка', 'sea-a', $1), ('Морская прогулка на закате', 'sea-b', $2)`, [tuapse, kabardinka]);
    expect(named(await picked('/sea-tours', 'морская')).map((row) => row.detail).sort()).toEqual(['Кабардинка', 'Туапсе']);
  });

  it('a client and an agency employee: the phone and the e-mail, found by name or by digits', async () => {
    await app.db.query(
      `INSERT INTO clients (surname, name, phone, email) VALUES ('Смирнова', 'Анна', '+79161234567', 'anna@example.test'), ('Смирнова', 'Анна', '+79169876543', NULL)`,
    );
    const expected = [
      { name: 'Смирнова Анна', detail: `+7 (916) 123-45-67 · anna@example.test` },
      { name: 'Смирнова Анна', detail: '+7 (916) 987-65-43' },
    ];
    expect(named(await picked('/clients', 'смирнова анна'))).toEqual(expected);
    expect(named(await picked('/clients', '9876543'))).toEqual([expected[1]]);

    const agency = await one(`INSERT INTO agencies (legal_name) VALUES ('ООО «Сотрудники»') RETURNING id`, []);
    await app.db.query(`INSERT INTO agency_users (agency_id, full_name, phone, email) VALUES ($1, 'Петров Пётр', '+79031112233', 'petrov@example.test'), ($1, 'Петров Пётр', NULL, NULL)`, [agency]);
    expect(named(await picked(`/agencies/${agency}/agency-users`, ''))).toEqual([
      { name: 'Петров Пётр', detail: '+7 (903) 111-22-33 · petrov@example.test' },
      { name: 'Петров Пётр', detail: null },
    ]);
    // The application editor's agency manager picker passes it on.
    const editorPicker = await manager.get(`/api/applications/agency-users/list?agency_id=${agency}`);
    expect(editorPicker.body.data.map((row: { detail: string | null }) => row.detail)).toEqual(['+7 (903) 111-22-33 · petrov@example.test', null]);
  });

  it('an agency: its INN, else its legal address', async () => {
    await app.db.query(
      `INSERT INTO agencies (legal_name, inn, legal_address) VALUES ('ООО «Вояж»', '2320156789', 'г. Сочи, ул. Морская, 1'), ('ООО «Вояж»', NULL, 'г. Казань, ул. Баумана, 5'), ('ООО «Вояж»', NULL, NULL)`,
    );
    expect(named(await picked('/agencies', 'вояж'))).toEqual([
      { name: 'ООО «Вояж»', detail: D.inn('2320156789') },
      { name: 'ООО «Вояж»', detail: 'г. Казань, ул. Баумана, 5' },
      { name: 'ООО «Вояж»', detail: null },
    ]);
  });

  it('a transport: its route and the period it runs', async () => {
    const [moscow, sochi, voronezh] = await insertCities(app.db, ['Москва', 'Сочи', 'Воронеж']);
    const transportationId = await insertTransportation(app.db);
    await insertTransport(app.db, { name: 'Москва — Сочи лето', transportationId, cities: [moscow!, voronezh!, sochi!], startDate: '2026-06-01', finishDate: '2026-09-30', days: [5] });
    expect(named(await picked('/transports', 'сочи лето'))).toEqual([{ name: 'Москва — Сочи лето', detail: `${D.route('Москва', 'Сочи')} · ${D.period('01.06.2026', '30.09.2026')}` }]);
  });

  it('a tour: its city, else where its forth transport arrives, and its duration', async () => {
    const [krasnodar, gelendzhik] = await insertCities(app.db, ['Краснодар', 'Геленджик']);
    const transportationId = await insertTransportation(app.db);
    const forth = await insertTransport(app.db, { transportationId, cities: [krasnodar!, gelendzhik!], startDate: '2026-01-01', finishDate: '2030-12-31', days: [1] });
    const type = await one(`INSERT INTO tour_types (name) VALUES ('Экскурсионный') RETURNING id`, []);
    await app.db.query(
      `INSERT INTO tours (name, slug, tour_type_id, duration, city_id, transport_forth_id) VALUES
         ('Золотое кольцо I', 'ring-a', $1, 5, $2, NULL), ('Золотое кольцо II', 'ring-b', $1, 3, NULL, $3), ('Золотое кольцо III', 'ring-c', $1, 1, NULL, NULL)`,
      [type, pyatigorsk, forth],
    );
    expect(named(await picked('/tours', 'золотое'))).toEqual([
      { name: 'Золотое кольцо I', detail: `Пятигорск · ${D.days(5)}` },
      { name: 'Золотое кольцо II', detail: `Геленджик · ${D.days(3)}` },
      { name: 'Золотое кольцо III', detail: D.days(1) },
    ]);
  });

  it('is read for the answered rows only: the search stays on its index', async () => {
    // 20 matches among 20 000 hotels: the trigram index finds them.
    await app.db.query(
      `INSERT INTO hotels (city_id, name, slug) SELECT $1, CASE WHEN g % 1000 = 0 THEN 'Отель Редкостный ' ELSE 'Гостиница ' END || g, 'bulk-' || g FROM generate_series(1, 20000) AS g`,
      [tuapse],
    );
    await app.db.query('ANALYZE hotels');
    const { engine, sent } = await recordingDataSource(app.db.url, [HotelEntity, CityEntity, CountryEntity]);
    try {
      const { data } = await new ListService(engine).pick(HOTELS_LIST, { query: 'редкостный', limit: '10' });
      expect(data).toHaveLength(10);
      expect(data.every((row) => row.detail === 'Туапсе')).toBe(true);
      const picking = sent.filter((statement) => statement.query.includes('hotels'));
      expect(picking).toHaveLength(1);
      const { query: sql, parameters } = picking[0]!;
      // The city's subquery is outside the matches' CTE and its LIMIT: over the answered rows.
      expect(sql.indexOf('FROM cities c')).toBeLessThan(sql.indexOf('WITH matches AS MATERIALIZED'));
      const plan = (await app.db.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF) ${sql}`, parameters)).map((row) => row['QUERY PLAN']).join('\n');
      expect(plan).toMatch(/Bitmap Index Scan on ix_hotels_search/);
      expect(plan).not.toMatch(/Seq Scan on hotels/);
      // The city is looked up once per answered row, not once per match.
      expect(plan).toMatch(/Index Scan using \w+ on cities c \(actual rows=1(\.00)? loops=10\)/);
    } finally {
      await engine.destroy();
    }
  });
});
