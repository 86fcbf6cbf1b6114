/**
 * The bounds of an application's collections (issue 25): one request must not hold the server. A form
 * over a limit is refused on the collection's path (or the stay's dates) before anything is priced —
 * the engine is watched here — and the largest form the limits allow is priced while the server goes
 * on answering others.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { toPayloadBody } from '../../shared/editor.js';
import { APPLICATION_LIMITS as L } from '../../shared/applications/constants.js';
import { MESSAGES } from '../../shared/messages.js';
import { Role } from '../../shared/roles.js';
import { applicationCalls, hotelApplication, pinnedStay } from '../test/application-api.js';
import { insertHotelGround, insertLargestGround, insertRequesters, largestApplication, type HotelGround, type LargestGround, type RequesterGround } from '../test/application-fixtures.js';
import { startTestApp, type ApiClient, type TestApp } from '../test/test-app.js';
import * as pricing from './pricing/index.js';

// The engine as the save and calc-totals call it, counted.
vi.mock('./pricing/index.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('./pricing/index.js')>();
  return { ...real, priceApplication: vi.fn(real.priceApplication) };
});
const engine = vi.mocked(pricing.priceApplication);

const V = MESSAGES.validation;
const A = MESSAGES.applications;
let app: TestApp;
let manager: ApiClient;
let hotel: HotelGround;
let people: RequesterGround;
let largest: LargestGround;

beforeAll(async () => {
  app = await startTestApp();
  manager = (await app.signInAs(Role.Manager)).client;
  hotel = await insertHotelGround(app.db);
  people = await insertRequesters(app.db);
  largest = await insertLargestGround(app.db);
});
afterAll(() => app?.close());

const { create, update, created, refused } = applicationCalls(
  () => app,
  () => manager,
);
const form = (overrides: Record<string, unknown> = {}) => hotelApplication(hotel, people, overrides);
const calcTotals = (payload: unknown) => manager.post('/api/applications/calc-totals', toPayloadBody(payload));
const largestForm = () => largestApplication(largest, { requester_type: 'client', requester_id: people.clientId });
const times = <T>(count: number, make: (index: number) => T) => Array.from({ length: count }, (_, index) => make(index));

describe('the collections of one application are bounded', () => {
  const tourist = (index: number) => ({ last_name: 'Петров', first_name: `Турист ${index}`, document_number: `45${index}` });
  const line = () => ({ serviceable_id: hotel.serviceId, count: 1 });
  // Each case: the form's changes and the path refused with its message.
  const cases: [string, () => Record<string, unknown>, string, string][] = [
    ['31 accommodations', () => ({ accommodations: times(L.accommodations + 1, () => pinnedStay(hotel)) }), 'accommodations', V.maxItems(L.accommodations)],
    ['101 tourists', () => ({ tourists: times(L.tourists + 1, tourist) }), 'tourists', V.maxItems(L.tourists)],
    ['51 service lines', () => ({ services: times(L.serviceLines + 1, line) }), 'services', V.maxItems(L.serviceLines)],
    ['51 required service lines', () => ({ required_services: times(L.serviceLines + 1, line) }), 'required_services', V.maxItems(L.serviceLines)],
    ['51 additional service lines', () => ({ additional_services: times(L.serviceLines + 1, line) }), 'additional_services', V.maxItems(L.serviceLines)],
    ['51 meals', () => ({ meals: times(L.meals + 1, (index) => ({ tour_meal_id: index + 1 })) }), 'meals', V.maxItems(L.meals)],
    ['101 payments', () => ({ payments: times(L.payments + 1, () => ({ sum: 1 })) }), 'payments', V.maxItems(L.payments)],
    ['101 persons', () => ({ adult_count: 60, child_count: 41 }), 'adult_count', A.personsMax(L.persons)],
    ['a stay of 61 nights', () => ({ accommodations: [pinnedStay(hotel, { start_at: '2027-06-01', finish_at: '2027-08-01' })] }), 'accommodations.0.finish_at', A.stayTooLong(L.stayNights)],
  ];

  it.each(cases)('%s: 422 on its path from the save, the edit and calc-totals, nothing priced or stored', async (_name, changes, path, message) => {
    const before = Number((await app.db.query<{ count: string }>(`SELECT count(*) FROM applications`))[0]!.count);
    const existing = await created(form());
    engine.mockClear();
    for (const response of [create(form(changes())), update(existing.id, { ...existing, ...changes() }), calcTotals(form(changes()))]) {
      const errors = await refused(response);
      expect(errors[path]).toEqual([message]);
    }
    expect(engine).not.toHaveBeenCalled();
    expect(Number((await app.db.query<{ count: string }>(`SELECT count(*) FROM applications`))[0]!.count)).toBe(before + 1);
  });

  it('a stay of exactly 60 nights is priced', async () => {
    const stay = pinnedStay(hotel, { start_at: '2027-06-01', finish_at: '2027-07-31' });
    const [ground] = [await insertHotelGround(app.db, { periods: [{ date_from: '2027-06-01', date_to: '2027-07-31', adult_price: 1000, child_price: 500 }] })];
    const response = await calcTotals(hotelApplication(ground, people, { accommodations: [{ ...stay, hotel_id: ground.hotelId, room_id: ground.roomId }] }));
    expect(response.status, JSON.stringify(response.body)).toBe(200);
  });

  it('a calc-totals of 2 000 stays of a year each (the probe that froze the office for 18 s) is a 422 on `accommodations` before any pricing', async () => {
    engine.mockClear();
    const stays = times(2000, () => pinnedStay(hotel, { start_at: '2027-01-01', finish_at: '2027-12-31' }));
    const [refusal, healthy] = await Promise.all([refused(calcTotals(form({ accommodations: stays }))), app.client().get('/api/health')]);
    expect(refusal).toEqual({ accommodations: [V.maxItems(L.accommodations)] });
    expect(healthy.status).toBe(200);
    expect(engine).not.toHaveBeenCalled();
  });
});

describe('the largest application the limits allow', () => {
  it('is stored whole, and its calc-totals prices it once while health keeps answering', async () => {
    const saved = await created(largestForm());
    expect(saved.accommodations).toHaveLength(L.accommodations);
    expect(saved.tourists).toHaveLength(L.tourists);
    expect(saved.seats_forth).toHaveLength(L.persons);
    expect(saved.services.length + saved.required_services.length + saved.additional_services.length).toBe(3 * L.serviceLines);

    engine.mockClear();
    const order: string[] = [];
    const priced = calcTotals(largestForm()).then((response) => (order.push('calc-totals'), response));
    const health = app.client().get('/api/health').then((response) => (order.push('health'), response));
    const [answer, healthy] = await Promise.all([priced, health]);
    expect(answer.status, JSON.stringify(answer.body).slice(0, 300)).toBe(200);
    expect(answer.body.data.price_total).toBe(saved.totals.price_total);
    expect(healthy.status).toBe(200);
    expect(engine).toHaveBeenCalledTimes(1);
    expect(order).toEqual(['health', 'calc-totals']);
  });
});
