/**
 * Tour calculators (spec 03 §2.11, §3, §4, §7; issue 30) against a real PostgreSQL: the results of a
 * save exact to the kopeck (the pinned example, free places, retirees, a shared room, the
 * commission), a tour copied into a calculator, an outside client's plain JSON body with numbers as
 * text, the indexed 422s, 409 on a stale save, the roles, delete, and the Word offer unzipped.
 */
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toPayloadBody } from '../../shared/editor.js';
import { formatMoney } from '../../shared/format.js';
import { MESSAGES } from '../../shared/messages.js';
import { Role } from '../../shared/roles.js';
import { pinnedCalculator } from '../../shared/tour-calculators/pinned-example.js';
import { calculatorFromTour } from '../../shared/tour-calculators/rules.js';
import type { CalculatorRecord } from '../../shared/tour-calculators/types.js';
import type { TourRecord } from '../../shared/tours/types.js';
import { startTestApp, type ApiClient, type TestApp } from '../test/test-app.js';
import { insertTourGround, tourPayload, type TourGround } from '../test/tour-fixtures.js';

const C = MESSAGES.tourCalculators;
const R = C.results;

let app: TestApp;
let manager: ApiClient;
let admin: ApiClient;
let accountant: ApiClient;
let ground: TourGround;

beforeAll(async () => {
  app = await startTestApp();
  [manager, admin, accountant] = (await Promise.all([app.signInAs(Role.Manager), app.signInAs(Role.Administrator), app.signInAs(Role.Accountant)])).map(({ client }) => client);
  ground = await insertTourGround(app.db);
});
afterAll(() => app?.close());

/** Issue 30's pinned example on the ground: handbook ids on a meal and a service, a description, additionally paid services. */
function pinned() {
  const example = pinnedCalculator(ground.hotelIds[0]!);
  const [first, second] = example.days as [(typeof example.days)[number], (typeof example.days)[number]];
  return {
    ...example,
    days: [
      { ...first, description: 'Встреча группы\nОбзорная экскурсия', services: first.services.map((service) => ({ ...service, id: ground.serviceIds.additional })) },
      { ...second, meals: second.meals.map((meal) => ({ ...meal, id: ground.mealTypeId })), additional_services: [{ name: 'Баня', sum: 1200 }] },
    ],
    hotels: example.hotels.map((hotel) => ({ ...hotel, meal_id: ground.mealTypeId })),
    additional_services: [{ name: 'Катание на теплоходе', sum: '850.50' }],
  };
}

const titled = (record: CalculatorRecord) => Object.fromEntries(record.results.map((line) => [line.title, line.value]));
const create = async (body: unknown, client = manager) => client.post<{ data: CalculatorRecord; errors: Record<string, string[]> }>('/api/tours/calculators', body);

describe('the results of a save', () => {
  it('the pinned example: G 88 000, s 4 495, prices 7 034.50 / 6 814.50 / 6 924.50, total 139 700.00, cost 127 000, commission 12 700', async () => {
    const reply = await create(pinned());
    expect(reply.status).toBe(201);
    expect(reply.body.data.results).toEqual([
      { title: R.cost, value: '127000.00' },
      { title: R.commission, value: '12700.00' },
      { title: R.adult, value: '7034.50' },
      { title: R.child, value: '6814.50' },
      { title: R.retiree, value: '6924.50' },
      { title: R.total, value: '139700.00' },
      { title: 'Катание на теплоходе', value: '850.50' },
      { title: 'Баня (день 2)', value: '1200.00' },
    ]);
    // Stored: GET answers the figures of the save, the rows with their ids and names.
    const read = await manager.get<{ data: CalculatorRecord }>(`/api/tours/calculators/${reply.body.data.id}`);
    expect(read.body.data.results).toEqual(reply.body.data.results);
    expect(read.body.data.hotels[0]).toMatchObject({ hotel_id: ground.hotelIds[0], hotel_name: expect.stringContaining('Прибой'), meal_id: ground.mealTypeId, rooms: [{ name: 'Двухместный', count: 10, sum: 4000 }] });
    expect(read.body.data.days[0]!.services[0]).toMatchObject({ id: ground.serviceIds.additional, type: 1, adult_price: 500, total_price: 0 });
    const [row] = await app.db.query<{ results: unknown; commission_sum: string }>('SELECT results, commission_sum FROM tour_calculators WHERE id = $1', [reply.body.data.id]);
    expect(row!.commission_sum).toBe('10.00');
  });

  it('more free places and a room shared by several: each price rounded half up; the commission is what the rounded prices make', async () => {
    // G = 3 × (2 × 2500 + 333.33) = 15 999.99 + guide 1 000 = 16 999.99; a = 450 (meal) + 150 (museum); c = 450 + 50; r = 450 + 100.
    // Free 2: shared = 16 999.99 + 2 × 600 = 18 199.99 over 7 paying: s = 2 599.998571…
    // adult (s + 600) × 1.15 = 3 679.998357… → 3 680.00; child (s + 500) × 1.15 = 3 564.998… → 3 565.00; retiree (s + 550) × 1.15 = 3 622.498… → 3 622.50.
    const reply = await create({
      name: 'Выходные в Суздале',
      duration: 3,
      adult_count: '4',
      child_count: '2',
      retiree_count: '1',
      free_count: '2',
      commission_sum: '15',
      days: [{ name: 'Суздаль', tour_guide_price: '1000', meals: [{ name: 'Ужин', sum: '450' }], services: [{ name: 'Музей', type: '1', adult_price: '150', child_price: '50', retiree_price: '100' }] }],
      hotels: [{ hotel_id: String(ground.hotelIds[1]), arrival_day: '1', departure_day: '3', rooms: [{ name: 'Семейный', count: '3', duration: '2', sum: '2500', extra_sum: '333.33' }] }],
    });
    expect(reply.status).toBe(201);
    expect(titled(reply.body.data)).toEqual({
      [R.adult]: '3680.00',
      [R.child]: '3565.00',
      [R.retiree]: '3622.50',
      // 4 × 3 680 + 2 × 3 565 + 3 622.50
      [R.total]: '25472.50',
      // 18 199.99 + 4 × 600 + 2 × 500 + 550
      [R.cost]: '22149.99',
      [R.commission]: '3322.51',
    });
  });

  it('nobody paying is a 422 on adult_count; more days than the duration on days; a hotel leaving before it arrives on its row', async () => {
    const reply = await create({ ...pinned(), adult_count: 0, child_count: '', retiree_count: 0, free_count: 3, duration: 1, hotels: [{ ...pinned().hotels[0], arrival_day: 1, departure_day: 1, rooms: [{ name: 'x', count: 1000, duration: 1, sum: '1.005' }] }] });
    expect(reply.status).toBe(422);
    expect(reply.body.errors).toEqual({
      adult_count: [C.nobodyPays],
      days: [C.tooManyDays(1)],
      'hotels.0.rooms.0.count': [MESSAGES.validation.max(999)],
      'hotels.0.rooms.0.sum': [MESSAGES.fields.decimals(2)],
    });
  });
});

describe('a hotel as spec 03 §3 gives it', () => {
  it('without arrival and departure days is saved on day 1 and the last day; a day sent past the duration is still a 422', async () => {
    const { arrival_day: _arrival, departure_day: _departure, ...hotel } = pinned().hotels[0]!;
    const reply = await create({ ...pinned(), duration: 2, hotels: [{ id: null, hotel_name: 'Как в спецификации', ...hotel }] });
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    expect(reply.body.data.hotels).toEqual([expect.objectContaining({ hotel_id: hotel.hotel_id, arrival_day: 1, departure_day: 2 })]);
    const refused = await create({ ...pinned(), duration: 2, hotels: [{ ...hotel, departure_day: 3 }] });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({ 'hotels.0.departure_day': [C.dayPastDuration(2)] });
  });
});

describe('a tour copied into a calculator', () => {
  it('its name, duration and days (text of their descriptions, no ids) are the calculator’s; hotels and services cleared; the tour deleted leaves it', async () => {
    const tour = await admin.post<{ data: { id: number } }>('/api/tours', toPayloadBody(tourPayload(ground, 'Море и горы')));
    expect(tour.status).toBe(201);
    const read = await manager.get<{ data: TourRecord }>(`/api/tours/${tour.body.data.id}`);
    const form = calculatorFromTour({ ...pinned(), duration: 5 }, read.body.data);
    const reply = await create(form);
    expect(reply.status).toBe(201);
    const saved = reply.body.data;
    expect(saved).toMatchObject({ tour_id: tour.body.data.id, tour: { id: tour.body.data.id, name: 'Море и горы' }, name: 'Море и горы', duration: 3, hotels: [], services: [] });
    expect(saved.days.map((day) => [day.name, day.description, day.tour_guide_price])).toEqual([
      ['Прибытие', 'Заселение и прогулка по набережной', 0],
      ['Экскурсия', 'Поездка в горы', 0],
    ]);
    expect(saved.days.map((day) => day.id)).not.toContain(read.body.data.days[0]!.id);
    // The tour may still be deleted: the calculator keeps its copy and loses the link.
    expect((await admin.delete(`/api/tours/${tour.body.data.id}`)).status).toBe(200);
    const after = await manager.get<{ data: CalculatorRecord }>(`/api/tours/calculators/${saved.id}`);
    expect(after.body.data).toMatchObject({ tour_id: null, tour: null, name: 'Море и горы' });
    expect(after.body.data.days).toHaveLength(2);
  });
});

describe('the editor round trip', () => {
  it('GET → change one field → PUT keeps the day, hotel and room ids; a stale version is 409', async () => {
    const created = (await create(pinned())).body.data;
    const { data: stored } = (await manager.get<{ data: CalculatorRecord }>(`/api/tours/calculators/${created.id}`)).body;
    const changed = await manager.put<{ data: CalculatorRecord }>(`/api/tours/calculators/${created.id}`, { ...stored, commission_sum: '0' });
    expect(changed.status).toBe(200);
    expect(changed.body.data.days.map((day) => day.id)).toEqual(stored.days.map((day) => day.id));
    expect(changed.body.data.hotels[0]!.rooms[0]!.id).toBe(stored.hotels[0]!.rooms[0]!.id);
    expect(titled(changed.body.data)[R.commission]).toBe('0.00');
    expect(changed.body.data.version).toBe(stored.version + 1);
    const stale = await manager.put(`/api/tours/calculators/${created.id}`, { ...stored, name: 'Старое' });
    expect(stale.status).toBe(409);
  });

  it('the list searches and sorts; a calculator can always be deleted', async () => {
    const created = (await create({ ...pinned(), name: 'Уникальный калькулятор Плёс' })).body.data;
    const list = await manager.get<{ data: { id: number; name: string; duration: number; can_delete: boolean }[]; count: number }>('/api/tours/calculators?query=Плёс&orderBy=name&ascending=1');
    expect(list.body.data).toEqual([expect.objectContaining({ id: created.id, name: 'Уникальный калькулятор Плёс', duration: 2, can_delete: true })]);
    expect((await manager.delete(`/api/tours/calculators/${created.id}`)).status).toBe(200);
    expect((await manager.get(`/api/tours/calculators/${created.id}`)).status).toBe(404);
  });

  it('/data: the meals and tour services handbooks, the service types; tours and hotels left to their pickers', async () => {
    const { body } = await manager.get<{ meals: { id: number }[]; services: { id: number }[]; service_types: { id: number }[]; tours: []; hotels: [] }>('/api/tours/calculators/data');
    expect(body.meals.map((meal) => meal.id)).toContain(ground.mealTypeId);
    expect(body.services.map((service) => service.id)).toContain(ground.serviceIds.group);
    expect(body.service_types.map((type) => type.id)).toEqual([1, 2]);
    expect(body.tours).toEqual([]);
  });
});

describe('a calculator at its bounds', () => {
  it('60 days with long descriptions and their rows — far over the 100 KB of an ordinary JSON body — is saved; a 61st day is a 422 on days', async () => {
    const day = (index: number) => ({
      name: `День ${index + 1}`,
      description: 'Программа дня с подробным описанием. '.repeat(100),
      tour_guide_price: '999999',
      meals: Array.from({ length: 3 }, (_, meal) => ({ name: `Питание ${meal + 1}`, sum: '999999.99' })),
      services: Array.from({ length: 5 }, (_, service) => ({ name: `Услуга ${service + 1}`, type: 1 + (service % 2), adult_price: 1, total_price: 2 })),
    });
    const body = { ...pinned(), duration: 60, days: Array.from({ length: 60 }, (_, index) => day(index)) };
    expect(JSON.stringify(body).length).toBeGreaterThan(200_000);
    const reply = await create(body);
    expect(reply.status).toBe(201);
    expect(reply.body.data.days).toHaveLength(60);
    const again = await manager.put<{ data: CalculatorRecord }>(`/api/tours/calculators/${reply.body.data.id}`, { ...body, version: reply.body.data.version, name: 'Большой калькулятор' });
    expect(again.status).toBe(200);
    const tooMany = await create({ ...body, days: [...body.days, day(60)] });
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.errors.days).toEqual([MESSAGES.validation.maxItems(60)]);
  });
});

describe('the roles (spec 03 §6)', () => {
  it('the administrator and the manager; the accountant is refused everywhere', async () => {
    const id = (await create(pinned(), admin)).body.data.id;
    for (const path of ['/api/tours/calculators', '/api/tours/calculators/data', `/api/tours/calculators/${id}`, `/api/tours/calculators/${id}/export`]) {
      expect((await accountant.get(path)).status, path).toBe(403);
      expect((await admin.getBytes(path)).status, path).toBe(200);
    }
    expect((await accountant.post('/api/tours/calculators', pinned())).status).toBe(403);
    expect((await accountant.delete(`/api/tours/calculators/${id}`)).status).toBe(403);
  });
});

describe('the Word offer', () => {
  it('is <name>.docx with the title, the group, the days, the hotels, what is included, the additional services and the prices — not the cost', async () => {
    const id = (await create(pinned())).body.data.id;
    const reply = await manager.getBytes(`/api/tours/calculators/${id}/export`);
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toContain('wordprocessingml');
    expect(decodeURIComponent(reply.headers.get('content-disposition') ?? '')).toContain('Золотое кольцо.docx');
    const zip = await JSZip.loadAsync(reply.body);
    const xml = await zip.file('word/document.xml')!.async('string');
    const text = [...xml.matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)].map((match) => match[1]).join('|');
    for (const expected of [
      'Золотое кольцо',
      'Продолжительность: 2 дня',
      'Группа: взрослых: 15, детей: 4, пенсионеров: 1, сопровождающих (бесплатно): 1',
      'День 1. Ярославль',
      'Обзорная экскурсия',
      'Питание: Обед в ресторане',
      'Включено: Музей-заповедник',
      'День 2. Кострома',
      'Отель Прибой',
      ' — заезд в 1-й день, выезд в 2-й день, питание: Завтрак',
      'Двухместный: 10 ном., ночей: 1',
      'Услуги гида',
      'Мастер-класс',
      `Катание на теплоходе — ${formatMoney('850.50')} с человека`,
      `Баня (день 2) — ${formatMoney(1200)} с человека`,
      `${R.adult}|${formatMoney('7034.50')}`,
      `${R.child}|${formatMoney('6814.50')}`,
      `${R.retiree}|${formatMoney('6924.50')}`,
      `${R.total}|${formatMoney(139700)}`,
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain(R.cost);
    expect(text).not.toContain(R.commission);
    expect((await manager.getBytes('/api/tours/calculators/999999/export')).status).toBe(404);
  });
});
