/**
 * Tour services (spec 03 §2.9, §5, §7): the aggregate save of a plain JSON body against a real
 * PostgreSQL — an outside client's forms, the GET → PUT round trip keeping period ids, every rule
 * of §5 on its indexed path, the version check, the in-use refusal and the roles.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tourServiceSchema } from '../../shared/tour-services/schema.js';
import { createDataSource } from '../database/data-source.js';
import { saveAggregate } from '../common/aggregate/save-aggregate.js';
import { TOUR_SERVICE_AGGREGATE, tourServiceNode } from './tour-service.aggregate.js';
import { MESSAGES } from '../../shared/messages.js';
import { Role } from '../../shared/roles.js';
import { SERVICE_CLASSES, ServiceClass } from '../../shared/tour-services/constants.js';
import type { TourServiceInput } from '../../shared/tour-services/schema.js';
import { startTestApp, type ApiClient, type TestApp } from '../test/test-app.js';

let app: TestApp;
let manager: ApiClient;
let admin: ApiClient;
let vendorId: number;

beforeAll(async () => {
  app = await startTestApp();
  [manager, admin] = (await Promise.all([app.signInAs(Role.Manager, { surname: 'Сервисова', name: 'Анна', patronymic: null }), app.signInAs(Role.Administrator)])).map(({ client }) => client);
  [{ id: vendorId }] = await app.db.query<{ id: number }>(`INSERT INTO vendors (name) VALUES ('Экскурсбюро «Тропа»') RETURNING id`);
});
afterAll(() => app?.close());

const T = MESSAGES.tourServices;
const create = (body: unknown, client = manager) => client.post('/api/tours/services', body);
const update = (id: number, body: unknown, client = manager) => client.put(`/api/tours/services/${id}`, body);

/** A period as the dialog sends it. */
const period = (from: string, to: string, extra: Record<string, unknown> = {}) => ({
  from,
  to,
  vendor_price: 700,
  adult_price: 1500,
  child_prices: [{ age_from: 0, age_to: 14, price: 800 }],
  commission_adult_type: 1,
  commission_adult_sum: 100,
  commission_child_type: 2,
  commission_child_sum: 10,
  ...extra,
});

const service = (name: string, extra: Partial<TourServiceInput> = {}): TourServiceInput => ({
  name,
  class: ServiceClass.Group,
  vendor_id: vendorId,
  description: 'Обзорная экскурсия по городу',
  dates: [period('2027-06-01', '2027-06-10'), period('2027-06-11', '2027-06-20', { adult_price: 1700 })],
  ...extra,
});

describe('an outside client', () => {
  it('sends numbers as text, flags as 0/1 and omits optional keys: stored normalized', async () => {
    const created = await create({
      name: 'Прогулка на катере',
      class: '3',
      vendor_id: String(vendorId),
      dates: [
        { from: '2027-07-01', to: '2027-07-31', vendor_price: '500', adult_price: '1200', child_prices: [{ age_from: '3', age_to: '12', price: '600' }], commission_adult_type: '2', commission_adult_sum: '15' },
        // No child brackets, no commissions, no vendor price: defaults.
        { from: '2027-08-01', to: '2027-08-15', adult_price: 1300 },
      ],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data).toMatchObject({
      name: 'Прогулка на катере',
      class: 3,
      class_name: 'Групповая',
      vendor_id: vendorId,
      vendor: { id: vendorId, name: 'Экскурсбюро «Тропа»' },
      description: null,
      version: 1,
      can_delete: true,
      dates: [
        { from: '2027-07-01', to: '2027-07-31', vendor_price: 500, adult_price: 1200, child_prices: [{ age_from: 3, age_to: 12, price: 600 }], commission_adult_type: 2, commission_adult_sum: 15, commission_child_type: 1, commission_child_sum: 0 },
        { from: '2027-08-01', to: '2027-08-15', vendor_price: null, adult_price: 1300, child_prices: [], commission_adult_type: 1, commission_adult_sum: 0 },
      ],
    });
    const rows = await app.db.query('SELECT date_from::text, adult_price, commission_adult_type FROM tour_service_dates WHERE service_id = $1 ORDER BY date_from', [created.body.data.id]);
    expect(rows).toEqual([
      { date_from: '2027-07-01', adult_price: 1200, commission_adult_type: 2 },
      { date_from: '2027-08-01', adult_price: 1300, commission_adult_type: 1 },
    ]);
  });

  it('POSTs, finds it by search, GETs it, changes one field and PUTs it back: period ids kept, nothing else changes', async () => {
    const created = await create(service('Экскурсия в Абрау'));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.data.id as number;

    const found = await manager.get(`/api/tours/services?query=${encodeURIComponent('абрау')}`);
    expect(found.status).toBe(200);
    expect(found.body).toMatchObject({ count: 1, data: [{ id, name: 'Экскурсия в Абрау', class: 3, class_name: 'Групповая', vendor: { id: vendorId, name: 'Экскурсбюро «Тропа»' }, can_delete: true }] });

    const read = await manager.get(`/api/tours/services/${id}`);
    expect(read.status).toBe(200);
    const before = await app.db.query('SELECT id, date_from::text FROM tour_service_dates WHERE service_id = $1 ORDER BY id', [id]);
    expect(before).toHaveLength(2);

    const saved = await update(id, { ...read.body.data, description: 'Винные подвалы' });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const { version: v1, ...savedRest } = saved.body.data;
    const { version: v0, ...readRest } = read.body.data;
    expect([v0, v1]).toEqual([1, 2]);
    expect(savedRest).toEqual({ ...readRest, description: 'Винные подвалы' });
    expect(await app.db.query('SELECT id, date_from::text FROM tour_service_dates WHERE service_id = $1 ORDER BY id', [id])).toEqual(before);
  });

  it('drops the vendor price of a class other than group; keeps it for the group class', async () => {
    const individual = await create(service('Индивидуальный гид', { class: ServiceClass.Individual }));
    expect(individual.status, JSON.stringify(individual.body)).toBe(201);
    expect(individual.body.data.dates.map((date: { vendor_price: unknown }) => date.vendor_price)).toEqual([null, null]);
    const stored = await app.db.query<{ count: number }>('SELECT count(*)::int AS count FROM tour_service_dates WHERE service_id = $1 AND vendor_price IS NOT NULL', [individual.body.data.id]);
    expect(stored[0]!.count).toBe(0);
  });
});

describe('the rules of spec 03 §5', () => {
  it('requires name and class; name at most 50 and unique whatever the case', async () => {
    const empty = await create({ dates: [] });
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toMatchObject({ name: [MESSAGES.validation.required], class: [MESSAGES.validation.required] });
    expect((await create(service('Д'.repeat(51)))).body.errors).toEqual({ name: [MESSAGES.validation.maxLength(50)] });
    expect((await create(service('Класс', { class: 4 }))).body.errors).toEqual({ class: [MESSAGES.validation.oneOf] });

    expect((await create(service('Морская прогулка'))).status).toBe(201);
    const twin = await create(service('МОРСКАЯ ПРОГУЛКА'));
    expect(twin.status).toBe(422);
    expect(twin.body.errors).toEqual({ name: [MESSAGES.validation.unique] });
  });

  it('requires from, to and the adult price with the spec\'s texts, on the indexed paths', async () => {
    const refused = await create(service('Без дат', { dates: [period('2027-01-01', '2027-01-05'), period('', '', { adult_price: '' })] }));
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({
      'dates.1.from': [MESSAGES.tours.mealDateFrom],
      'dates.1.to': [MESSAGES.tours.mealDateTo],
      'dates.1.adult_price': [T.adultPriceRequired],
    });
    expect(MESSAGES.tours.mealDateFrom).toBe('Поле Дата от обязательно для заполнения.');
    expect(T.adultPriceRequired).toBe('Поле Цена(взр) обязательно для заполнения.');
  });

  it('child brackets: ages required (\'Заполните поле\'), to above from (\'Невалидные данные\' on from), ages 0–14, whole prices 0–999 999', async () => {
    const refused = await create(
      service('Дети', {
        dates: [
          period('2027-01-01', '2027-01-05', {
            child_prices: [
              { age_from: 0, age_to: 6, price: 100 },
              { age_from: 7, age_to: 7, price: 100 },
              { age_from: '', age_to: null, price: 100 },
              { age_from: 0, age_to: 15, price: 1_000_000 },
              { age_from: 2, age_to: 5, price: 10.5 },
            ],
          }),
        ],
      }),
    );
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({
      'dates.0.child_prices.1.age_from': ['Невалидные данные'],
      'dates.0.child_prices.2.age_from': ['Заполните поле'],
      'dates.0.child_prices.2.age_to': ['Заполните поле'],
      'dates.0.child_prices.3.age_to': [MESSAGES.validation.max(14)],
      'dates.0.child_prices.3.price': [MESSAGES.validation.max(999_999)],
      'dates.0.child_prices.4.price': [MESSAGES.validation.integer],
    });
  });

  it('periods may touch but not share a day (422 on the later one\'s from), and from may not be after to', async () => {
    const overlapping = await create(service('Пересечение', { dates: [period('2027-06-01', '2027-06-10'), period('2027-06-11', '2027-06-20'), period('2027-06-20', '2027-06-25')] }));
    expect(overlapping.status).toBe(422);
    expect(overlapping.body.errors).toEqual({ 'dates.2.from': [MESSAGES.editor.overlap] });

    const reversed = await create(service('Наоборот', { dates: [period('2027-06-10', '2027-06-01')] }));
    expect(reversed.body.errors).toEqual({ 'dates.0.to': [MESSAGES.editor.periodOrder] });
  });

  it('PostgreSQL itself refuses overlapping periods of one service (exclusion constraint), whoever writes', async () => {
    const created = (await create(service('Ограда'))).body.data;
    const insert = (from: string, to: string) => app.db.query('INSERT INTO tour_service_dates (service_id, date_from, date_to, adult_price) VALUES ($1, $2, $3, 0)', [created.id, from, to]);
    await expect(insert('2027-06-05', '2027-06-07')).rejects.toMatchObject({ code: '23P01', constraint: 'ex_tour_service_dates_from' });
    await expect(insert('2027-07-01', '2027-07-02')).resolves.toBeDefined();
  });

  it('a save that slips past the schema\'s check is refused by the exclusion constraint, answered as the check answers it', async () => {
    const created = (await create(service('Обход проверки'))).body.data;
    // The form as the schema passes it, then its second period moved onto the first (what only a concurrent writer could do).
    const form = tourServiceSchema.parse(created);
    form.dates[1] = { ...form.dates[1]!, from: '2027-06-05', to: '2027-06-12' };
    const dataSource = createDataSource(app.db.url, { poolSize: 1 });
    await dataSource.initialize();
    try {
      const saving = saveAggregate(dataSource, { declaration: TOUR_SERVICE_AGGREGATE, actor: { user: { id: 1 } } as never, id: created.id, build: () => tourServiceNode(form), read: async () => null, input: form });
      await expect(saving).rejects.toMatchObject({ errors: { 'dates.0.from': [MESSAGES.editor.overlap] } });
    } finally {
      await dataSource.destroy();
    }
    expect(await app.db.query('SELECT date_from::text FROM tour_service_dates WHERE service_id = $1 ORDER BY date_from', [created.id])).toEqual([{ date_from: '2027-06-01' }, { date_from: '2027-06-11' }]);
  });

  it('commission sums by type: percent at most 100, fixed at most 1 000 000, never negative', async () => {
    const refused = await create(service('Наценки', { dates: [period('2027-01-01', '2027-01-05', { commission_adult_type: 2, commission_adult_sum: 101, commission_child_sum: -1 })] }));
    expect(refused.body.errors).toEqual({ 'dates.0.commission_adult_sum': [MESSAGES.validation.max(100)], 'dates.0.commission_child_sum': [MESSAGES.validation.min(0)] });
  });

  it('diffs periods by id: new ones inserted, kept ones updated, missing ones deleted with their brackets', async () => {
    const created = (await create(service('Диф'))).body.data;
    const [first, second] = created.dates;
    const saved = await update(created.id, { ...created, dates: [{ ...first, adult_price: 999, child_prices: [{ age_from: 0, age_to: 3, price: 0 }, { age_from: 3, age_to: 14, price: 500 }] }, period('2027-09-01', '2027-09-02')] });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data.dates[0]).toMatchObject({ id: first.id, adult_price: 999, child_prices: [{ age_from: 0, age_to: 3, price: 0 }, { age_from: 3, age_to: 14, price: 500 }] });
    expect(saved.body.data.dates[1].id).not.toBe(second.id);
    expect(await app.db.query('SELECT count(*)::int AS count FROM tour_service_dates WHERE id = $1', [second.id])).toEqual([{ count: 0 }]);
    expect(await app.db.query('SELECT count(*)::int AS count FROM tour_service_child_prices WHERE date_id = $1', [second.id])).toEqual([{ count: 0 }]);
  });
});

describe('versions, deletion and roles', () => {
  it('a stale save gets 409 naming who saved, with the current service; nothing is written', async () => {
    const created = (await create(service('Версия'))).body.data;
    expect((await update(created.id, { ...created, description: 'Первое' })).status).toBe(200);
    const stale = await update(created.id, { ...created, description: 'Второе' }, admin);
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ saved_by: 'Сервисова Анна', data: { id: created.id, description: 'Первое', version: 2 } });
    expect(await app.db.query('SELECT description, version FROM tour_services WHERE id = $1', [created.id])).toEqual([{ description: 'Первое', version: 2 }]);
  });

  it('a service a tour names cannot be deleted (403, can_delete false); one no one uses is deleted with its periods', async () => {
    const used = (await create(service('Используемая'))).body.data;
    const [{ id: typeId }] = await app.db.query<{ id: number }>(`INSERT INTO tour_types (name) VALUES ('Экскурсионный') RETURNING id`);
    const [{ id: tourId }] = await app.db.query<{ id: number }>(`INSERT INTO tours (name, slug, tour_type_id) VALUES ('Тур', 'tur', $1) RETURNING id`, [typeId]);
    await app.db.query(`INSERT INTO tour_service_items (tour_id, list, item_id, position) VALUES ($1, 'services', $2, 0)`, [tourId, used.id]);

    const refused = await manager.delete(`/api/tours/services/${used.id}`);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(MESSAGES.errors.inUse);
    expect((await manager.get(`/api/tours/services/${used.id}`)).body.data.can_delete).toBe(false);
    const listed = await manager.get(`/api/tours/services?query=${encodeURIComponent('Используемая')}`);
    expect(listed.body.data).toEqual([expect.objectContaining({ id: used.id, can_delete: false })]);

    const free = (await create(service('Свободная'))).body.data;
    const deleted = await manager.delete(`/api/tours/services/${free.id}`);
    expect(deleted.status).toBe(200);
    expect(await app.db.query('SELECT count(*)::int AS count FROM tour_service_dates WHERE service_id = $1', [free.id])).toEqual([{ count: 0 }]);
    expect((await manager.get(`/api/tours/services/${free.id}`)).status).toBe(404);
  });

  it('filters by class and sorts by name; /data answers vendors, classes and commissions', async () => {
    await create(service('Аквапарк', { class: ServiceClass.Additional }));
    const additional = await manager.get('/api/tours/services?service_class=1&orderBy=name&ascending=1');
    expect(additional.status).toBe(200);
    expect(additional.body.data.length).toBeGreaterThan(0);
    expect(additional.body.data.every((row: { class: number }) => row.class === 1)).toBe(true);
    expect((await manager.get('/api/tours/services?service_class=9')).status).toBe(422);

    const data = await manager.get('/api/tours/services/data');
    expect(data.status).toBe(200);
    expect(data.body).toEqual({ vendors: [{ id: vendorId, name: 'Экскурсбюро «Тропа»' }], classes: SERVICE_CLASSES, commissions: [{ id: 1, name: 'Фиксированная' }, { id: 2, name: 'Процент' }] });
  });

  it('the editor is the administrator\'s and the manager\'s; the picker all three roles\'', async () => {
    const { client: accountant } = await app.signInAs(Role.Accountant);
    for (const path of ['/api/tours/services', '/api/tours/services/data', '/api/tours/services/1']) expect((await accountant.get(path)).status, path).toBe(403);
    expect((await create(service('Бухгалтерская'), accountant)).status).toBe(403);

    const picked = await accountant.get(`/api/tours/services/list?query=${encodeURIComponent('Абрау')}&service_class=3`);
    expect(picked.status).toBe(200);
    expect(picked.body.data).toEqual([{ id: expect.any(Number), name: 'Экскурсия в Абрау', class: 3, vendor_id: vendorId }]);
  });
});
