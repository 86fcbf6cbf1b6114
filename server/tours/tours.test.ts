/**
 * Excursion tours (spec 03 §2.5, §4, §5; issue 17) against a real PostgreSQL: the `{payload}` save as
 * an outside client sends it, every rule's indexed 422, versions, copy, in-use refusals, and the
 * checklist — generation, the per-date counts the list reads, tour edits, the per-point 409.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toPayloadBody } from '../../shared/editor.js';
import { MESSAGES } from '../../shared/messages.js';
import { Role } from '../../shared/roles.js';
import { copyTour } from '../../shared/tours/rules.js';
import type { Checklist, ChecklistPoint, TourListRow } from '../../shared/tours/types.js';
import { TourDayDescriptions1765500000000 } from '../../migrations/1765500000000-TourDayDescriptions.js';
import { rerunMigration } from '../test/migration-rerun.js';
import { startTestApp, type ApiClient, type TestApp } from '../test/test-app.js';
import { daysFromToday, insertTourGround, tourPayload, type TourGround } from '../test/tour-fixtures.js';

const T = MESSAGES.tours;
let app: TestApp;
let manager: ApiClient;
let colleague: ApiClient;
let accountant: ApiClient;
let ground: TourGround;

beforeAll(async () => {
  app = await startTestApp();
  [manager, colleague, accountant] = (await Promise.all([app.signInAs(Role.Manager), app.signInAs(Role.Administrator), app.signInAs(Role.Accountant)])).map(({ client }) => client);
  ground = await insertTourGround(app.db);
});
afterAll(() => app?.close());

const create = (payload: unknown, client = manager) => client.post('/api/tours', toPayloadBody(payload));
const update = (id: number, payload: unknown, client = manager) => client.put(`/api/tours/${id}`, toPayloadBody(payload));
let names = 0;
const newTour = async (overrides: Record<string, unknown> = {}) => {
  const response = await create({ ...tourPayload(ground, `Тур ${++names} у моря`), ...overrides });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.data as Record<string, any>;
};
const errorsOf = async (payload: unknown) => {
  const response = await create(payload);
  expect(response.status, JSON.stringify(response.body)).toBe(422);
  return response.body.errors as Record<string, string[]>;
};
const listRow = async (id: number, filters = '') => {
  const response = await manager.get(`/api/tours?limit=100${filters}`);
  expect(response.status).toBe(200);
  return (response.body.data as TourListRow[]).find((row) => row.id === id);
};
const checklistOf = async (id: number) => (await manager.get(`/api/tours/${id}/checklist`)).body.data as Checklist;
const counts = (id: number) =>
  app.db.query<{ start_date: string; points_total: number; points_unchecked: number }>(
    `SELECT start_date::text, points_total, points_unchecked FROM tour_dates WHERE tour_id = $1 ORDER BY start_date`,
    [id],
  );

describe('an outside client', () => {
  it('POSTs a type-1 tour as one {payload}, finds it by query, GETs it and PUTs it back with one field changed: ids and the rest kept', async () => {
    const created = await create(tourPayload(ground, 'Морской бриз'));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const tour = created.body.data;
    expect(tour).toMatchObject({
      name: 'Морской бриз',
      slug: 'morskoy-briz',
      version: 1,
      duration: 3,
      is_active: true,
      is_hotel_selection: true,
      tour_type_id: 1,
      city_id: null,
      transport_forth: { id: ground.transportForthId },
      transport_back: { id: ground.transportBackId },
      trade_offers: ground.tradeOfferIds,
      services: [ground.serviceIds.additional],
      required_services: [ground.serviceIds.group],
      commission_agency_type: 2,
      commission_agency_sum: 10,
      adult_price: 15000,
      catalog_sections: [{ id: ground.sectionId, sum: 1500.5, sort: 5 }],
      can_delete: true,
      has_checklist: false,
    });
    expect(tour.hotels).toEqual(ground.hotelIds.map((id, index) => expect.objectContaining({ id, arrival_day: index + 1, departure_day: index + 2, meal_id: ground.mealTypeId, city_id: ground.cityIds[1] })));
    expect(tour.meals).toEqual([
      expect.objectContaining({ name: 'Ужин в кафе', vendor_id: ground.vendorId, days: [1, 2], can_delete: true, dates: [expect.objectContaining({ from: '2027-06-01', price: 900, commission_sum: 100 }), expect.objectContaining({ from: '2027-07-01', price: 1000, commission_type: 1, commission_sum: 0 })] }),
    ]);
    expect(tour.days.map((day: { name: string }) => day.name)).toEqual(['Прибытие', 'Экскурсия']);
    // Dates are kept in calendar order.
    expect(tour.dates.map((date: { start_date: string }) => date.start_date)).toEqual([daysFromToday(-5), daysFromToday(10), daysFromToday(20)]);

    const found = await manager.get(`/api/tours?query=${encodeURIComponent('бриз')}`);
    expect(found.body).toMatchObject({ count: 1, data: [{ id: tour.id, name: 'Морской бриз', duration: 3, is_active: true, transport_forth: { id: ground.transportForthId }, past_dates_count: 1, can_delete: true }] });

    const read = (await manager.get(`/api/tours/${tour.id}`)).body.data;
    const saved = await update(tour.id, { ...read, short_description: 'Четыре дня у моря' });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const { version, short_description, ...rest } = saved.body.data;
    const { version: _before, short_description: _old, ...restBefore } = read;
    expect([version, short_description]).toEqual([2, 'Четыре дня у моря']);
    expect(rest).toEqual(restBefore);
  });

  it('a date sent without its id keeps the stored date (and its checklist points)', async () => {
    const tour = await newTour();
    await manager.post(`/api/tours/${tour.id}/checklist`);
    const before = await app.db.query<{ id: number }>(`SELECT p.id FROM tour_checklist_points p JOIN tour_dates d ON d.id = p.tour_date_id WHERE d.tour_id = $1 ORDER BY p.id`, [tour.id]);
    const dates = tour.dates.map(({ start_date }: { start_date: string }) => start_date);
    const saved = await update(tour.id, { ...tour, dates });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data.dates).toEqual(tour.dates);
    expect(await app.db.query(`SELECT p.id FROM tour_checklist_points p JOIN tour_dates d ON d.id = p.tour_date_id WHERE d.tour_id = $1 ORDER BY p.id`, [tour.id])).toEqual(before);
  });
});

describe('rules (spec 03 §4, §5): a 422 on the field\'s path, nothing saved', () => {
  const base = () => tourPayload(ground, `Тур правил ${++names}`);

  it('type 1 needs the transport there, and the way back is another one; other types need a city', async () => {
    expect((await errorsOf({ ...base(), transport_forth_id: null })).transport_forth_id).toEqual([T.transportForthRequired]);
    expect((await errorsOf({ ...base(), transport_back_id: ground.transportForthId })).transport_back_id).toEqual([T.transportBackSame]);
    expect((await errorsOf({ ...base(), tour_type_id: ground.cityTypeId })).city_id).toEqual([T.cityRequired]);
    // The way back may stay empty; a city tour keeps no transports.
    const oneWay = await newTour({ transport_back_id: null });
    expect(oneWay.transport_back).toBeNull();
    const cityTour = await newTour({ tour_type_id: ground.cityTypeId, city_id: ground.cityIds[1] });
    expect(cityTour).toMatchObject({ city: { id: ground.cityIds[1] }, transport_forth_id: null, transport_back_id: null });
  });

  it('meal dates: the three required messages, no overlap, days within the duration', async () => {
    const payload = base();
    const incomplete = await errorsOf({ ...payload, meals: [{ name: 'Обед', dates: [{ from: '', to: null }] }] });
    expect(incomplete).toEqual({ 'meals.0.dates.0.from': [T.mealDateFrom], 'meals.0.dates.0.to': [T.mealDateTo], 'meals.0.dates.0.price': [T.mealPrice] });
    const dated = [{ from: '2027-06-01', to: '2027-06-10', price: 1 }, { from: '2027-06-10', to: '2027-06-20', price: 1 }];
    expect(await errorsOf({ ...payload, meals: [{ name: 'Обед', dates: dated }] })).toEqual({ 'meals.0.dates.1.from': [MESSAGES.editor.overlap] });
    expect(await errorsOf({ ...payload, meals: [{ name: 'Обед', days: [1, 4] }] })).toEqual({ 'meals.0.days.1': [T.mealDay(3)] });
    expect((await errorsOf({ ...payload, meals: [{ days: [1] }] }))['meals.0.name']).toEqual([T.mealSupplierOrName]);
  });

  it('days need a name and a description; a date once; a section once; photos of the tour\'s own kind', async () => {
    expect(await errorsOf({ ...base(), days: [{ name: 'День', description: '<p>Текст</p>' }, { name: ' ', description: null }], photos: [{ name: 'x.pdf', path: 'documents/hotel/x.pdf' }] })).toEqual({
      'days.1.name': [T.dayName],
      'days.1.description': [T.dayDescription],
      'photos.0.path': [MESSAGES.files.wrongKind],
    });
    // Rules across rows are judged once every row is readable.
    expect(await errorsOf({ ...base(), dates: ['2027-01-10', '2027-01-10'], catalog_sections: [{ id: ground.sectionId }, { id: ground.sectionId }] })).toEqual({
      'dates.1.start_date': [T.dateTwice],
      'catalog_sections.1.id': [T.sectionTwice],
    });
  });

  it("a day's description is rich text sanitized as the tour's own is: no script, handler or javascript: link is stored (issue 25)", async () => {
    const dirty = '<p>Прогулка<script>alert(1)</script><img src="https://example.com/a.png" onerror="alert(2)" /><a href="javascript:alert(3)">карта</a></p>';
    const clean = '<p>Прогулка<img src="https://example.com/a.png" /><a>карта</a></p>';
    const tour = await newTour({ description: dirty, days: [{ name: 'Прибытие', description: dirty }] });
    expect(tour.description).toBe(clean);
    expect((await manager.get(`/api/tours/${tour.id}`)).body.data.days).toEqual([expect.objectContaining({ name: 'Прибытие', description: clean })]);
    expect(await app.db.query('SELECT description FROM tour_days WHERE tour_id = $1', [tour.id])).toEqual([{ description: clean }]);
    // Only markup, or only spaces, is no description.
    expect(await errorsOf({ ...base(), days: [{ name: 'День', description: '<script>alert(1)</script>' }, { name: 'День', description: '  ' }] })).toEqual({
      'days.0.description': [T.dayDescription],
      'days.1.description': [T.dayDescription],
    });
  });

  it('a hotel, a service or a section that does not exist is refused on its row; name and slug are unique', async () => {
    expect(await errorsOf({ ...base(), hotels: [{ id: 2147483000 }] })).toEqual({ 'hotels.0.id': [MESSAGES.validation.oneOf] });
    const first = await newTour({ slug: 'odin-slug' });
    const errors = await errorsOf({ ...base(), name: first.name.toUpperCase(), slug: 'odin-slug' });
    expect(errors).toEqual({ name: [MESSAGES.validation.unique], slug: [MESSAGES.validation.unique] });
  });

  it('hotel selection turns itself off below two hotels; auto-confirm needs status 3 or 5', async () => {
    const one = await newTour({ hotels: [{ id: ground.hotelIds[0] }], is_hotel_selection: 1 });
    expect(one.is_hotel_selection).toBe(false);
    expect((await errorsOf({ ...base(), application_auto_confirm: 1 })).auto_confirm_status).toEqual([MESSAGES.fields.autoConfirmStatus]);
    expect((await newTour({ application_auto_confirm: '1', auto_confirm_status: '5' })).auto_confirm_status).toBe(5);
  });
});

describe('versions, copy, delete, switch, picker', () => {
  it('a stale save is refused with 409 and the current tour', async () => {
    const tour = await newTour();
    expect((await update(tour.id, { ...tour, name: `${tour.name} новое` }, colleague)).status).toBe(200);
    const stale = await update(tour.id, { ...tour, duration: 5 });
    expect(stale.status).toBe(409);
    expect(stale.body.data).toMatchObject({ id: tour.id, version: 2, name: `${tour.name} новое` });
  });

  it('a copy is a new tour without meals, files, photos, videos, day photos or the checklist', async () => {
    const tour = await newTour();
    await manager.post(`/api/tours/${tour.id}/checklist`);
    const copied = await create(copyTour(tour));
    expect(copied.status, JSON.stringify(copied.body)).toBe(201);
    expect(copied.body.data).toMatchObject({ name: `${tour.name} (копия)`, meals: [], photos: [], files: [], videos: [], has_checklist: false, hotels: tour.hotels });
    expect(copied.body.data.id).not.toBe(tour.id);
    expect(copied.body.data.dates.map((date: { start_date: string }) => date.start_date)).toEqual(tour.dates.map((date: { start_date: string }) => date.start_date));
    expect(copied.body.data.days.every((day: { photos: unknown[] }) => day.photos.length === 0)).toBe(true);
  });

  it('a hotel, a transport or a service a tour names cannot be deleted (403); the tour can, then they can', async () => {
    const tour = await newTour();
    expect((await colleague.delete(`/api/hotels/${ground.hotelIds[0]}`)).status).toBe(403);
    expect((await colleague.delete(`/api/transports/${ground.transportBackId}`)).status).toBe(403);
    await expect(app.db.query(`DELETE FROM tour_services WHERE id = $1`, [ground.serviceIds.group])).rejects.toThrow(/foreign key/);
    expect((await manager.delete(`/api/tours/${tour.id}`)).status).toBe(200);
    expect(await app.db.query(`SELECT count(*)::int AS count FROM tour_dates WHERE tour_id = $1`, [tour.id])).toEqual([{ count: 0 }]);
  });

  it('the active switch, and the picker all three roles read', async () => {
    const tour = await newTour();
    const off = await manager.put(`/api/tours/${tour.id}/active`, { is_active: 0, version: tour.version });
    expect(off.body).toMatchObject({ status: 'CHANGED', is_active: false, name: tour.name, version: tour.version + 1 });
    expect((await manager.put(`/api/tours/${tour.id}/active`, { version: tour.version })).status).toBe(409);
    expect((await listRow(tour.id, '&is_active=0'))?.is_active).toBe(false);
    const picked = await accountant.get(`/api/tours/list?query=${encodeURIComponent(tour.name)}`);
    expect(picked.status).toBe(200);
    expect(picked.body.data).toEqual([{ id: tour.id, name: tour.name, detail: expect.stringContaining(MESSAGES.pickerDetail.days(tour.duration)) }]);
    expect((await accountant.get('/api/tours')).status).toBe(403);
  });

  it('uploads: Word files only for type 3, photos for type 1', async () => {
    const upload = (type: number, bytes: Uint8Array, name: string) => {
      const form = new FormData();
      form.append('type', String(type));
      form.append('file', new Blob([bytes]), name);
      return manager.postForm('/api/tours/files', form);
    };
    const pdf = new TextEncoder().encode('%PDF-1.7\n' + 'x'.repeat(200));
    const refused = await upload(3, pdf, 'памятка.pdf');
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({ file: [MESSAGES.files.badFormat] });
    const docx = new Uint8Array([0x50, 0x4b, 0x03, 0x04, ...new TextEncoder().encode('word/document.xml' + 'x'.repeat(200))]);
    const accepted = await upload(3, docx, 'памятка.docx');
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(201);
    expect(accepted.body.path).toMatch(/^documents\/tour\//);
    const tour = await newTour({ files: [accepted.body] });
    expect(tour.files).toEqual([{ name: accepted.body.name, path: accepted.body.path, url: accepted.body.url }]);
  });
});

describe('the checklist', () => {
  const pointsOf = (date: Checklist['current'][number]) => date.points;
  const labels = (points: ChecklistPoint[]) => points.map((point) => `${point.checkable_alias}:${point.checkable.id}`).sort();

  it('is created from the tour: a point per date and item, current and past dates, per-date counts kept by PostgreSQL', async () => {
    const tour = await newTour();
    expect(await checklistOf(tour.id)).toEqual({ exists: false, current: [], past: [] });
    // No checklist yet and future dates: incomplete.
    expect((await listRow(tour.id, '&checklist_is_incomplete=1'))?.dates.every((date) => !date.complete)).toBe(true);

    const created = await manager.post(`/api/tours/${tour.id}/checklist`);
    expect(created.status).toBe(201);
    const checklist = created.body.data as Checklist;
    expect(checklist.exists).toBe(true);
    expect(checklist.current.map((date) => date.start_date)).toEqual([daysFromToday(10), daysFromToday(20)]);
    expect(checklist.past.map((date) => date.start_date)).toEqual([daysFromToday(-5)]);
    // 2 services, 2 hotels, 1 meal, transports there and back.
    const expected = [
      `tour_service:${ground.serviceIds.additional}`,
      `tour_service:${ground.serviceIds.group}`,
      ...ground.hotelIds.map((id) => `hotel:${id}`),
      `meal:${tour.meals[0].id}`,
      `transport:${ground.transportForthId}`,
      `transport:${ground.transportBackId}`,
    ].sort();
    for (const date of [...checklist.current, ...checklist.past]) expect(labels(pointsOf(date))).toEqual(expected);
    const first = checklist.current[0]!.points;
    expect(first.map((point) => point.checkable_alias)).toEqual(['tour_service', 'tour_service', 'hotel', 'hotel', 'meal', 'transport', 'transport']);
    expect(first.find((point) => point.checkable.id === ground.serviceIds.group)?.checkable).toMatchObject({ class: 3, class_name: 'групповая услуга', vendor_name: expect.stringContaining('Поставщик') });
    expect(first.find((point) => point.checkable_alias === 'meal')?.checkable).toMatchObject({ name: 'Ужин в кафе', days: [1, 2], vendor_name: expect.stringContaining('Поставщик') });
    expect(first.filter((point) => point.checkable_alias === 'transport').map((point) => point.checkable.is_forth)).toEqual(expect.arrayContaining([true, false]));
    expect(await counts(tour.id)).toEqual([daysFromToday(-5), daysFromToday(10), daysFromToday(20)].map((start_date) => ({ start_date, points_total: 7, points_unchecked: 7 })));
    // Created twice: the one there is.
    expect((await manager.post(`/api/tours/${tour.id}/checklist`)).body.data).toEqual(checklist);
  });

  it('ticking a date\'s points turns that date green in the list; the tour stays incomplete until every future date is', async () => {
    const tour = await newTour();
    const checklist = (await manager.post(`/api/tours/${tour.id}/checklist`)).body.data as Checklist;
    const [soon, later] = checklist.current;
    const tick = await manager.patch(`/api/tours/${tour.id}/checklist`, { current: [{ ...soon, points: soon!.points.map((point) => ({ ...point, checked: true })) }] });
    expect(tick.status, JSON.stringify(tick.body)).toBe(200);
    expect(tick.body.message).toBe(T.checklistSaved);
    expect((tick.body.data as Checklist).current[0]!.complete).toBe(true);
    expect(await counts(tour.id)).toEqual([
      { start_date: daysFromToday(-5), points_total: 7, points_unchecked: 7 },
      { start_date: daysFromToday(10), points_total: 7, points_unchecked: 0 },
      { start_date: daysFromToday(20), points_total: 7, points_unchecked: 7 },
    ]);
    const row = await listRow(tour.id, '&checklist_is_incomplete=1');
    expect(row?.dates.map((date) => [date.start_date, date.complete])).toEqual([
      [daysFromToday(-5), false],
      [daysFromToday(10), true],
      [daysFromToday(20), false],
    ]);
    // The later date ticked by a bare list of points: complete; the past date does not count.
    await manager.patch(`/api/tours/${tour.id}/checklist`, later!.points.map(({ id, version }) => ({ id, version, checked: 1 })));
    expect(await listRow(tour.id, '&checklist_is_incomplete=1')).toBeUndefined();
    expect(await listRow(tour.id, '&checklist_is_incomplete=0')).toBeDefined();
  });

  it('a tour edit adds the points of a new item and date, removes those of an item that left; deleting a date removes its points', async () => {
    const tour = await newTour();
    await manager.post(`/api/tours/${tour.id}/checklist`);
    const read = (await manager.get(`/api/tours/${tour.id}`)).body.data;
    const saved = await update(tour.id, {
      ...read,
      hotels: read.hotels.slice(0, 1),
      required_services: [ground.serviceIds.group, ground.serviceIds.individual],
      dates: [...read.dates.filter((date: { start_date: string }) => date.start_date !== daysFromToday(20)), { start_date: daysFromToday(30) }],
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const checklist = await checklistOf(tour.id);
    expect(checklist.current.map((date) => date.start_date)).toEqual([daysFromToday(10), daysFromToday(30)]);
    for (const date of [...checklist.current, ...checklist.past]) {
      const aliases = labels(date.points);
      expect(aliases).toHaveLength(7);
      expect(aliases).toContain(`tour_service:${ground.serviceIds.individual}`);
      expect(aliases).not.toContain(`hotel:${ground.hotelIds[1]}`);
    }
    expect((await counts(tour.id)).map((row) => row.points_total)).toEqual([7, 7, 7]);
    expect(await app.db.query(`SELECT count(*)::int AS count FROM tour_checklist_points p LEFT JOIN tour_dates d ON d.id = p.tour_date_id WHERE d.id IS NULL`)).toEqual([{ count: 0 }]);
  });

  it('a PATCH with a point a colleague changed since saves nothing and names that point (409)', async () => {
    const tour = await newTour();
    const checklist = (await manager.post(`/api/tours/${tour.id}/checklist`)).body.data as Checklist;
    const [first, second] = checklist.current[0]!.points;
    expect((await colleague.patch(`/api/tours/${tour.id}/checklist`, [{ ...first, comment: 'Проверено коллегой' }])).status).toBe(200);
    const mine = await manager.patch(`/api/tours/${tour.id}/checklist`, [
      { ...first, checked: true },
      { ...second, checked: true, comment: 'Моё' },
    ]);
    expect(mine.status).toBe(409);
    expect(mine.body.message).toBe(T.checklistConflict);
    expect(mine.body.points).toEqual([{ id: first!.id, message: T.checklistPointChanged }]);
    const now = await checklistOf(tour.id);
    const point = (id: number) => now.current[0]!.points.find((candidate) => candidate.id === id)!;
    expect(point(first!.id)).toMatchObject({ checked: false, comment: 'Проверено коллегой', version: 2 });
    expect(point(second!.id)).toMatchObject({ checked: false, comment: null, version: 1 });
    // A note is at most 2555 characters: the 422 stands on the point sent.
    const long = await manager.patch(`/api/tours/${tour.id}/checklist`, [{ id: second!.id, version: 1, comment: 'а'.repeat(2556) }]);
    expect(long.status).toBe(422);
    expect(long.body.errors).toEqual({ 'points.0.comment': [MESSAGES.validation.maxLength(2555)] });
  });

  it('a PATCH that is no checklist is a 422 on its paths, with or without a checklist, and saves nothing; the forms clients send save', async () => {
    const tour = await newTour();
    const patch = (body: unknown) => manager.patch(`/api/tours/${tour.id}/checklist`, body);
    const nonsense = await patch({ current: 'мусор', past: 5 });
    expect(nonsense.status).toBe(422);
    expect(nonsense.body.errors).toEqual({ current: [T.checklistGroup], past: [T.checklistGroup] });
    // Nothing to save on a tour without a checklist: said, not 'saved'.
    const missing = await patch({ exists: false, current: [], past: [] });
    expect(missing.status).toBe(409);
    expect(missing.body).toEqual({ message: T.checklistMissing });

    const checklist = (await manager.post(`/api/tours/${tour.id}/checklist`)).body.data as Checklist;
    const [date] = checklist.current;
    const [a, b, c, d] = date!.points;
    const entries = await patch({ current: [{ ...date, points: [{ ...a, checked: true }, 'мусор'] }, 7], past: [] });
    expect(entries.status).toBe(422);
    expect(entries.body.errors).toEqual({ 'current.0.points.1': [T.checklistEntry], 'current.1': [T.checklistEntry] });
    expect((await checklistOf(tour.id)).current[0]!.points[0]).toMatchObject({ id: a!.id, checked: false, version: 1 });

    // GET's reply whole, its data, a flat list with flags and ids as text (no version), a bare list; null groups are none.
    const sent: [unknown, number, Partial<ChecklistPoint>][] = [
      [{ data: { ...checklist, current: [{ ...date, points: [{ ...a, checked: true }] }] } }, a!.id, { checked: true }],
      [{ exists: true, current: [{ ...date, points: [{ ...b, comment: 'Подтверждено' }] }], past: null }, b!.id, { comment: 'Подтверждено' }],
      [{ points: [{ id: String(c!.id), checked: '1' }] }, c!.id, { checked: true }],
      [[{ id: d!.id, checked: 1, comment: '' }], d!.id, { checked: true, comment: null }],
    ];
    for (const [body, id, expected] of sent) {
      const saved = await patch(body);
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      expect(saved.body.message).toBe(T.checklistSaved);
      expect(saved.body.data.current[0].points.find((point: ChecklistPoint) => point.id === id)).toMatchObject({ ...expected, version: 2 });
    }
  });
});

describe('migration 1765500000000-TourDayDescriptions', () => {
  it('cleans the day descriptions stored before it, and leaves clean ones as they are', async () => {
    const dirty = '<p>Прогулка<script>alert(1)</script><a href="javascript:alert(2)" onclick="x()">карта</a>&#7;</p>';
    const kept = '<p>Поездка в <strong>горы</strong></p>';
    await rerunMigration(
      new TourDayDescriptions1765500000000(),
      async (db) => {
        const [tour] = await db.query<{ id: number }>(`INSERT INTO tours (name, slug, tour_type_id) VALUES ('Старый тур', 'staryy-tur', 1) RETURNING id`);
        await db.query(`INSERT INTO tour_days (tour_id, position, name, description) VALUES ($1, 0, 'Первый', $2), ($1, 1, 'Второй', $3)`, [tour!.id, dirty, kept]);
        return tour!.id;
      },
      async (db, tourId) => {
        expect(await db.query('SELECT description FROM tour_days WHERE tour_id = $1 ORDER BY position', [tourId])).toEqual([{ description: '<p>Прогулка<a>карта</a></p>' }, { description: kept }]);
      },
    );
  });
});
