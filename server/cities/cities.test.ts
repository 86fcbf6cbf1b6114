/** Cities (spec 01 §2.9, §3, §5, §7), catalogue directions (spec 03 §2.14) and hotel directions (spec 01 §2.11). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../shared/messages.js';
import { CITY_LIMITS } from '../../shared/resources/cities.js';
import { Role } from '../../shared/roles.js';
import { startTestApp, type ApiClient, type TestApp } from '../test/test-app.js';

let app: TestApp;
let manager: ApiClient;
let countryId: number;

beforeAll(async () => {
  app = await startTestApp();
  manager = (await app.signInAs(Role.Manager)).client;
  countryId = (await app.db.query<{ id: number }>(`INSERT INTO countries (name) VALUES ('Россия') RETURNING id`))[0]!.id;
});
afterAll(() => app?.close());

let slugNumber = 0;
const city = (name: string, extra: Record<string, unknown> = {}) => ({ name, country_id: countryId, slug: `city-${++slugNumber}`, ...extra });
const createCity = async (name: string, extra: Record<string, unknown> = {}) => {
  const response = await manager.post('/api/cities', city(name, extra));
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.data as { id: number; name: string };
};

/** A real PNG: the 8-byte signature is what the upload check reads. */
const png = () => new Blob([Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)])], { type: 'image/png' });

describe('cities', () => {
  it('save ids of linked cities and read them back as city objects, with country, catalog and SEO blocks', async () => {
    const adler = await createCity('Адлер');
    const sirius = await createCity('Сириус');
    const form = new FormData();
    form.append('photo', png(), 'catalog.png');
    form.append('entity', 'city');
    const upload = await manager.postForm('/api/photos', form);
    expect(upload.status).toBe(201);

    const seo = {
      hotel: {
        meta: { h1: 'Отели Сочи', title: 'Отели в Сочи', description: 'Лучшие отели' },
        description: '<p>Курорт на <strong>Чёрном</strong> море</p>',
        bottom_block: { title: 'Почему Сочи', text: '<p>Море и горы</p>' },
        faq: [{ id: 1700000000000, question: 'Когда ехать?', answer: '<p>Летом</p>' }],
      },
      bus_tickets: {
        meta: { h1: 'Автобусы в Сочи', title: null, description: null },
        description: null,
        bottom_block: { title: null, text: null },
        faq: [],
        advantages: [1, 2, 3, 4].map((number) => ({ id: number, title: `Преимущество ${number}`, text: `<p>Текст ${number}</p>` })),
      },
    };
    const created = await manager.post(
      '/api/cities',
      city('Сочи', {
        slug: 'sochi',
        near_cities: [adler.id, sirius.id],
        railway_transfer_cities: [adler.id],
        aviation_transfer_cities: [],
        catalog: { image: upload.body.path, price: 15000.5 },
        seo_settings: seo,
      }),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.data.id as number;
    const read = (await manager.get(`/api/cities/${id}`)).body.data;
    expect(read).toMatchObject({
      id,
      name: 'Сочи',
      slug: 'sochi',
      country: { id: countryId, name: 'Россия' },
      near_cities: [
        { id: adler.id, name: 'Адлер' },
        { id: sirius.id, name: 'Сириус' },
      ],
      railway_transfer_cities: [{ id: adler.id, name: 'Адлер' }],
      aviation_transfer_cities: [],
      catalog: { image: upload.body.path, image_url: upload.body.url, price: 15000.5 },
      seo_settings: seo,
      can_delete: true,
    });
    const [stored] = await app.db.query<{ catalog_price: string }>('SELECT catalog_price FROM cities WHERE id = $1', [id]);
    expect(stored!.catalog_price).toBe('15000.50');

    // A list that is sent is the whole list (an empty one clears it); a list left out keeps what is stored.
    const updated = await manager.put(
      `/api/cities/${id}`,
      city('Сочи', { slug: 'sochi', near_cities: [sirius.id], railway_transfer_cities: [], catalog: { image: null, price: null } }),
    );
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({ near_cities: [{ id: sirius.id, name: 'Сириус' }], railway_transfer_cities: [], catalog: { image: null, price: null } });
    expect((await app.db.query('SELECT * FROM city_near_cities WHERE city_id = $1', [id])).length).toBe(1);
  });

  it('serve city search with limit up to 1000, and /list', async () => {
    await createCity('Анапа');
    const search = await manager.get('/api/cities?query=анап&limit=1000');
    expect(search.status).toBe(200);
    expect(search.body.data.map((row: { name: string }) => row.name)).toEqual(['Анапа']);
    expect((await manager.get('/api/cities?limit=1001')).status).toBe(422);
    expect((await manager.get('/api/cities/list')).body.data).toContainEqual({ id: expect.any(Number), name: 'Анапа' });
  });

  it('validate the limits and the FAQ/advantage rules of spec 01 §5', async () => {
    const response = await manager.post(
      '/api/cities',
      city('Я'.repeat(CITY_LIMITS.name + 1), {
        slug: 'Not A Slug',
        seo_settings: {
          hotel: {
            meta: { h1: 'h'.repeat(101), title: 't'.repeat(101), description: 'd'.repeat(161) },
            bottom_block: { title: 'b'.repeat(161) },
            faq: [{ question: '', answer: '<p>Ответ</p>' }, { question: 'Вопрос', answer: '<p></p>' }],
          },
          bus_tickets: { advantages: [{ title: 'x'.repeat(201), text: '<p>ok</p>' }] },
        },
      }),
    );
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({
      name: [MESSAGES.validation.maxLength(128)],
      slug: [MESSAGES.cities.slugFormat],
      'seo_settings.hotel.meta.h1': [MESSAGES.validation.maxLength(100)],
      'seo_settings.hotel.meta.title': [MESSAGES.validation.maxLength(100)],
      'seo_settings.hotel.meta.description': [MESSAGES.validation.maxLength(160)],
      'seo_settings.hotel.bottom_block.title': [MESSAGES.validation.maxLength(160)],
      'seo_settings.hotel.faq.0.question': [MESSAGES.validation.fillIn],
      'seo_settings.hotel.faq.1.answer': [MESSAGES.validation.fillIn],
      'seo_settings.bus_tickets.advantages.0.title': [MESSAGES.validation.maxLength(200)],
    });

    const five = await manager.post('/api/cities', city('Пять преимуществ', { seo_settings: { bus_tickets: { advantages: [1, 2, 3, 4, 5].map((n) => ({ title: `${n}`, text: `${n}` })) } } }));
    expect(five.body.errors['seo_settings.bus_tickets.advantages']).toEqual([MESSAGES.cities.advantagesMax(4)]);

    // Rich text is limited by its text, not by its markup.
    const longMarkup = `<p><strong>${'a'.repeat(CITY_LIMITS.richText - 10)}</strong></p>`;
    expect((await manager.post('/api/cities', city('Разметка', { seo_settings: { hotel: { description: longMarkup } } }))).status).toBe(201);
    const tooLong = await manager.post('/api/cities', city('Длинный', { seo_settings: { hotel: { description: `<p>${'a'.repeat(CITY_LIMITS.richText + 1)}</p>` } } }));
    expect(tooLong.body.errors['seo_settings.hotel.description']).toEqual([MESSAGES.validation.maxLength(CITY_LIMITS.richText)]);
  });

  it('derive a slug left empty from the name, transliterated and made unique, as for hotels', async () => {
    const first = await manager.post('/api/cities', city('Санкт-Петербург', { slug: '' }));
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body.data.slug).toBe('sankt-peterburg');
    const second = await manager.post('/api/cities', city('Санкт Петербург', { slug: null }));
    expect(second.body.data.slug).toBe('sankt-peterburg-2');
    // Cleared on an edit: derived again, its own slug no conflict.
    const again = await manager.put(`/api/cities/${second.body.data.id}`, { name: 'Санкт Петербург', slug: '', version: second.body.data.version });
    expect(again.body.data.slug).toBe('sankt-peterburg-2');
    // A slug typed is kept as typed; a name with nothing to write in Latin gets 'city', as a hotel gets 'hotel'.
    expect((await manager.post('/api/cities', city('Щёлково', { slug: 'shchelkovo-mo' }))).body.data.slug).toBe('shchelkovo-mo');
    expect((await manager.post('/api/cities', city('№ 1 ***', { slug: '' }))).body.data.slug).toBe('1');
    expect((await manager.post('/api/cities', city('***', { slug: '' }))).body.data.slug).toBe('city');
  });

  it('refuse a duplicate slug, a missing country, an unknown linked city and an image that was never uploaded', async () => {
    await createCity('Ялта', { slug: 'yalta' });
    expect((await manager.post('/api/cities', city('Ялта 2', { slug: 'YALTA'.toLowerCase() }))).body.errors).toEqual({ slug: [MESSAGES.validation.unique] });
    expect((await manager.post('/api/cities', city('Без страны', { country_id: 999_999 }))).body.errors).toEqual({ country_id: [MESSAGES.validation.oneOf] });
    expect((await manager.post('/api/cities', city('Сосед', { near_cities: [999_999] }))).body.errors).toEqual({ near_cities: [MESSAGES.validation.oneOf] });
    expect((await manager.post('/api/cities', city('Картинка', { catalog: { image: 'photos/city/missing.png' } }))).body.errors).toEqual({
      'catalog.image': [MESSAGES.validation.oneOf],
    });
  });

  it('can_delete follows what uses the city: a hotel direction or a direction blocks delete, a neighbour list does not', async () => {
    const used = await createCity('Геленджик');
    const neighbour = await createCity('Кабардинка', { near_cities: [used.id] });
    const rowOf = async (cityId: number) =>
      ((await manager.get('/api/cities?query=' + encodeURIComponent(cityId === used.id ? 'Геленджик' : 'Кабардинка'))).body.data as { id: number; can_delete: boolean }[]).find((row) => row.id === cityId)!;
    expect((await rowOf(used.id)).can_delete).toBe(true);

    const hotelDirection = await manager.post('/api/hotels/directions', { name: 'Центр', city_id: used.id, info: 'Набережная' });
    expect(hotelDirection.status).toBe(201);
    expect(hotelDirection.body.data).toMatchObject({ city_id: used.id, city: { id: used.id, name: 'Геленджик' }, info: 'Набережная' });
    expect((await rowOf(used.id)).can_delete).toBe(false);
    const refused = await manager.delete(`/api/cities/${used.id}`);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(MESSAGES.errors.inUse);

    expect((await manager.delete(`/api/hotels/directions/${hotelDirection.body.data.id}`)).status).toBe(200);
    const direction = await manager.post('/api/directions', { name: 'Черноморское побережье', cities: [used.id], sort: 5 });
    expect((await rowOf(used.id)).can_delete).toBe(false);
    expect((await manager.delete(`/api/directions/${direction.body.data.id}`)).status).toBe(200);

    // Only a neighbour list mentions it now: that does not block, and the list entry goes with it.
    expect((await rowOf(used.id)).can_delete).toBe(true);
    expect((await manager.delete(`/api/cities/${used.id}`)).status).toBe(200);
    expect((await manager.get(`/api/cities/${neighbour.id}`)).body.data.near_cities).toEqual([]);
  });
});

describe('directions', () => {
  it('hold cities and a sort of 1–100 (lower stands higher); /data gives the cities to choose from', async () => {
    const [kazan, samara] = [await createCity('Казань'), await createCity('Самара')];
    const created = await manager.post('/api/directions', { name: 'Поволжье', cities: [samara.id, kazan.id], sort: 10 });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ name: 'Поволжье', sort: 10, cities: [{ id: kazan.id, name: 'Казань' }, { id: samara.id, name: 'Самара' }] });
    const updated = await manager.put(`/api/directions/${created.body.data.id}`, { name: 'Поволжье', cities: [kazan.id], sort: 1 });
    expect(updated.body.data.cities).toEqual([{ id: kazan.id, name: 'Казань' }]);
    expect((await manager.get('/api/directions?orderBy=sort')).body.data[0]).toMatchObject({ name: 'Поволжье', sort: 1 });

    const bad = await manager.post('/api/directions', { name: 'x'.repeat(256), sort: 101, cities: [999_999] });
    expect(bad.body.errors).toEqual({ name: [MESSAGES.validation.maxLength(255)], sort: [MESSAGES.validation.max(100)] });
    const unknownCity = await manager.post('/api/directions', { name: 'Неизвестный город', cities: [999_999] });
    expect(unknownCity.body.errors).toEqual({ cities: [MESSAGES.validation.oneOf] });
    expect((await app.db.query(`SELECT 1 FROM directions WHERE name = 'Неизвестный город'`)).length).toBe(0);

    const data = await manager.get('/api/directions/data');
    expect(data.status).toBe(200);
    expect(data.body.cities).toContainEqual({ id: kazan.id, name: 'Казань' });
  });

  it('are changed by the administrator and the manager; the accountant reads them (spec 03 §6, issue 25)', async () => {
    const accountant = (await app.signInAs(Role.Accountant)).client;
    const id = (await manager.post('/api/directions', { name: 'Кавказ', sort: 7 })).body.data.id as number;
    expect((await accountant.get('/api/directions?query=Кавказ')).body).toMatchObject({ count: 1, data: [{ id, name: 'Кавказ' }] });
    expect((await accountant.get('/api/directions/list')).body.data).toContainEqual(expect.objectContaining({ id, name: 'Кавказ' }));
    for (const reply of [
      await accountant.post('/api/directions', { name: 'От бухгалтера' }),
      await accountant.put(`/api/directions/${id}`, { name: 'От бухгалтера', sort: 1 }),
      await accountant.delete(`/api/directions/${id}`),
    ]) {
      expect(reply.status).toBe(403);
      expect(reply.body).toEqual({ message: MESSAGES.auth.forbidden });
    }
    expect(await app.db.query(`SELECT name, sort FROM directions WHERE id = $1 OR name = 'От бухгалтера'`, [id])).toEqual([{ name: 'Кавказ', sort: 7 }]);
  });

  it('hotel directions: name 50, info 100, a city required; filterable by city', async () => {
    const tuapse = await createCity('Туапсе');
    const bad = await manager.post('/api/hotels/directions', { name: 'x'.repeat(51), info: 'y'.repeat(101) });
    expect(bad.body.errors).toEqual({
      name: [MESSAGES.validation.maxLength(50)],
      city_id: [MESSAGES.validation.required],
      info: [MESSAGES.validation.maxLength(100)],
    });
    await manager.post('/api/hotels/directions', { name: 'Пляжный', city_id: tuapse.id });
    const filtered = await manager.get(`/api/hotels/directions?city_id=${tuapse.id}`);
    expect(filtered.body).toMatchObject({ count: 1, data: [{ name: 'Пляжный', city: { id: tuapse.id, name: 'Туапсе' } }] });
  });
});
