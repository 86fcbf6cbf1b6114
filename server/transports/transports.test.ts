/**
 * The bus-transport editor's save (spec 02 "Bus-transport form", §4, §5, §7 "Bus transports") on a
 * real PostgreSQL: `{payload}` in, the record out; the route by position with its tariff matrix; the
 * rules of intermediate stops, days and dates with indexed 422 paths; no route edit under bookings;
 * copy; versions; one transaction.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toPayloadBody } from '../../shared/editor.js';
import { MESSAGES } from '../../shared/messages.js';
import { Role } from '../../shared/roles.js';
import { copyTransport } from '../../shared/transport/rules.js';
import { type TransportFormInput } from '../../shared/transport/schema.js';
import { startTestApp, type ApiClient, type TestApp } from '../test/test-app.js';
import { daysFromToday, insertBooking, insertCities, insertTransportation } from '../test/transport-fixtures.js';

const T = MESSAGES.transport;
const V = MESSAGES.validation;

let app: TestApp;
let manager: ApiClient, admin: ApiClient;
let moscow: number, tula: number, orel: number, kursk: number;
let transportation: number;
let vendor: number;

beforeAll(async () => {
  app = await startTestApp();
  [manager, admin] = (await Promise.all([app.signInAs(Role.Manager, { surname: 'Рейсова', name: 'Анна', patronymic: null }), app.signInAs(Role.Administrator)])).map(({ client }) => client);
  [moscow, tula, orel, kursk] = (await insertCities(app.db, ['Москва', 'Тула', 'Орёл', 'Курск'])) as [number, number, number, number];
  transportation = await insertTransportation(app.db);
  [{ id: vendor }] = (await app.db.query<{ id: number }>(`INSERT INTO vendors (name) VALUES ('Автоколонна 1') RETURNING id`)) as [{ id: number }];
});
afterAll(() => app?.close());

/** A form as the editor or an outside client sends it. */
type Form = Record<string, any>;

const stop = (city: number, extra: Form = {}): Form => ({ point_city_id: city, info: 'У вокзала', finish_time: '11:30', start_time: '11:45', arrival_day: 1, departure_day: 1, ...extra });
const form = (name: string, extra: Form = {}): Form => ({
  transportation_id: transportation,
  vendor_id: vendor,
  name,
  duration: 2,
  adult_price: 2500.5,
  child_price: 1800,
  start_date: daysFromToday(1),
  finish_date: daysFromToday(90),
  departure_type: 2,
  is_excursion: false,
  application_auto_confirm: true,
  auto_confirm_status: 3,
  days: [],
  dates: [{ start_date: daysFromToday(10), commission_type: 2, commission_sum: 5, freight: 300 }],
  routes: { start: { point_city_id: moscow, info: 'Площадь трёх вокзалов', start_time: '08:00' }, intermediates: [stop(tula)], finish: { point_city_id: orel, info: null, finish_time: '20:00' } },
  tariffs: [
    { from_position: 0, to_position: 1, tariff: 900 },
    { from_position: 0, to_position: 2, tariff: 1500.5 },
    { from_position: 1, to_position: 2, tariff: 700 },
  ],
  catalog: { title: 'Москва — Орёл', price: 1500, sort: 10, seo_settings: { meta: { h1: 'В Орёл', title: null, description: 'Автобусом' }, advantages: [{ title: 'Быстро', text: '<p>5 часов</p>' }], faq: [], top_block: { title: 'Сверху', text: null } } },
  ...extra,
});

const create = (payload: Form | TransportFormInput, client = manager) => client.post('/api/transports', toPayloadBody(payload));
const update = (id: number, payload: Form, client = manager) => client.put(`/api/transports/${id}`, toPayloadBody(payload));
const created = async (payload: Form) => {
  const reply = await create(payload);
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  return reply.body.data as Form;
};
const tariffsOf = async (id: number) => app.db.query('SELECT from_position, to_position, tariff::float AS tariff FROM transport_tariffs WHERE transport_id = $1 ORDER BY 1, 2', [id]);

describe('create', () => {
  it('saves the transport with its route, intermediate stop, dates and tariffs, and answers the record', async () => {
    const data = await created(form('Москва — Орёл'));
    expect(data).toMatchObject({
      name: 'Москва — Орёл',
      transportation_id: transportation,
      transportation: { id: transportation, schema_svg: expect.stringContaining('<svg') },
      vendor_id: vendor,
      adult_price: 2500.5,
      departure_type: 2,
      auto_confirm_status: 3,
      version: 1,
      can_delete: true,
      routes: {
        start: { point_city_id: moscow, point_city: { id: moscow, name: 'Москва' }, info: 'Площадь трёх вокзалов', start_time: '08:00' },
        intermediates: [{ point_city_id: tula, info: 'У вокзала', finish_time: '11:30', start_time: '11:45', arrival_day: 1, departure_day: 1, can_delete: true }],
        finish: { point_city_id: orel, finish_time: '20:00' },
      },
      dates: [{ start_date: daysFromToday(10), commission_type: 2, commission_sum: 5, freight: 300 }],
      tariffs: [
        { from_position: 0, to_position: 1, from_city_id: moscow, to_city_id: tula, tariff: 900 },
        { from_position: 0, to_position: 2, from_city_id: moscow, to_city_id: orel, tariff: 1500.5 },
        { from_position: 1, to_position: 2, from_city_id: tula, to_city_id: orel, tariff: 700 },
      ],
      catalog: { title: 'Москва — Орёл', price: 1500, sort: 10, seo_settings: { meta: { h1: 'В Орёл' }, advantages: [{ title: 'Быстро', text: '<p>5 часов</p>' }] } },
    });
    expect(await app.db.query('SELECT position, kind, point_city_id FROM transport_route_points WHERE transport_id = $1 ORDER BY position', [data.id])).toEqual([
      { position: 0, kind: 'start', point_city_id: moscow },
      { position: 1, kind: 'intermediate', point_city_id: tula },
      { position: 2, kind: 'finish', point_city_id: orel },
    ]);
    const listed = await manager.get(`/api/transports?query=${encodeURIComponent('москва — орёл')}`);
    expect(listed.body.data).toEqual([
      expect.objectContaining({ id: data.id, route: { start: 'Москва', intermediates: ['Тула'], finish: 'Орёл' }, duration: 2, can_delete: true }),
    ]);
  });

  it('prices every ordered pair of points: a missing pair costs 0, a pair the route lacks is refused on its row', async () => {
    const data = await created(form('Тарифы по парам', { tariffs: [{ from_position: 0, to_position: 2, tariff: 1200 }] }));
    expect(await tariffsOf(data.id)).toEqual([
      { from_position: 0, to_position: 1, tariff: 0 },
      { from_position: 0, to_position: 2, tariff: 1200 },
      { from_position: 1, to_position: 2, tariff: 0 },
    ]);
    const refused = await create(form('Тарифы назад', { tariffs: [{ from_position: 0, to_position: 1, tariff: 1 }, { from_city_id: orel, to_city_id: moscow, tariff: 100 }, { from_position: 0, to_position: 5, tariff: 10 }] }));
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({ 'tariffs.1.to_city_id': [T.tariffPair], 'tariffs.2.to_city_id': [T.tariffPair] });
    const outOfRange = await create(form('Тариф велик', { tariffs: [{ from_position: 0, to_position: 1, tariff: 1_000_000 }] }));
    expect(outOfRange.body.errors).toEqual({ 'tariffs.0.tariff': [V.max(999_999)] });
  });

  it('is unique by name whatever the case: 422 on name', async () => {
    await created(form('Рейс Уникальный'));
    const again = await create(form('рейс уникальный'));
    expect(again.status).toBe(422);
    expect(again.body.errors).toEqual({ name: [V.unique] });
  });
});

describe('the catalogue', () => {
  it('keeps the editor\'s rich text and strips scripts and handlers from advantages, FAQ and blocks before they are stored', async () => {
    const dirty = (text: string) => `<p onclick="steal()">${text}<script>alert(document.cookie)</script></p><img src="x" onerror="alert(1)" />`;
    const data = await created(
      form('Каталог со скриптами', {
        catalog: {
          title: 'Каталог',
          price: 100,
          sort: 1,
          seo_settings: {
            meta: { h1: null, title: null, description: null },
            advantages: [{ title: 'Удобно', text: dirty('Удобно') }],
            faq: [{ question: 'Багаж?', answer: dirty('Одно место') }],
            top_block: { title: 'Сверху', text: dirty('Сверху') },
            bottom_block: { title: 'Снизу', text: '<p><strong>Жирный</strong> <a href="javascript:alert(1)">ссылка</a></p>' },
          },
        },
      }),
    );
    const clean = (text: string) => `<p>${text}</p><img src="x" />`;
    const [{ seo_settings: stored }] = (await app.db.query<{ seo_settings: Form }>('SELECT seo_settings FROM transports WHERE id = $1', [data.id])) as [{ seo_settings: Form }];
    expect(stored.advantages).toEqual([expect.objectContaining({ title: 'Удобно', text: clean('Удобно') })]);
    expect(stored.faq).toEqual([expect.objectContaining({ question: 'Багаж?', answer: clean('Одно место') })]);
    expect(stored.top_block).toEqual({ title: 'Сверху', text: clean('Сверху') });
    expect(stored.bottom_block).toEqual({ title: 'Снизу', text: '<p><strong>Жирный</strong> <a>ссылка</a></p>' });
  });
});

describe('the catalogue image', () => {
  const photo = async (entity: string) => {
    const body = new FormData();
    body.append('entity', entity);
    body.append('photo', new Blob([Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(2000)])]), 'catalog.jpg');
    const reply = await manager.postForm('/api/photos', body);
    expect(reply.status).toBe(201);
    return reply.body.path as string;
  };

  it('is a bus photo only: another kind of upload is a 422 on catalog.image, and PostgreSQL refuses it too', async () => {
    const [cityPhoto, busPhoto] = [await photo('city'), await photo('bus')];
    const catalog = (image: string | null) => ({ title: 'Каталог', price: 100, sort: 1, image });
    const refused = await create(form('Каталог: фото города', { catalog: catalog(cityPhoto) }));
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({ 'catalog.image': [MESSAGES.files.wrongKind] });

    const saved = await created(form('Каталог: фото автобуса', { catalog: catalog(busPhoto) }));
    expect(saved.catalog.image).toBe(busPhoto);
    const edit = await update(saved.id, { ...form('Каталог: фото автобуса', { catalog: catalog(cityPhoto) }), version: saved.version });
    expect(edit.body.errors).toEqual({ 'catalog.image': [MESSAGES.files.wrongKind] });
    await expect(app.db.query('UPDATE transports SET catalog_image = $2 WHERE id = $1', [saved.id, cityPhoto])).rejects.toMatchObject({ code: '23514', constraint: 'ck__catalog.image' });
  });

  it('goes with its transport: replaced by a save, or with the transport deleted; kept while a booking refuses the delete', async () => {
    const stored = async (path: string) => (await app.db.query('SELECT 1 FROM files WHERE path = $1', [path])).length === 1;
    const catalog = (image: string) => ({ title: 'Каталог', price: 100, sort: 1, image });
    const [first, second] = [await photo('bus'), await photo('bus')];
    const saved = await created(form('Каталог: удаляемый', { catalog: catalog(first) }));
    const replaced = await update(saved.id, { ...form('Каталог: удаляемый', { catalog: catalog(second) }), version: saved.version });
    expect(replaced.status).toBe(200);
    expect([await stored(first), await stored(second)]).toEqual([false, true]);

    await insertBooking(app.db, { transportId: saved.id, date: saved.dates[0].start_date, number: 4, from: 0, to: 1 });
    expect((await manager.delete(`/api/transports/${saved.id}`)).status).toBe(403);
    expect(await stored(second)).toBe(true);
    await app.db.query('DELETE FROM seat_bookings WHERE transport_id = $1', [saved.id]);
    expect((await manager.delete(`/api/transports/${saved.id}`)).body).toEqual({ message: MESSAGES.success.deleted });
    expect(await stored(second)).toBe(false);
    expect((await manager.delete(`/api/transports/${saved.id}`)).status).toBe(404);
  });

  it('cannot be deleted through DELETE /api/photos while its transport names it, by its uploader or anyone else', async () => {
    const image = await photo('bus');
    const saved = await created(form('Каталог: чужое удаление', { catalog: { title: 'Каталог', price: 100, sort: 1, image } }));
    const { client: accountant } = await app.signInAs(Role.Accountant);
    for (const client of [manager, admin, accountant]) {
      const reply = await client.delete(`/api/photos?path=${encodeURIComponent(image)}`);
      expect(reply.status).toBe(403);
      expect(reply.body).toEqual({ message: MESSAGES.errors.inUse });
    }
    expect((await app.db.query('SELECT catalog_image FROM transports WHERE id = $1', [saved.id]))[0]).toEqual({ catalog_image: image });
    expect(await app.db.query('SELECT 1 FROM files WHERE path = $1', [image])).toHaveLength(1);
  });
});

describe('intermediate stops', () => {
  it('need all six fields: 422 on each missing one with its index', async () => {
    const reply = await create(
      form('Без полей', { routes: { ...form('').routes, intermediates: [stop(tula), { point_city_id: null, info: '', finish_time: '', start_time: null, arrival_day: '', departure_day: null }] } }),
    );
    expect(reply.status).toBe(422);
    expect(reply.body.errors).toEqual(
      Object.fromEntries(['point_city_id', 'info', 'finish_time', 'start_time', 'arrival_day', 'departure_day'].map((field) => [`routes.intermediates.1.${field}`, [V.required]])),
    );
  });

  it('keep their days within the duration, departure not before arrival, in route order', async () => {
    const reply = await create(
      form('Дни остановок', {
        duration: 2,
        routes: {
          ...form('').routes,
          intermediates: [stop(tula, { arrival_day: 2, departure_day: 3 }), stop(orel, { arrival_day: 2, departure_day: 1 }), stop(kursk, { arrival_day: 1, departure_day: 1 })],
          finish: { point_city_id: moscow, finish_time: '22:00' },
        },
      }),
    );
    expect(reply.status).toBe(422);
    expect(reply.body.errors).toEqual({
      'routes.intermediates.0.departure_day': [T.dayAfterDuration(2)],
      'routes.intermediates.1.departure_day': [T.departureBeforeArrival],
      'routes.intermediates.1.arrival_day': [T.stopBeforePrevious],
    });
  });
});

describe('departure days and dates', () => {
  it('weekly days: at most 7, each weekday once, only in the days mode', async () => {
    const days = (numbers: number[]) => numbers.map((number) => ({ number, commission_type: 1, commission_sum: 0, freight: 0 }));
    const twice = await create(form('Дни дважды', { departure_type: 1, dates: [], days: days([1, 3, 1]) }));
    expect(twice.body.errors).toEqual({ 'days.2.number': [T.dayTaken] });
    const eight = await create(form('Восемь дней', { departure_type: 1, dates: [], days: days([1, 2, 3, 4, 5, 6, 7, 7]) }));
    expect(eight.body.errors.days).toEqual([V.max(7)]);
    const mixed = await create(form('Дни и даты', { departure_type: 2, days: days([1]) }));
    expect(mixed.body.errors).toEqual({ days: [T.modeLocked] });
    const percent = await create(form('Наценка', { departure_type: 1, dates: [], days: [{ number: 1, commission_type: 2, commission_sum: 101, freight: 0 }] }));
    expect(percent.body.errors).toEqual({ 'days.0.commission_sum': [V.max(100)] });
  });

  it('dates: none in the past, none twice', async () => {
    const reply = await create(form('Даты', { dates: [{ start_date: daysFromToday(-1) }, { start_date: daysFromToday(5) }, { start_date: daysFromToday(5) }] }));
    expect(reply.status).toBe(422);
    expect(reply.body.errors).toEqual({ 'dates.0.start_date': [T.datePast], 'dates.2.start_date': [T.dateTaken] });
  });

  it('a saved weekday or date stays as it is; new ones are added, removed ones deleted', async () => {
    const weekly = await created(form('Еженедельный', { departure_type: 1, dates: [], days: [{ number: 1 }, { number: 5 }] }));
    const changed = await update(weekly.id, { ...weekly, days: [{ ...weekly.days[0], number: 2 }, weekly.days[1]] });
    expect(changed.body.errors).toEqual({ 'days.0.number': [T.dayFixed] });
    const kept = await update(weekly.id, { ...weekly, days: [weekly.days[1], { number: 7, commission_type: 1, commission_sum: 10, freight: 0 }] });
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    expect(kept.body.data.days.map((day: Form) => [day.id === weekly.days[1].id, day.number, day.name])).toEqual([
      [true, 5, 'Пятница'],
      [false, 7, 'Воскресенье'],
    ]);

    const dated = await created(form('По датам'));
    const moved = await update(dated.id, { ...dated, dates: [{ ...dated.dates[0], start_date: daysFromToday(11) }] });
    expect(moved.body.errors).toEqual({ 'dates.0.start_date': [T.dateFixed] });
  });
});

describe('the route and its tariffs', () => {
  it('rebuilds the tariff matrix when points change: rows read back before keep their cities\' prices, new pairs cost 0', async () => {
    const data = await created(form('Перестройка тарифов'));
    // A stop appended before the finish: positions 0 and 1 stay, Орёл moves from 2 to 3.
    const intermediates = [...data.routes.intermediates, stop(kursk, { arrival_day: 2, departure_day: 2 })];
    const tariffs = [...data.tariffs, { from_position: 1, to_position: 2, tariff: 400 }, { from_position: 2, to_position: 3, tariff: 650 }];
    const saved = await update(data.id, { ...data, routes: { ...data.routes, intermediates }, tariffs });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data.tariffs.map((row: Form) => [row.from_city_id, row.to_city_id, row.tariff])).toEqual([
      [moscow, tula, 900],
      [moscow, kursk, 0],
      [moscow, orel, 1500.5],
      [tula, kursk, 400],
      [tula, orel, 700],
      [kursk, orel, 650],
    ]);
    // Removing the stop again (and the prices to and from it, which the route no longer has): Москва → Орёл is back at (0, 2) with its price.
    const withoutKursk = saved.body.data.tariffs.filter((row: Form) => row.from_city_id !== kursk && row.to_city_id !== kursk);
    const back = await update(data.id, { ...saved.body.data, routes: { ...saved.body.data.routes, intermediates: data.routes.intermediates }, tariffs: withoutKursk });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect(back.body.data.tariffs.map((row: Form) => [row.from_position, row.to_position, row.tariff])).toEqual([
      [0, 1, 900],
      [0, 2, 1500.5],
      [1, 2, 700],
    ]);
    // The start and finish keep their ids; the new stop got one of its own.
    expect(saved.body.data.routes.start.id).toBe(data.routes.start.id);
    expect(saved.body.data.routes.finish.id).toBe(data.routes.finish.id);
    expect(saved.body.data.routes.intermediates[0].id).toBe(data.routes.intermediates[0].id);
  });

  it('copies: a new transport with new ids, the same route and every tariff reset to zero', async () => {
    const original = await created(form('Оригинал'));
    const copy = await created(copyTransport(original) as Form);
    expect(copy.id).not.toBe(original.id);
    expect(copy.name).toBe('Оригинал (копия)');
    expect(copy.version).toBe(1);
    expect(copy.routes.intermediates[0]).toMatchObject({ point_city_id: tula, info: 'У вокзала' });
    expect(copy.routes.intermediates[0].id).not.toBe(original.routes.intermediates[0].id);
    expect(copy.dates[0].id).not.toBe(original.dates[0].id);
    expect(copy.tariffs.map((row: Form) => [row.from_position, row.to_position, row.tariff])).toEqual([
      [0, 1, 0],
      [0, 2, 0],
      [1, 2, 0],
    ]);
    expect(await tariffsOf(original.id)).toEqual([
      { from_position: 0, to_position: 1, tariff: 900 },
      { from_position: 0, to_position: 2, tariff: 1500.5 },
      { from_position: 1, to_position: 2, tariff: 700 },
    ]);
  });

  it('refuses a route edit that would shift positions under bookings, naming them; a stop after the booked part is fine', async () => {
    const data = await created(form('Под бронями'));
    const date = data.dates[0].start_date as string;
    await insertBooking(app.db, { transportId: data.id, date, number: 5, from: 0, to: 1 });
    const label = `место 5, ${date.split('-').reverse().join('.')}`;
    // A stop between Москва and Тула would move Тула under seat 5's booking.
    const before = await update(data.id, { ...data, routes: { ...data.routes, intermediates: [stop(kursk), ...data.routes.intermediates] } });
    expect(before.status).toBe(422);
    expect(before.body.errors).toEqual({ routes: [T.bookingsInTheWay(label)] });
    // Removing Тула, or another city in its place, likewise.
    expect((await update(data.id, { ...data, routes: { ...data.routes, intermediates: [] } })).body.errors).toEqual({ routes: [T.bookingsInTheWay(label)] });
    const swapped = await update(data.id, { ...data, routes: { ...data.routes, intermediates: [{ ...data.routes.intermediates[0], point_city_id: kursk }] } });
    expect(swapped.body.errors).toEqual({ routes: [T.bookingsInTheWay(label)] });
    // The booked date cannot stop being a departure.
    expect((await update(data.id, { ...data, dates: [] })).body.errors).toEqual({ dates: [T.bookingsInTheWay(label)] });
    expect(await app.db.query('SELECT count(*)::int AS count FROM transport_route_points WHERE transport_id = $1', [data.id])).toEqual([{ count: 3 }]);
    // A stop between Тула and Орёл leaves positions 0 and 1 as they are.
    const after = await update(data.id, { ...data, routes: { ...data.routes, intermediates: [...data.routes.intermediates, stop(kursk, { arrival_day: 2, departure_day: 2 })] } });
    expect(after.status, JSON.stringify(after.body)).toBe(200);
    // The record says which stops may go: the booked one (position 1) may not, the new one (2) may.
    expect(after.body.data.routes.intermediates.map((point: Form) => point.can_delete)).toEqual([false, true]);
    expect(after.body.data.can_delete).toBe(false);
  });
});

describe('versions and transactions', () => {
  it('a save with a stale version gets 409 naming who saved and when, with the current record; nothing is written', async () => {
    const data = await created(form('Версия'));
    expect((await update(data.id, { ...data, adult_price: 3000 })).body.data.version).toBe(2);
    const stale = await update(data.id, { ...data, adult_price: 3500 }, admin);
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ saved_by: 'Рейсова Анна', data: { id: data.id, adult_price: 3000, version: 2 } });
    expect(stale.body.message).toContain('Рейсова Анна');
    expect(await app.db.query('SELECT adult_price::float AS price, version FROM transports WHERE id = $1', [data.id])).toEqual([{ price: 3000, version: 2 }]);
  });

  it('a save refused half-way (a stop\'s unknown city, a failing tariff write) leaves the database as it was', async () => {
    const data = await created(form('Откат'));
    const snapshot = async () => ({
      transport: await app.db.query('SELECT name, adult_price, version FROM transports WHERE id = $1', [data.id]),
      points: await app.db.query('SELECT id, position, point_city_id FROM transport_route_points WHERE transport_id = $1 ORDER BY position', [data.id]),
      dates: await app.db.query('SELECT id, start_date::text FROM transport_dates WHERE transport_id = $1', [data.id]),
      tariffs: await tariffsOf(data.id),
    });
    const before = await snapshot();
    const changed = { ...data, name: 'Откат (изм.)', adult_price: 1, dates: [{ start_date: daysFromToday(20) }] };
    const unknownCity = await update(data.id, { ...changed, routes: { ...data.routes, intermediates: [stop(999_999)] }, tariffs: [] });
    expect(unknownCity.status).toBe(422);
    expect(unknownCity.body.errors).toEqual({ 'routes.intermediates.0.point_city_id': [V.oneOf] });
    expect(await snapshot()).toEqual(before);

    await app.db.query(`CREATE FUNCTION test_tariffs_frozen() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'tariffs are frozen by the test'; END $$`);
    await app.db.query('CREATE TRIGGER test_tariffs_frozen BEFORE INSERT ON transport_tariffs FOR EACH ROW EXECUTE FUNCTION test_tariffs_frozen()');
    let failed;
    try {
      failed = await update(data.id, changed);
    } finally {
      await app.db.query('DROP TRIGGER test_tariffs_frozen ON transport_tariffs');
      await app.db.query('DROP FUNCTION test_tariffs_frozen()');
    }
    expect(failed.status).toBe(500);
    expect(failed.body).toEqual({ message: MESSAGES.http.serverError });
    expect(await snapshot()).toEqual(before);
  });
});

describe('an outside client', () => {
  it('GETs a transport, changes one field and PUTs the record back: ids and everything else stay', async () => {
    const data = await created(form('Круговой', { departure_type: 1, dates: [], days: [{ number: 2 }, { number: 4 }] }));
    const read = (await manager.get(`/api/transports/${data.id}`)).body.data as Form;
    const ids = async () => ({
      points: await app.db.query('SELECT id, position FROM transport_route_points WHERE transport_id = $1 ORDER BY id', [data.id]),
      days: await app.db.query('SELECT id, number FROM transport_days WHERE transport_id = $1 ORDER BY id', [data.id]),
    });
    const before = await ids();
    const saved = await update(data.id, { ...read, child_price: 1700 });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const { version: v1, ...savedRest } = saved.body.data;
    const { version: v0, ...readRest } = read;
    expect([v0, v1]).toEqual([1, 2]);
    expect(savedRest).toEqual({ ...readRest, child_price: 1700 });
    expect(await ids()).toEqual(before);
  });

  it('may name tariffs by cities (mapped like a booking) instead of positions', async () => {
    const data = await created(form('По городам', { tariffs: [{ from_city_id: tula, to_city_id: orel, tariff: 640 }, { from_city_id: orel, to_city_id: moscow, tariff: 0 }] }));
    expect(await tariffsOf(data.id)).toEqual([
      { from_position: 0, to_position: 1, tariff: 0 },
      { from_position: 0, to_position: 2, tariff: 0 },
      { from_position: 1, to_position: 2, tariff: 640 },
    ]);
  });

  it('sends flags as 0/1 and numbers, prices, days and ids as text: stored as booleans and numbers; `abc` for a count is a 422', async () => {
    const text = (value: number) => String(value);
    const payload = form('Как присылает сайт', {
      transportation_id: text(transportation),
      vendor_id: text(vendor),
      duration: '2',
      adult_price: '2500.50',
      child_price: '1800',
      departure_type: '2',
      is_excursion: 0,
      application_auto_confirm: '1',
      auto_confirm_status: '5',
      dates: [{ start_date: daysFromToday(12), commission_type: '1', commission_sum: '150.25', freight: '300' }],
      routes: {
        start: { point_city_id: text(moscow), info: null, start_time: '08:00:00' },
        intermediates: [stop(tula, { point_city_id: text(tula), arrival_day: '1', departure_day: '1' })],
        finish: { point_city_id: text(orel), info: null, finish_time: '20:00' },
      },
      tariffs: [{ from_city_id: text(moscow), to_city_id: text(orel), tariff: '1500.5' }],
      catalog: { title: null, price: '990', sort: '3' },
    });
    const data = await created(payload);
    expect(data).toMatchObject({
      transportation_id: transportation,
      vendor_id: vendor,
      duration: 2,
      adult_price: 2500.5,
      child_price: 1800,
      is_excursion: false,
      application_auto_confirm: true,
      auto_confirm_status: 5,
      dates: [{ start_date: daysFromToday(12), commission_type: 1, commission_sum: 150.25, freight: 300 }],
      routes: { start: { point_city_id: moscow, start_time: '08:00' }, intermediates: [{ point_city_id: tula, arrival_day: 1 }], finish: { point_city_id: orel } },
      catalog: { price: 990, sort: 3 },
    });
    expect(await tariffsOf(data.id)).toEqual([
      { from_position: 0, to_position: 1, tariff: 0 },
      { from_position: 0, to_position: 2, tariff: 1500.5 },
      { from_position: 1, to_position: 2, tariff: 0 },
    ]);
    expect((await app.db.query('SELECT is_excursion, application_auto_confirm, duration FROM transports WHERE id = $1', [data.id]))[0]).toEqual({ is_excursion: false, application_auto_confirm: true, duration: 2 });

    const refused = await create(form('Как присылает сайт 2', { duration: 'abc', adult_price: '1200.505', is_excursion: 2 }));
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toMatchObject({ duration: [V.integer], adult_price: [MESSAGES.fields.decimals(2)], is_excursion: [V.invalid] });
  });

  it('GETs, PUTs back what it read with flags as 0/1 and numbers as text: ids of route points and dates stay', async () => {
    const data = await created(form('Туда и обратно'));
    const read = (await manager.get(`/api/transports/${data.id}`)).body.data as Form;
    const ids = async () => ({
      points: await app.db.query('SELECT id, position FROM transport_route_points WHERE transport_id = $1 ORDER BY id', [data.id]),
      dates: await app.db.query('SELECT id, start_date::text FROM transport_dates WHERE transport_id = $1 ORDER BY id', [data.id]),
    });
    const before = await ids();
    const asText = (point: Form) => ({ ...point, id: String(point.id), point_city_id: String(point.point_city_id) });
    const resent = {
      ...read,
      name: 'Туда и обратно (лето)',
      application_auto_confirm: 1,
      is_excursion: '0',
      adult_price: String(read.adult_price),
      dates: read.dates.map((date: Form) => ({ ...date, id: String(date.id), commission_sum: String(date.commission_sum) })),
      routes: { start: asText(read.routes.start), intermediates: read.routes.intermediates.map(asText), finish: asText(read.routes.finish) },
    };
    const saved = await update(data.id, resent);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const { version: v1, ...savedRest } = saved.body.data;
    const { version: v0, ...readRest } = read;
    expect([v0, v1]).toEqual([1, 2]);
    expect(savedRest).toEqual({ ...readRest, name: 'Туда и обратно (лето)' });
    expect(await ids()).toEqual(before);
  });

  it('a route visiting one city twice: tariffs listed per pair of points in route order are priced by position, seats booked by position', async () => {
    // Start in Moscow, a stop at Tula's bus station, finish at Tula's embankment: Moscow→Tula, Moscow→Tula, Tula→Tula.
    const route = { start: { point_city_id: moscow, info: null, start_time: '08:00' }, intermediates: [stop(tula, { info: 'Автовокзал' })], finish: { point_city_id: tula, info: 'Набережная', finish_time: '13:00' } };
    const byOrder = [
      { from_city_id: moscow, to_city_id: tula, tariff: 900 },
      { from_city_id: moscow, to_city_id: tula, tariff: 1000 },
      { from_city_id: tula, to_city_id: tula, tariff: 150 },
    ];
    const data = await created(form('Тула дважды', { routes: route, tariffs: byOrder }));
    expect(await tariffsOf(data.id)).toEqual([
      { from_position: 0, to_position: 1, tariff: 900 },
      { from_position: 0, to_position: 2, tariff: 1000 },
      { from_position: 1, to_position: 2, tariff: 150 },
    ]);
    expect(data.tariffs).toEqual([
      { from_position: 0, to_position: 1, from_city_id: moscow, to_city_id: tula, tariff: 900 },
      { from_position: 0, to_position: 2, from_city_id: moscow, to_city_id: tula, tariff: 1000 },
      { from_position: 1, to_position: 2, from_city_id: tula, to_city_id: tula, tariff: 150 },
    ]);
    // One mention of a pair the route has twice names neither: refused, saying why.
    const ambiguous = await create(form('Тула дважды 2', { routes: route, tariffs: [{ from_city_id: moscow, to_city_id: tula, tariff: 900 }] }));
    expect(ambiguous.body.errors).toEqual({ 'tariffs.0.to_city_id': [MESSAGES.fields.tariffAmbiguous] });

    const date = daysFromToday(10);
    const book = (body: Form) => manager.post(`/api/transports/${data.id}/seats`, { number: 7, start_date: date, ...body });
    const toEmbankment = await book({ from_position: '0', to_position: '2', from_city_id: moscow, to_city_id: tula });
    expect(toEmbankment.status, JSON.stringify(toEmbankment.body)).toBe(201);
    const bookings = () => app.db.query('SELECT number, from_position, to_position FROM seat_bookings WHERE transport_id = $1 ORDER BY number, from_position', [data.id]);
    expect(await bookings()).toEqual([{ number: 7, from_position: 0, to_position: 2 }]);
    // The seat is taken on Tula → Tula too; another seat rides only that part.
    expect((await book({ from_position: 1, to_position: 2 })).body.errors).toMatchObject({ number: [T.seatTaken] });
    expect((await book({ number: 8, from_position: 1, to_position: 2 })).status).toBe(201);
    expect((await book({ number: 9, from_position: 2, to_position: 1 })).body.errors).toMatchObject({ to_city_id: [T.noSegment] });
    expect(await bookings()).toEqual([
      { number: 7, from_position: 0, to_position: 2 },
      { number: 8, from_position: 1, to_position: 2 },
    ]);
  });

  it('bad JSON or a missing payload is a 422 on `payload`; the accountant gets 403', async () => {
    for (const body of [{ payload: '{"name": ' }, {}, { payload: '[]' }]) {
      const reply = await manager.post('/api/transports', body);
      expect(reply.status, JSON.stringify(body)).toBe(422);
      expect(reply.body.errors).toEqual({ payload: [MESSAGES.editor.payloadInvalid] });
    }
    const { client: accountant } = await app.signInAs(Role.Accountant);
    expect((await create(form('Бухгалтерский'), accountant)).status).toBe(403);
    expect((await accountant.put('/api/transports/1', toPayloadBody(form('Бухгалтерский')))).status).toBe(403);
  });
});

describe('the list, the editor\'s lists, the tours\' picker and delete', () => {
  it('sorts the list by name and by id, both ways', async () => {
    const [b, a] = [await created(form('Сортировка Б')), await created(form('Сортировка А'))];
    const names = async (query: string) => ((await manager.get(`/api/transports?query=${encodeURIComponent('Сортировка')}&${query}`)).body.data as Form[]).map((row) => row.name);
    expect(await names('orderBy=name')).toEqual(['Сортировка А', 'Сортировка Б']);
    expect(await names('orderBy=name&ascending=0')).toEqual(['Сортировка Б', 'Сортировка А']);
    expect(await names('orderBy=id&ascending=1')).toEqual([b.name, a.name]);
    expect((await manager.get('/api/transports?orderBy=seats')).status).toBe(422);
  });

  it('answers the editor\'s lists: cities, vendors, the seven weekdays, vehicle types, commission types', async () => {
    const reply = await manager.get('/api/transports/data');
    expect(reply.status).toBe(200);
    const data = reply.body;
    expect(data.cities).toEqual(expect.arrayContaining([{ id: moscow, name: 'Москва' }, { id: orel, name: 'Орёл' }]));
    expect(data.vendors).toEqual(expect.arrayContaining([{ id: vendor, name: 'Автоколонна 1' }]));
    expect(data.days.map((day: Form) => day.id)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(data.days[0]).toMatchObject({ name: 'Понедельник' });
    expect(data.transportations).toEqual(expect.arrayContaining([expect.objectContaining({ id: transportation, seats: 49 })]));
    expect(data.commissions).toEqual([{ id: 1, name: 'Фиксированная' }, { id: 2, name: 'Процент' }]);
  });

  it('picks transports for tours: forth ones reach the city, back ones leave it, excursions or not, bounded', async () => {
    // Москва → Тула → Орёл, a flight; Курск → Москва, an excursion.
    const flight = await created(form('Пикер рейс'));
    const excursion = await created(form('Пикер экскурсия', { is_excursion: true, routes: { start: { point_city_id: kursk, info: null, start_time: '07:00' }, intermediates: [], finish: { point_city_id: moscow, info: null, finish_time: '15:00' } }, tariffs: [] }));
    const picked = async (query: string) => {
      const reply = await manager.get(`/api/transports/list?query=${encodeURIComponent('Пикер')}&${query}`);
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      return (reply.body.data as Form[]).map((row) => row.id);
    };
    expect(await picked('')).toEqual([flight.id, excursion.id]);
    expect(await picked(`city_id=${tula}&type=forth`)).toEqual([flight.id]);
    expect(await picked(`city_id=${moscow}&type=forth`)).toEqual([excursion.id]);
    expect(await picked(`city_id=${moscow}&type=back`)).toEqual([flight.id]);
    expect(await picked(`city_id=${orel}&type=back`)).toEqual([]);
    expect(await picked(`city_id=${moscow}`)).toEqual([flight.id, excursion.id]);
    expect(await picked('is_excursion=1')).toEqual([excursion.id]);
    expect(await picked('is_excursion=0')).toEqual([flight.id]);
    expect(await picked('limit=1')).toEqual([flight.id]);
    // The same filters without a search, and with one too short for the trigram index.
    const all = async (query: string) => ((await manager.get(`/api/transports/list?limit=200&${query}`)).body.data as Form[]).map((row) => row.id);
    expect(await all(`city_id=${moscow}&type=forth&is_excursion=1`)).toEqual([excursion.id]);
    expect(await all(`city_id=${tula}&type=forth&is_excursion=0`)).toContain(flight.id);
    expect(await all(`city_id=${tula}&type=forth&is_excursion=0`)).not.toContain(excursion.id);
    expect(await all(`query=${encodeURIComponent('ик')}&city_id=${moscow}&type=back`)).toContain(flight.id);
    expect(await all(`query=${encodeURIComponent('ик')}&city_id=${moscow}&type=back`)).not.toContain(excursion.id);
    expect((await manager.get('/api/transports/list')).body.data[0]).toEqual({ id: expect.any(Number), name: expect.any(String), detail: expect.any(String) });
    const refused = await manager.get('/api/transports/list?type=sideways&limit=201');
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toMatchObject({ type: [V.oneOf], limit: [V.max(200)] });
  });

  it('deletes a transport nothing uses; one with a booking is refused with 403 and shown as not deletable', async () => {
    const free = await created(form('Удаляемый'));
    expect((await manager.delete(`/api/transports/${free.id}`)).status).toBe(200);
    expect((await manager.get(`/api/transports/${free.id}`)).status).toBe(404);
    expect(await app.db.query('SELECT 1 FROM transport_route_points WHERE transport_id = $1 UNION ALL SELECT 1 FROM transport_tariffs WHERE transport_id = $1', [free.id])).toEqual([]);

    const used = await created(form('Занятый'));
    await insertBooking(app.db, { transportId: used.id, date: used.dates[0].start_date, number: 3, from: 0, to: 2 });
    const listed = await manager.get(`/api/transports?query=${encodeURIComponent('Занятый')}`);
    expect(listed.body.data).toEqual([expect.objectContaining({ id: used.id, can_delete: false })]);
    const refused = await manager.delete(`/api/transports/${used.id}`);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(MESSAGES.errors.inUse);
    expect((await manager.get(`/api/transports/${used.id}`)).status).toBe(200);
  });
});
