/**
 * Applications (issue 18) against a real PostgreSQL: the save as `{payload}` (an outside client's
 * form and the office's), the engine's worked examples through the API with the stored breakdown
 * equal to the engine's, the rules needing stored data, price locks, versions, auto-confirm, the
 * manager rule, seats in the save, products in use and calc-totals.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toPayloadBody } from '../../shared/editor.js';
import { MESSAGES } from '../../shared/messages.js';
import { Role } from '../../shared/roles.js';
import {
  insertBusGround,
  insertHotelGround,
  insertRequesters,
  nextWeekday,
  type BusGround,
  type HotelGround,
  type RequesterGround,
} from '../test/application-fixtures.js';
import { startTestApp, type ApiClient, type TestApp, type TestUser } from '../test/test-app.js';

const A = MESSAGES.applications;
let app: TestApp;
let admin: ApiClient;
let accountant: ApiClient;
let manager: ApiClient;
let managerUser: TestUser;
let otherManagerUser: TestUser;
let hotel: HotelGround;
let people: RequesterGround;

beforeAll(async () => {
  app = await startTestApp();
  admin = (await app.signInAs(Role.Administrator)).client;
  accountant = (await app.signInAs(Role.Accountant)).client;
  ({ client: manager, user: managerUser } = await app.signInAs(Role.Manager));
  otherManagerUser = await app.createUser({ role: Role.Manager });
  hotel = await insertHotelGround(app.db);
  people = await insertRequesters(app.db);
});
afterAll(() => app?.close());

/** The pinned stay: 2 adults and 1 child, 10.06 → 13.06.2027 in the hotel's room. */
const pinnedStay = (ground: HotelGround = hotel, overrides: Record<string, unknown> = {}) => ({
  hotel_id: ground.hotelId,
  room_id: ground.roomId,
  start_at: '2027-06-10',
  finish_at: '2027-06-13',
  adult_count: 2,
  child_count: 1,
  ...overrides,
});

const hotelForm = (overrides: Record<string, unknown> = {}, ground: HotelGround = hotel) => ({
  application_type: 1,
  applicationable_id: ground.hotelId,
  requester_type: 'client',
  requester_id: people.clientId,
  adult_count: 2,
  child_count: 1,
  accommodations: [pinnedStay(ground)],
  ...overrides,
});

const create = (payload: unknown, client = manager) => client.post('/api/applications', toPayloadBody(payload));
const update = (id: number, payload: unknown, client = manager) => client.put(`/api/applications/${id}`, toPayloadBody(payload));
const created = async (payload: unknown, client = manager) => {
  const response = await create(payload, client);
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.data as Record<string, any>;
};
const refused = async (response: Promise<{ status: number; body: any }>) => {
  const answer = await response;
  expect(answer.status, JSON.stringify(answer.body)).toBe(422);
  return answer.body.errors as Record<string, string[]>;
};
const row = async (id: number) => (await app.db.query<Record<string, any>>(`SELECT * FROM applications WHERE id = $1`, [id]))[0]!;

describe('the pinned hotel example through the API', () => {
  it('prices 2 adults and 1 child for 3 nights at 3 000 / 1 500 with the hotel’s 10 % at 24 750, stores the totals, the line’s share and the breakdown', async () => {
    const application = await created(hotelForm());
    expect(application.totals).toEqual({
      estimated_price_without_discount: '24750.00',
      price_without_discount: '24750.00',
      discount: '0.00',
      max_discount: 2250,
      price_total: '24750.00',
      agency_commission: '0.00',
      agency_to_pay: '24750.00',
    });
    expect(application.number).toMatch(/^\d{4}-\d{6}$/);
    const stored = await row(application.id);
    expect(stored).toMatchObject({ net_total: '22500.00', price_total: '24750.00', status: 1, payment_status: 1, city_id: hotel.cityId, created_by_id: managerUser.id });
    expect(stored.start_date).toBeTruthy();
    const [stay] = await app.db.query<Record<string, string>>(`SELECT net, price_without_discount, total_after_discount FROM application_accommodations WHERE application_id = $1`, [application.id]);
    expect(stay).toEqual({ net: '22500.00', price_without_discount: '24750.00', total_after_discount: '24750.00' });
    const categories = await app.db.query(`SELECT category, net, markup, price FROM application_category_totals WHERE application_id = $1`, [application.id]);
    expect(categories).toEqual([{ category: 'accommodation', net: '22500.00', markup: '2250.00', price: '24750.00' }]);
    const vendors = await app.db.query(`SELECT vendor_id, category, net FROM application_vendor_nets WHERE application_id = $1`, [application.id]);
    expect(vendors).toEqual([{ vendor_id: hotel.vendorId, category: 'accommodation', net: '22500.00' }]);
  });
});
