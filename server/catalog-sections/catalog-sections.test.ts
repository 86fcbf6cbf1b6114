/**
 * Catalogue sections (spec 03 §2.13, §5): the plain-JSON save on the aggregate machinery against a
 * real PostgreSQL — an outside client's body, the GET → PUT round trip, the unique slug, the tree
 * never closing into a ring, the slider's messages and limit, versions, in-use refusals, the images
 * and the hotel's sections.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toPayloadBody } from '../../shared/editor.js';
import { MESSAGES } from '../../shared/messages.js';
import { Role } from '../../shared/roles.js';
import { createHotelHandbooks, hotelPayload, type HotelHandbooks } from '../test/hotel-fixtures.js';
import { startTestApp, type ApiClient, type TestApp } from '../test/test-app.js';

let app: TestApp;
let manager: ApiClient;
let accountant: ApiClient;
let tourIds: number[];
let handbooks: HotelHandbooks;

beforeAll(async () => {
  app = await startTestApp();
  [manager, accountant] = (await Promise.all([app.signInAs(Role.Manager), app.signInAs(Role.Accountant)])).map(({ client }) => client);
  handbooks = await createHotelHandbooks(app.db.query);
  // The tours editor lands separately: tours the slider can name, inserted as rows.
  const [type] = await app.db.query<{ id: number }>(`INSERT INTO tour_types (name) VALUES ('Экскурсионный') RETURNING id`);
  tourIds = (await app.db.query<{ id: number }>(
    `INSERT INTO tours (name, slug, tour_type_id) SELECT 'Тур ' || n, 'tour-' || n, $1 FROM generate_series(1, 13) AS n ORDER BY n RETURNING id`,
    [type!.id],
  )).map((row) => row.id);
});
afterAll(() => app?.close());

const create = (body: unknown, client = manager) => client.post('/api/catalog-sections', body);
const update = (id: number, body: unknown, client = manager) => client.put(`/api/catalog-sections/${id}`, body);
let names = 0;
const section = (overrides: Record<string, unknown> = {}) => ({ name: `Раздел ${++names}`, ...overrides });
const created = async (overrides: Record<string, unknown> = {}) => {
  const reply = await create(section(overrides));
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  return reply.body.data as { id: number; version: number; slug: string } & Record<string, unknown>;
};
const sliderTour = (index: number) => ({ tour_id: tourIds[index], title: `Слайд ${index}`, price: `от ${index + 1} 000 ₽` });

describe('an outside client', () => {
  it('POSTs a section as the original site sends it (flags 0/1, numbers as text, no slug), finds it, GETs it and PUTs it back with one field changed', async () => {
    const parent = await created({ name: 'Море' });
    const body = {
      name: 'Отдых в Анапе',
      description: 'Лучшие туры',
      catalog_section_id: String(parent.id),
      is_active: '1',
      exclusive: 1,
      sort: '20',
      price: 'от 15 000 ₽',
      seo_h1: 'Анапа',
      seo_content: {
        top_block: { title: 'Сверху', text: '<p>Текст сверху</p>' },
        bottom_block: { title: 'Снизу', text: '<p>Текст снизу</p>' },
        advantages: [{ title: 'Пляжи', text: '<p>Песчаные</p>' }],
        // The original site kept the slider inside seo_content, with the tour as an object.
        tours: [{ tour: { id: tourIds[0] }, title: 'Хит', price: 'от 9 900 ₽' }],
      },
    };
    const reply = await create(body);
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    const id = reply.body.data.id as number;
    expect(reply.body.data).toMatchObject({
      name: 'Отдых в Анапе',
      slug: 'otdykh-v-anape',
      catalog_section_id: parent.id,
      parent: { id: parent.id, name: 'Море' },
      is_active: true,
      exclusive: true,
      sort: 20,
      seo_title: null,
      version: 1,
      seo_content: { top_block: { title: 'Сверху' }, advantages: [{ title: 'Пляжи' }] },
      tours: [{ tour_id: tourIds[0], tour: { id: tourIds[0], name: 'Тур 1', slug: 'tour-1' }, title: 'Хит', price: 'от 9 900 ₽' }],
    });
    expect(await app.db.query('SELECT tour_id, title, position FROM catalog_section_tours WHERE section_id = $1', [id])).toEqual([{ tour_id: tourIds[0], title: 'Хит', position: 0 }]);
    const picked = await manager.get(`/api/catalog-sections/list?query=${encodeURIComponent('анап')}`);
    expect(picked.body).toEqual({ data: [{ id, name: 'Отдых в Анапе' }] });

    const found = await manager.get(`/api/catalog-sections?query=${encodeURIComponent('анап')}`);
    expect(found.status).toBe(200);
    expect(found.body).toMatchObject({ count: 1, data: [{ id, name: 'Отдых в Анапе', description: 'Лучшие туры', parent: { id: parent.id, name: 'Море' }, is_active: true, can_delete: true }] });
    // The parent is named by a child: it cannot be deleted.
    const parentRow = (await manager.get(`/api/catalog-sections?query=${encodeURIComponent('Море')}`)).body.data[0];
    expect(parentRow).toMatchObject({ id: parent.id, can_delete: false });

    const read = await manager.get(`/api/catalog-sections/${id}`);
    expect(read.status).toBe(200);
    const saved = await update(id, { ...read.body.data, price: 'от 12 000 ₽' });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const { version: v1, ...savedRest } = saved.body.data;
    const { version: v0, ...readRest } = read.body.data;
    expect([v0, v1]).toEqual([1, 2]);
    expect(savedRest).toEqual({ ...readRest, price: 'от 12 000 ₽' });
  });

  it('accepts absent optional keys and stores the defaults: active, sort 10, not exclusive, empty blocks', async () => {
    const reply = await create({ name: 'Просто раздел' });
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    expect(reply.body.data).toMatchObject({ is_active: true, exclusive: false, sort: 10, price: null, banner: null, tours: [], seo_content: { top_block: { title: null, text: null }, advantages: [] } });
  });
});

describe('the rules', () => {
  it('a slug is unique (case aside): 422 on slug; a section saved without one gets a free one', async () => {
    const first = await created({ slug: 'gory' });
    expect((await create(section({ slug: 'gory' }))).body).toEqual({ message: expect.any(String), errors: { slug: [MESSAGES.validation.unique] } });
    const other = await created();
    expect((await update(other.id, { name: 'Другое', slug: 'gory', version: other.version })).status).toBe(422);
    const derived = await created({ name: 'Gory' });
    expect(derived.slug).toBe('gory-2');
    expect(first.slug).toBe('gory');
    expect((await create(section({ slug: 'x'.repeat(256) }))).body.errors.slug).toEqual([MESSAGES.validation.maxLength(255)]);
  });

  it('a section is never its own ancestor: itself, its child or a deeper descendant as the parent is a 422 on catalog_section_id', async () => {
    const top = await created();
    const middle = await created({ catalog_section_id: top.id });
    const bottom = await created({ catalog_section_id: middle.id });
    for (const parent of [top.id, middle.id, bottom.id]) {
      const reply = await update(top.id, { name: 'Верх', catalog_section_id: parent });
      expect(reply.status, JSON.stringify(reply.body)).toBe(422);
      expect(reply.body.errors).toEqual({ catalog_section_id: [MESSAGES.catalogSections.ancestry] });
    }
    expect((await app.db.query<{ catalog_section_id: number | null }>('SELECT catalog_section_id FROM catalog_sections WHERE id = $1', [top.id]))[0]!.catalog_section_id).toBeNull();
    // Moving a branch elsewhere is fine; the parent list offers everything but the section's own subtree.
    const elsewhere = await created();
    expect((await update(middle.id, { name: 'Середина', catalog_section_id: elsewhere.id })).status).toBe(200);
    const parents = await manager.get(`/api/front/catalog-sections/parent-list?id=${middle.id}`);
    const offered = (parents.body.data as { id: number }[]).map((row) => row.id);
    expect(offered).toEqual(expect.arrayContaining([top.id, elsewhere.id]));
    expect(offered).not.toContain(middle.id);
    expect(offered).not.toContain(bottom.id);
    expect((await update(top.id, { name: 'Верх', catalog_section_id: 2_000_000_000 })).body.errors).toEqual({ catalog_section_id: [MESSAGES.validation.oneOf] });
  });

  it('two saves at once cannot close a ring between them (A under B, B under A)', async () => {
    const a = await created();
    const b = await created();
    const replies = await Promise.all([update(a.id, { name: 'А', catalog_section_id: b.id }), update(b.id, { name: 'Б', catalog_section_id: a.id })]);
    expect(replies.map((reply) => reply.status).sort()).toEqual([200, 422]);
    const ring = await app.db.query(
      `SELECT 1 FROM catalog_sections x JOIN catalog_sections y ON x.catalog_section_id = y.id AND y.catalog_section_id = x.id WHERE x.id = $1`,
      [a.id],
    );
    expect(ring).toEqual([]);
  });

  it('slider tours need a tour, a title and a price, each with its message, on tours.N.<field>; at most 12', async () => {
    const reply = await create(section({ tours: [sliderTour(0), { tour_id: '', title: ' ', price: null }, { tour: { id: tourIds[1] } }] }));
    expect(reply.status).toBe(422);
    expect(reply.body.errors).toEqual({
      'tours.1.tour_id': [MESSAGES.applications.specifyTour],
      'tours.1.title': [MESSAGES.applications.specifyTitle],
      'tours.1.price': [MESSAGES.applications.specifyPrice],
      'tours.2.title': [MESSAGES.applications.specifyTitle],
      'tours.2.price': [MESSAGES.applications.specifyPrice],
    });
    expect(MESSAGES.applications.specifyTour).toBe('Укажите тур');

    const twelve = tourIds.slice(0, 12).map((_, index) => sliderTour(index));
    const full = await create(section({ tours: twelve }));
    expect(full.status, JSON.stringify(full.body)).toBe(201);
    expect(full.body.data.tours.map((tour: { tour_id: number }) => tour.tour_id)).toEqual(tourIds.slice(0, 12));
    const over = await create(section({ tours: [...twelve, sliderTour(12)] }));
    expect(over.status).toBe(422);
    expect(over.body.errors).toEqual({ tours: [MESSAGES.catalogSections.sliderFull(12)] });

    // A tour that does not exist: the row's tour field.
    const unknown = await create(section({ tours: [sliderTour(0), { ...sliderTour(1), tour_id: 2_000_000_000 }] }));
    expect(unknown.body.errors).toEqual({ 'tours.1.tour_id': [MESSAGES.validation.oneOf] });

    // Saved again with fewer tours: the list is replaced, in the new order.
    const id = full.body.data.id as number;
    const saved = await update(id, { ...full.body.data, tours: [sliderTour(5), sliderTour(2)] });
    expect(saved.status).toBe(200);
    expect(await app.db.query('SELECT tour_id, position FROM catalog_section_tours WHERE section_id = $1 ORDER BY position', [id])).toEqual([
      { tour_id: tourIds[5], position: 0 },
      { tour_id: tourIds[2], position: 1 },
    ]);
  });

  it('sort is 1–100, price text at most 200 characters', async () => {
    const reply = await create(section({ sort: 101, price: 'x'.repeat(201) }));
    expect(reply.body.errors).toEqual({ sort: [MESSAGES.validation.max(100)], price: [MESSAGES.validation.maxLength(200)] });
    expect((await create(section({ sort: '0' }))).body.errors).toEqual({ sort: [MESSAGES.validation.min(1)] });
  });

  it('a save on a stale version is a 409 with the current section; nothing is written', async () => {
    const stored = await created();
    expect((await update(stored.id, { ...stored, description: 'первое' })).status).toBe(200);
    const stale = await update(stored.id, { ...stored, description: 'второе' });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ data: { id: stored.id, version: 2, description: 'первое' } });
    expect((await app.db.query('SELECT description, version FROM catalog_sections WHERE id = $1', [stored.id]))[0]).toEqual({ description: 'первое', version: 2 });
  });
});

describe('delete, the switch, roles', () => {
  it('403 while a child section, a hotel or a tour names the section; 200 once nothing does', async () => {
    const parent = await created();
    const child = await created({ catalog_section_id: parent.id });
    // GET says so first, as every editor's record does.
    expect((await manager.get(`/api/catalog-sections/${parent.id}`)).body.data.can_delete).toBe(false);
    expect((await manager.get(`/api/catalog-sections/${child.id}`)).body.data.can_delete).toBe(true);
    expect((await manager.delete(`/api/catalog-sections/${parent.id}`)).status).toBe(403);
    expect((await manager.delete(`/api/catalog-sections/${child.id}`)).status).toBe(200);

    const used = await created();
    const hotel = await manager.post('/api/hotels', toPayloadBody({ ...hotelPayload(handbooks, 'Отель Раздел'), catalog_sections: [used.id, String(parent.id), used.id] }));
    expect(hotel.status, JSON.stringify(hotel.body)).toBe(201);
    expect(hotel.body.data.catalog_sections).toEqual([used.id, parent.id]);
    const deleted = await manager.delete(`/api/catalog-sections/${used.id}`);
    expect(deleted.status).toBe(403);
    expect(deleted.body.message).toBe(MESSAGES.errors.inUse);

    await app.db.query('INSERT INTO tour_catalog_sections (tour_id, item_id, position) VALUES ($1, $2, 0)', [tourIds[0], parent.id]);
    const hotelId = hotel.body.data.id as number;
    expect((await manager.put(`/api/hotels/${hotelId}`, toPayloadBody({ ...hotel.body.data, catalog_sections: [] }))).status).toBe(200);
    expect((await manager.delete(`/api/catalog-sections/${used.id}`)).status).toBe(200);
    expect((await manager.delete(`/api/catalog-sections/${parent.id}`)).status).toBe(403);
    await app.db.query('DELETE FROM tour_catalog_sections WHERE item_id = $1', [parent.id]);
    expect((await manager.delete(`/api/catalog-sections/${parent.id}`)).status).toBe(200);
    expect(await app.db.query('SELECT id FROM catalog_sections WHERE id = ANY($1::int[])', [[parent.id, used.id]])).toEqual([]);
  });

  it("the hotel's sections are saved, read back by GET and offered by /hotels/data; an unknown one is a 422", async () => {
    const one = await created({ name: 'Отели у моря' });
    const two = await created({ name: 'Отели в горах' });
    const hotel = await manager.post('/api/hotels', toPayloadBody({ ...hotelPayload(handbooks, 'Отель Два раздела'), catalog_sections: [two.id, one.id] }));
    expect(hotel.status, JSON.stringify(hotel.body)).toBe(201);
    const id = hotel.body.data.id as number;
    expect((await manager.get(`/api/hotels/${id}`)).body.data.catalog_sections).toEqual([two.id, one.id]);
    expect(await app.db.query('SELECT item_id, position FROM hotel_catalog_sections WHERE hotel_id = $1 ORDER BY position', [id])).toEqual([
      { item_id: two.id, position: 0 },
      { item_id: one.id, position: 1 },
    ]);
    const data = await manager.get('/api/hotels/data');
    expect(data.body.catalog_sections).toEqual(expect.arrayContaining([{ id: one.id, name: 'Отели у моря' }, { id: two.id, name: 'Отели в горах' }]));
    const unknown = await manager.put(`/api/hotels/${id}`, toPayloadBody({ ...hotel.body.data, catalog_sections: [one.id, 2_000_000_000] }));
    expect(unknown.status).toBe(422);
    expect(Object.keys(unknown.body.errors)[0]).toMatch(/^catalog_sections\.1/);
  });

  it('the active switch turns the section off and on, version-checked', async () => {
    const stored = await created();
    const off = await manager.put(`/api/catalog-sections/${stored.id}/active`, { is_active: false, version: stored.version });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect(off.body).toMatchObject({ is_active: false, version: stored.version + 1 });
    expect((await manager.put(`/api/catalog-sections/${stored.id}/active`, { version: stored.version })).status).toBe(409);
    const on = await manager.put(`/api/catalog-sections/${stored.id}/active`, {});
    expect(on.body).toMatchObject({ is_active: true });
  });

  it('is for the administrator and the manager: the accountant gets 403', async () => {
    expect((await accountant.get('/api/catalog-sections')).status).toBe(403);
    expect((await accountant.get('/api/front/catalog-sections/parent-list')).status).toBe(403);
  });
});

describe('images', () => {
  const MB = 1024 * 1024;
  const jpeg = (size = 2048) => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(size - 4)]);
  const png = () => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(2040)]);
  const upload = (bytes: Buffer, name: string) => {
    const form = new FormData();
    form.append('image', new Blob([bytes]), name);
    form.append('entity', 'catalog-section');
    return manager.postForm('/api/images', form);
  };

  it('banner and image: jpg only, up to 2 MB, kept to images/catalog-section/; /data says the same limits', async () => {
    const banner = await upload(jpeg(), 'banner.jpg');
    expect(banner.status, JSON.stringify(banner.body)).toBe(201);
    expect(banner.body.path).toMatch(/^images\/catalog-section\/[0-9a-f-]{36}\.jpg$/);
    expect((await upload(png(), 'a.png')).body.errors).toEqual({ image: [MESSAGES.files.badFormat] });
    expect((await upload(jpeg(2 * MB + 1), 'big.jpg')).body.errors).toEqual({ image: [MESSAGES.files.tooLarge(2)] });

    const stored = await created({ banner: banner.body.path, image: banner.body.url });
    expect(stored).toMatchObject({ banner: banner.body.path, image: banner.body.path, banner_url: banner.body.url });
    const city = await manager.postForm('/api/images', (() => {
      const form = new FormData();
      form.append('image', new Blob([png()]), 'c.png');
      form.append('entity', 'city');
      return form;
    })());
    expect((await create(section({ image: city.body.path }))).body.errors).toEqual({ image: [MESSAGES.files.wrongKind] });

    const data = await manager.get('/api/catalog-sections/data');
    expect(data.body).toMatchObject({ image_limits: { size: 2048, mimes: ['jpg', 'jpeg'], mime_types: ['image/jpeg'] }, image_hint: { width: 1024, height: 780 } });
    expect(data.body.catalog_sections).toEqual(expect.arrayContaining([{ id: stored.id, name: stored.name }]));

    // Deleting the section lets its images go.
    expect((await manager.delete(`/api/catalog-sections/${stored.id}`)).status).toBe(200);
    expect(await app.db.query('SELECT path FROM files WHERE path = $1', [banner.body.path])).toEqual([]);
  });
});
