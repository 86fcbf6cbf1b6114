/**
 * The reference handbooks on the generic machinery: hotel handbooks (spec 01 §2.11), room
 * dictionaries (spec 02) and tour dictionaries (spec 03 §2.6–2.8). One table drives the behaviour
 * every one of them shares; the describes after it cover what only some have.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../shared/messages.js';
import { HOTEL_SERVICE_ICONS, MEAL_CATEGORIES } from '../../shared/resources/hotel-handbooks.js';
import { CHILDREN_AGES } from '../../shared/resources/room-dictionaries.js';
import { TRADE_OFFER_ICONS } from '../../shared/resources/tour-dictionaries.js';
import { Role } from '../../shared/roles.js';
import { startTestApp, type ApiClient, type TestApp } from '../test/test-app.js';

let app: TestApp;
let admin: ApiClient;
let manager: ApiClient;
let accountant: ApiClient;
let infrastructureTypeId: number;

beforeAll(async () => {
  app = await startTestApp();
  [admin, manager, accountant] = (await Promise.all([app.signInAs(Role.Administrator), app.signInAs(Role.Manager), app.signInAs(Role.Accountant)])).map(({ client }) => client);
  infrastructureTypeId = (await app.db.query<{ id: number }>(`INSERT INTO infrastructure_types (name) VALUES ('Пляж') RETURNING id`))[0]!.id;
});
afterAll(() => app?.close());

interface HandbookCase {
  path: string;
  table: string;
  nameMax: number;
  saved: string;
  /** Fields besides the name that a valid record needs. */
  extra?: () => Record<string, unknown>;
}

const CASES: HandbookCase[] = [
  { path: '/hotels/meals', table: 'meals', nameMax: 50, saved: MESSAGES.hotelHandbooks.mealSaved, extra: () => ({ category_type: 2 }) },
  { path: '/hotels/accommodations', table: 'accommodations', nameMax: 128, saved: MESSAGES.hotelHandbooks.accommodationSaved },
  { path: '/hotels/services', table: 'hotel_services', nameMax: 128, saved: MESSAGES.hotelHandbooks.serviceSaved, extra: () => ({ icon: 'pool' }) },
  { path: '/hotels/promotions', table: 'promotions', nameMax: 128, saved: MESSAGES.hotelHandbooks.promotionSaved },
  { path: '/hotels/infrastructure-types', table: 'infrastructure_types', nameMax: 128, saved: MESSAGES.hotelHandbooks.infrastructureTypeSaved },
  {
    path: '/hotels/infrastructures',
    table: 'infrastructures',
    nameMax: 128,
    saved: MESSAGES.hotelHandbooks.infrastructureSaved,
    extra: () => ({ infrastructure_type_id: infrastructureTypeId }),
  },
  ...['types', 'descriptions', 'services', 'equipment', 'furniture', 'bathroom'].map((path) => ({
    path: `/hotels/rooms/${path}`,
    table: path === 'bathroom' ? 'room_bathrooms' : `room_${path}`,
    nameMax: 128,
    saved: MESSAGES.roomDictionaries.saved,
  })),
  { path: '/hotels/rooms/places', table: 'room_places', nameMax: 128, saved: MESSAGES.roomDictionaries.saved, extra: () => ({ places_count: 2, adv_places_count: 1 }) },
  { path: '/tours/excursion/categories', table: 'tour_categories', nameMax: 50, saved: MESSAGES.tourDictionaries.categorySaved },
  { path: '/tours/excursion/trade-offers', table: 'tour_trade_offers', nameMax: 128, saved: MESSAGES.tourDictionaries.tradeOfferSaved, extra: () => ({ icon: 'star' }) },
  { path: '/tours/types', table: 'tour_types', nameMax: 50, saved: MESSAGES.tourDictionaries.typeSaved },
];

describe.each(CASES)('$path', ({ path, table, nameMax, extra }) => {
  const api = (suffix = '') => `/api${path}${suffix}`;
  const stored = async (id: number) => (await app.db.query<{ name: string }>(`SELECT name FROM ${table} WHERE id = $1`, [id]))[0];

  it('creates, shows, lists, searches, updates and deletes', async () => {
    const created = await manager.post(api(), { name: '  Первая запись  ', ...extra?.() });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.data.id as number;
    expect(created.body.data.name).toBe('Первая запись');
    expect((await stored(id))?.name).toBe('Первая запись');

    expect((await manager.get(api(`/${id}`))).body.data).toMatchObject({ id, name: 'Первая запись', ...extra?.() });
    await manager.post(api(), { name: 'Вторая запись', ...extra?.() });

    const searched = await manager.get(api('?query=ПЕРВ'));
    expect(searched.status).toBe(200);
    expect(searched.body).toMatchObject({ count: 1, data: [{ id, name: 'Первая запись' }] });
    const sorted = await manager.get(api('?query=запись&orderBy=name&ascending=0'));
    expect(sorted.body.data.map((row: { name: string }) => row.name)).toEqual(['Первая запись', 'Вторая запись']);
    expect((await manager.get(api('/list'))).body.data).toEqual(expect.arrayContaining([{ id, name: 'Первая запись' }]));

    const updated = await manager.put(api(`/${id}`), { name: 'Исправленная', ...extra?.() });
    expect(updated.status).toBe(200);
    expect(updated.body.data.name).toBe('Исправленная');
    expect((await stored(id))?.name).toBe('Исправленная');

    expect((await manager.delete(api(`/${id}`))).status).toBe(200);
    expect(await stored(id)).toBeUndefined();
    expect((await manager.get(api(`/${id}`))).status).toBe(404);
  });

  it(`limits the name to ${nameMax} characters, requires it, and refuses a duplicate in any case`, async () => {
    const tooLong = await manager.post(api(), { name: 'Я'.repeat(nameMax + 1), ...extra?.() });
    expect(tooLong.status).toBe(422);
    expect(tooLong.body.errors.name).toEqual([MESSAGES.validation.maxLength(nameMax)]);
    expect((await manager.post(api(), { name: 'Я'.repeat(nameMax), ...extra?.() })).status).toBe(201);

    const missing = await manager.post(api(), { name: ' ', ...extra?.() });
    expect(missing.body.errors.name).toEqual([MESSAGES.validation.required]);

    expect((await manager.post(api(), { name: 'Повтор', ...extra?.() })).status).toBe(201);
    const duplicate = await manager.post(api(), { name: 'ПОВТОР', ...extra?.() });
    expect(duplicate.status).toBe(422);
    expect(duplicate.body.errors.name).toEqual([MESSAGES.validation.unique]);
    expect(Number((await app.db.query<{ count: string }>(`SELECT count(*) FROM ${table} WHERE lower(name) = 'повтор'`))[0]!.count)).toBe(1);
  });
});

describe('hotel services and infrastructures: the site-filter switches', () => {
  it.each([
    ['/hotels/services', 'hotel_services', { icon: 'wifi' }],
    ['/hotels/infrastructures', 'infrastructures', {}],
  ] as const)('%s: PUT /{id}/filter and /point-filter flip the flag and say so', async (path, table, extra) => {
    const base = path === '/hotels/infrastructures' ? { infrastructure_type_id: infrastructureTypeId } : {};
    const created = await manager.post(`/api${path}`, { name: `Фильтр ${table}`, ...base, ...extra });
    expect(created.body.data).toMatchObject({ is_filter: false, is_point_filter: false });
    const id = created.body.data.id as number;

    const filter = await manager.put(`/api${path}/${id}/filter`);
    expect(filter.status).toBe(200);
    expect(filter.body).toEqual({ status: 'CHANGED', is_filter: true, name: `Фильтр ${table}`, version: 2 });
    const point = await manager.put(`/api${path}/${id}/point-filter`, { is_point_filter: true });
    expect(point.body).toEqual({ status: 'CHANGED', is_point_filter: true, name: `Фильтр ${table}`, version: 3 });
    expect((await manager.put(`/api${path}/${id}/filter`)).body.is_filter).toBe(false);

    const [row] = await app.db.query<{ is_filter: boolean; is_point_filter: boolean }>(`SELECT is_filter, is_point_filter FROM ${table} WHERE id = $1`, [id]);
    expect(row).toEqual({ is_filter: false, is_point_filter: true });
    // Only the declared switches exist.
    expect((await manager.put(`/api${path}/${id}/active`)).status).toBe(404);
  });

  it('GET /api/hotels/services/icons lists the icon names (and is not taken for a record id)', async () => {
    const response = await manager.get('/api/hotels/services/icons');
    expect(response.status).toBe(200);
    expect(response.body.icons).toEqual(HOTEL_SERVICE_ICONS.map(({ id, name }) => ({ id, name })));
  });

  it('refuses an icon outside the list', async () => {
    const response = await manager.post('/api/hotels/services', { name: 'Неизвестная иконка', icon: 'rocket' });
    expect(response.status).toBe(422);
    expect(response.body.errors.icon).toEqual([MESSAGES.validation.oneOf]);
  });
});

describe('infrastructure and its types', () => {
  it('rows hold their type; a type in use cannot be deleted (403), a free one can', async () => {
    const typeId = (await admin.post('/api/hotels/infrastructure-types', { name: 'Спорт' })).body.data.id as number;
    const created = await admin.post('/api/hotels/infrastructures', { name: 'Теннисный корт', infrastructure_type_id: typeId });
    expect(created.body.data).toMatchObject({ infrastructure_type_id: typeId, infrastructure_type: { id: typeId, name: 'Спорт' } });
    const listed = await admin.get('/api/hotels/infrastructures?query=теннис');
    expect(listed.body.data[0].infrastructure_type).toEqual({ id: typeId, name: 'Спорт' });
    expect((await admin.get('/api/hotels/infrastructure-types/list')).body.data).toContainEqual({ id: typeId, name: 'Спорт' });

    const refused = await admin.delete(`/api/hotels/infrastructure-types/${typeId}`);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: MESSAGES.errors.inUse });
    expect((await app.db.query('SELECT 1 FROM infrastructure_types WHERE id = $1', [typeId])).length).toBe(1);

    expect((await admin.delete(`/api/hotels/infrastructures/${created.body.data.id}`)).status).toBe(200);
    expect((await admin.delete(`/api/hotels/infrastructure-types/${typeId}`)).status).toBe(200);
  });

  it('needs an existing type', async () => {
    const missing = await admin.post('/api/hotels/infrastructures', { name: 'Без типа' });
    expect(missing.body.errors.infrastructure_type_id).toEqual([MESSAGES.validation.required]);
  });
});

describe('meals', () => {
  it('carry a category with its name; the categories list feeds the select', async () => {
    const categories = await manager.get('/api/hotels/meals/categories/list');
    expect(categories.body).toEqual({ data: MEAL_CATEGORIES });
    const created = await manager.post('/api/hotels/meals', { name: 'Завтрак «шведский стол»', category_type: 2 });
    expect(created.body.data).toMatchObject({ category_type: 2, category_name: 'Завтрак' });
    const bad = await manager.post('/api/hotels/meals', { name: 'Ужин', category_type: 9 });
    expect(bad.body.errors.category_type).toEqual([MESSAGES.validation.oneOf]);
  });
});

describe('promotions', () => {
  it('keep the percent only with the discount box; percent is 0–100; the range must be in order', async () => {
    const withDiscount = await manager.post('/api/hotels/promotions', {
      name: 'Раннее бронирование',
      description: 'До 31 марта',
      published_date: '2026-11-01',
      date_from: '2026-12-01',
      date_to: '2027-03-31',
      discount: true,
      percent: 15,
    });
    expect(withDiscount.status).toBe(201);
    expect(withDiscount.body.data).toMatchObject({ published_date: '2026-11-01', date_from: '2026-12-01', date_to: '2027-03-31', discount: true, percent: 15 });

    const id = withDiscount.body.data.id as number;
    const noDiscount = await manager.put(`/api/hotels/promotions/${id}`, { name: 'Раннее бронирование', discount: false, percent: 15 });
    expect(noDiscount.body.data).toMatchObject({ discount: false, percent: null });

    const required = await manager.post('/api/hotels/promotions', { name: 'Скидка без размера', discount: true });
    expect(required.body.errors.percent).toEqual([MESSAGES.validation.required]);
    const tooMuch = await manager.post('/api/hotels/promotions', { name: 'Скидка 150', discount: true, percent: 150 });
    expect(tooMuch.body.errors.percent).toEqual([MESSAGES.validation.max(100)]);
    const reversed = await manager.post('/api/hotels/promotions', { name: 'Наоборот', date_from: '2027-01-10', date_to: '2027-01-01' });
    expect(reversed.status).toBe(422);
    expect(reversed.body.errors).toEqual({ date_to: [MESSAGES.dates.order] });
  });

  it('refuse a date that is not a real DD.MM.YYYY day or is out of bounds, and half a period — nothing is saved', async () => {
    const count = async () => (await app.db.query<{ count: number }>('SELECT count(*)::int AS count FROM promotions'))[0]!.count;
    const before = await count();
    for (const [body, errors] of [
      [{ published_date: '99.99.9999' }, { published_date: [MESSAGES.dates.format] }],
      [{ published_date: '2025-02-30' }, { published_date: [MESSAGES.dates.format] }],
      [{ published_date: '1899-12-31' }, { published_date: [MESSAGES.dates.notBefore('01.01.1900')] }],
      [{ published_date: '2101-01-01' }, { published_date: [MESSAGES.dates.notAfter('31.12.2100')] }],
      [{ date_from: '2026-06-01' }, { date_to: [MESSAGES.dates.bothEnds] }],
      [{ date_from: null, date_to: '2026-06-01' }, { date_from: [MESSAGES.dates.bothEnds] }],
      [{ date_from: '2026-06-01', date_to: '31.06.2026' }, { date_to: [MESSAGES.dates.format] }],
    ] as const) {
      const response = await manager.post('/api/hotels/promotions', { name: 'Неверные даты', ...body });
      expect(response.status, JSON.stringify(body)).toBe(422);
      expect(response.body.errors, JSON.stringify(body)).toEqual(errors);
    }
    expect(await count()).toBe(before);
  });
});

describe('room dictionaries', () => {
  it('places carry main and extra counts, whole numbers 0–999999', async () => {
    const created = await manager.post('/api/hotels/rooms/places', { name: 'DBL + EXB', places_count: 2, adv_places_count: 1 });
    expect(created.body.data).toEqual({ id: expect.any(Number), name: 'DBL + EXB', places_count: 2, adv_places_count: 1, version: 1 });
    const defaults = await manager.post('/api/hotels/rooms/places', { name: 'Без мест' });
    expect(defaults.body.data).toMatchObject({ places_count: 0, adv_places_count: 0 });
    const bad = await manager.post('/api/hotels/rooms/places', { name: 'Неверно', places_count: 1_000_000, adv_places_count: 1.5 });
    expect(bad.body.errors).toEqual({ places_count: [MESSAGES.validation.max(999_999)], adv_places_count: [MESSAGES.validation.integer] });
  });

  it('GET /api/hotels/rooms/data gives every dictionary by name, and the child ages', async () => {
    await manager.post('/api/hotels/rooms/types', { name: 'Стандарт' });
    await manager.post('/api/hotels/rooms/bathroom', { name: 'Душ' });
    const response = await manager.get('/api/hotels/rooms/data');
    expect(response.status).toBe(200);
    expect(Object.keys(response.body).sort()).toEqual(['bathrooms', 'children_ages', 'descriptions', 'equipments', 'furniture', 'places', 'services', 'types']);
    expect(response.body.types).toContainEqual({ id: expect.any(Number), name: 'Стандарт' });
    expect(response.body.bathrooms).toContainEqual({ id: expect.any(Number), name: 'Душ' });
    expect(response.body.places).toContainEqual({ id: expect.any(Number), name: 'DBL + EXB', places_count: 2, adv_places_count: 1 });
    expect(response.body.children_ages).toEqual(CHILDREN_AGES);
  });
});

describe('the tour handbooks: the administrator and the manager change them, the accountant reads them (spec 03 §6, issue 25)', () => {
  it.each(CASES.filter(({ path }) => path.startsWith('/tours/')))('$path', async ({ path, table, extra }) => {
    const api = (suffix = '') => `/api${path}${suffix}`;
    const created = await admin.post(api(), { name: `Запись ${table}`, ...extra?.() });
    expect(created.status).toBe(201);
    const id = created.body.data.id as number;
    expect((await accountant.get(api(`?query=${encodeURIComponent(`Запись ${table}`)}`))).body).toMatchObject({ count: 1, data: [{ id }] });
    expect((await accountant.get(api('/list'))).body.data).toEqual(expect.arrayContaining([expect.objectContaining({ id })]));
    expect((await accountant.get(api(`/${id}`))).status).toBe(200);

    for (const reply of [
      await accountant.post(api(), { name: 'От бухгалтера', ...extra?.() }),
      await accountant.put(api(`/${id}`), { name: 'От бухгалтера', ...extra?.() }),
      await accountant.put(api(`/${id}/active`)),
      await accountant.delete(api(`/${id}`)),
    ]) {
      expect(reply.status).toBe(403);
      expect(reply.body).toEqual({ message: MESSAGES.auth.forbidden });
    }
    expect(await app.db.query(`SELECT name FROM ${table} WHERE id = $1 OR name = 'От бухгалтера'`, [id])).toEqual([{ name: `Запись ${table}` }]);
  });
});

describe('trade offers', () => {
  it('GET /api/tours/excursion/trade-offers/icons lists the icons; an offer keeps its icon', async () => {
    const icons = await manager.get('/api/tours/excursion/trade-offers/icons');
    expect(icons.body).toEqual({ data: TRADE_OFFER_ICONS.map(({ id, name }) => ({ id, name })) });
    const created = await manager.post('/api/tours/excursion/trade-offers', { name: 'Хит сезона', icon: 'fire' });
    expect(created.body.data).toEqual({ id: expect.any(Number), name: 'Хит сезона', icon: 'fire', version: 1 });
  });
});

describe('a reference to a missing row', () => {
  it('is the field\'s 422, not a 500 (foreign key fk__<field>)', async () => {
    const response = await manager.post('/api/hotels/infrastructures', { name: 'Сирота', infrastructure_type_id: 999_999 });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({ infrastructure_type_id: [MESSAGES.validation.oneOf] });
  });
});
