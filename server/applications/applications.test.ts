/**
 * Applications (issue 18) against a real PostgreSQL: the save as `{payload}` (an outside client's
 * form and the office's), the engine's worked examples through the API with the stored breakdown
 * equal to the engine's, the rules needing stored data, price locks, versions, auto-confirm, the
 * manager rule, an outside client's round trip and calc-totals (seats and the save's cost:
 * applications-seats.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toPayloadBody } from '../../shared/editor.js';
import { MESSAGES } from '../../shared/messages.js';
import { Role } from '../../shared/roles.js';
import { applicationSchema } from '../../shared/applications/schema.js';
import { loadGround, type Sql } from './application-ground.js';
import { groundRequest, pricingInput } from './application-rules.js';
import { priceApplication } from './pricing/index.js';
import {
  insertExcursionGround,
  insertHotelGround,
  insertSeaTourGround,
  insertRequesters,
  type HotelGround,
  type RequesterGround,
} from '../test/application-fixtures.js';
import { insertCities } from '../test/transport-fixtures.js';
import { applicationCalls, hotelApplication, pinnedStay as pinnedStayOf } from '../test/application-api.js';
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

const pinnedStay = (ground: HotelGround = hotel, overrides: Record<string, unknown> = {}) => pinnedStayOf(ground, overrides);
const hotelForm = (overrides: Record<string, unknown> = {}, ground: HotelGround = hotel) => hotelApplication(ground, people, overrides);
const { create, update, created, refused, row } = applicationCalls(
  () => app,
  () => manager,
);

describe('the pinned hotel example through the API', () => {
  it('prices 2 adults and 1 child for 3 nights at 3 000 / 1 500 with the hotel’s 10 % at 24 750, stores the totals, the line’s share and the breakdown', async () => {
    const application = await created(hotelForm());
    expect(application.totals).toEqual({
      estimated_price_without_discount: 24750,
      price_without_discount: 24750,
      discount: 0,
      max_discount: 2250,
      price_total: 24750,
      agency_commission: 0,
      agency_to_pay: 24750,
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

  it('numbers past the millionth keep every digit: the sequence padded to six, never cut', async () => {
    const [numbers] = await app.db.query<Record<string, string>>(
      `SELECT application_number(123) AS small, application_number(999999) AS last_six, application_number(1000001) AS seven, to_char(now(), 'YYYY') AS year`,
    );
    expect(numbers).toEqual({ small: `${numbers!.year}-000123`, last_six: `${numbers!.year}-999999`, seven: `${numbers!.year}-1000001`, year: numbers!.year });
  });
});

describe('the worked examples through the API', () => {
  it('a stay across two price periods: 2 adults 14.06 → 18.06 at 3 000 then 4 000 (no markup) is 28 000', async () => {
    const ground = await insertHotelGround(app.db, {
      markup: 0,
      periods: [
        { date_from: '2027-06-01', date_to: '2027-06-15', adult_price: 3000, child_price: 1500 },
        { date_from: '2027-06-16', date_to: '2027-06-30', adult_price: 4000, child_price: 2000 },
      ],
    });
    const application = await created(hotelForm({ adult_count: 2, child_count: 0, accommodations: [pinnedStay(ground, { start_at: '2027-06-14', finish_at: '2027-06-18', child_count: 0 })] }, ground));
    expect(application.totals.price_total).toBe(28000);
  });

  it('a night no period covers is a 422 on the accommodation’s dates', async () => {
    const errors = await refused(create(hotelForm({ accommodations: [pinnedStay(hotel, { start_at: '2027-06-29', finish_at: '2027-07-02' })] })));
    expect(errors['accommodations.0.start_at']).toEqual([A.noPriceForNight('01.07.2027')]);
  });

  it('a total-price period: 9 000 a night for 2 nights, differentiated yet a general 5 %: only the general applies, 18 900', async () => {
    const ground = await insertHotelGround(app.db, {
      periods: [{ date_from: '2027-06-01', date_to: '2027-06-30', is_total_price: true, total_price: 9000, is_differentiate: true, commission_general_sum: 5, commission_adult_type: 1, commission_adult_sum: 200 }],
    });
    const application = await created(hotelForm({ accommodations: [pinnedStay(ground, { finish_at: '2027-06-12' })] }, ground));
    expect(application.totals.price_total).toBe(18900);
  });

  it('a hotel meal: 700 a person a night with the hotel’s fixed 100, over the pinned stay: 24 750 + 7 200', async () => {
    const application = await created(hotelForm({ accommodations: [pinnedStay(hotel, { meal_id: hotel.mealId })] }));
    expect(application.totals.price_total).toBe(31950);
    const categories = await app.db.query(`SELECT category, price FROM application_category_totals WHERE application_id = $1 ORDER BY category`, [application.id]);
    expect(categories).toEqual([
      { category: 'accommodation', price: '24750.00' },
      { category: 'meals', price: '7200.00' },
    ]);
  });

  it('hotel services: 500 × 2 — the line stores its price read from the service, count × price, and the services’ column', async () => {
    const application = await created(hotelForm({ services: [{ serviceable_id: hotel.serviceId, count: '2', price: 1 }] }));
    expect(application.totals.price_total).toBe(25750);
    expect(application.services).toEqual([expect.objectContaining({ serviceable_id: hotel.serviceId, count: 2, price: 500, price_total: 1000 })]);
    const [line] = await app.db.query(`SELECT price, price_total, net FROM application_services WHERE application_id = $1`, [application.id]);
    expect(line).toEqual({ price: '500.00', price_total: '1000.00', net: '1000.00' });
    expect((await row(application.id)).services_price).toBe('1000.00');
  });

  it('a service the product does not sell, a room of another hotel, a count over the room’s cap, a meal the hotel does not offer: 422 on each path', async () => {
    const other = await insertHotelGround(app.db);
    const errors = await refused(
      create(
        hotelForm({
          accommodations: [pinnedStay(hotel, { room_id: other.roomId }), pinnedStay(hotel, { adult_count: 4, meal_id: hotel.otherMealId })],
          services: [{ serviceable_id: other.serviceId }],
        }),
      ),
    );
    expect(errors).toMatchObject({
      'accommodations.0.room_id': [A.notOfProduct],
      'accommodations.1.adult_count': [A.roomCap(3)],
      'accommodations.1.meal_id': [A.notOfProduct],
      'services.0.serviceable_id': [A.notOfProduct],
    });
    const wrongHotel = await refused(create(hotelForm({ accommodations: [pinnedStay(other)] })));
    expect(wrongHotel['accommodations.0.hotel_id']).toEqual([A.notOfProduct]);
    const noProduct = await refused(create(hotelForm({ applicationable_id: 2147483000 })));
    expect(noProduct.applicationable_id).toEqual([A.notOfProduct]);
  });

  it('the discount cap: at most the price over the net (2 250); 2 250 gives 22 500, 2 251 is refused', async () => {
    expect(await refused(create(hotelForm({ discount: 2251 })))).toEqual({ discount: [A.discountMax(2250)] });
    const application = await created(hotelForm({ discount: '2250' }));
    expect(application.totals).toMatchObject({ discount: 2250, price_total: 22500 });
  });

  it('a new manual price replaces the estimate and resets the discount to 0', async () => {
    const application = await created(hotelForm({ discount: 1000 }));
    expect(application.totals.price_total).toBe(23750);
    const saved = await update(application.id, { ...application, manual_price_without_discount: 30000, discount: 1000 });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data.totals).toMatchObject({ estimated_price_without_discount: 24750, price_without_discount: 30000, discount: 0, price_total: 30000 });
    expect(saved.body.data.discount).toBe(0);
    // The same manual price again keeps a discount given now.
    const again = await update(application.id, { ...saved.body.data, discount: 500 });
    expect(again.body.data.totals).toMatchObject({ discount: 500, price_total: 29500 });
  });

  it('both agency commission types: 12 % of the price total, and a fixed 1 500; the agency user is the agency’s own', async () => {
    const percent = await created(hotelForm({ requester_type: 'agency', requester_id: people.agencyId, agency_user_id: people.agencyUserId }));
    expect(percent.totals).toMatchObject({ price_total: 24750, agency_commission: 2970, agency_to_pay: 21780 });
    expect((await row(percent.id)).search_text).toContain(people.agencyUserName);
    const fixed = await created(hotelForm({ requester_type: 'agency', requester_id: people.fixedAgencyId }));
    expect(fixed.totals).toMatchObject({ agency_commission: 1500, agency_to_pay: 23250 });
    const foreignUser = await refused(create(hotelForm({ requester_type: 'agency', requester_id: people.fixedAgencyId, agency_user_id: people.agencyUserId })));
    expect(foreignUser.agency_user_id).toEqual([MESSAGES.validation.oneOf]);
    expect((await refused(create(hotelForm({ requester_id: 2147483000 })))).requester_id).toEqual([MESSAGES.validation.oneOf]);
  });

  it('an excursion tour: its own per-person price, its hotel marked up by the tour’s pair, its meal; the date must be one of the tour’s', async () => {
    const tour = await insertExcursionGround(app.db, hotel);
    const form = {
      application_type: 2,
      applicationable_id: tour.tourId,
      tour_date: tour.tourDate,
      requester_type: 'client',
      requester_id: people.clientId,
      adult_count: 2,
      child_count: 1,
      accommodations: [pinnedStay(hotel, { finish_at: '2027-06-12' })],
      meals: [{ tour_meal_id: tour.mealId }],
    };
    const application = await created(form);
    // 29 500 (tour) + 16 200 (2 nights, 200 a person a night) + 3 960 (meal on days 1 and 2 for 3).
    expect(application.totals.price_total).toBe(49660);
    expect((await row(application.id)).tour_id).toBe(tour.tourId);
    expect((await refused(create({ ...form, tour_date: '2027-06-11' }))).tour_date).toEqual([A.notOfProduct]);
    // The tour's service priced by its period: 1 000 + 10 % = 1 100 a unit.
    const withService = await created({ ...form, meals: [], additional_services: [{ serviceable_id: tour.serviceId, count: 2 }] });
    expect(withService.additional_services).toEqual([expect.objectContaining({ price: 1100, price_total: 2200 })]);
    expect((await row(withService.id)).additional_services_price).toBe('2200.00');

    // The tour and its meal are in use now: the tour's delete and the meal's removal through the tour editor are refused, not a 500.
    expect((await admin.delete(`/api/tours/${tour.tourId}`)).status).toBe(403);
    const stored = (await admin.get(`/api/tours/${tour.tourId}`)).body.data;
    const withoutMeal = await admin.put(`/api/tours/${tour.tourId}`, toPayloadBody({ ...stored, meals: [] }));
    expect(withoutMeal.status).toBe(422);
    expect(Object.keys(withoutMeal.body.errors)).toEqual(['meals.0']);
  });

  it('a sea tour by railway: its hotel group’s railway percent (25 %) over the pinned stay', async () => {
    const { seaTourId } = await insertSeaTourGround(app.db, hotel);
    const application = await created({
      application_type: 4,
      applicationable_id: seaTourId,
      requester_type: 'client',
      requester_id: people.clientId,
      adult_count: 2,
      child_count: 1,
      accommodations: [pinnedStay()],
      transfer_forth: { from_city_id: hotel.cityId, to_city_id: hotel.cityId, transfer_type: 2, start_at: '2027-06-09', finish_at: '2027-06-10' },
    });
    expect(application.totals.price_total).toBe(28125);
    // The earliest start of accommodations, transport items and transfers.
    expect(application.start_date).toBe('2027-06-09');
    expect((await admin.delete(`/api/sea-tours/${seaTourId}`)).status).toBe(403);
  });

  it('stores the engine’s breakdown: category totals and vendor nets equal what the engine answers for the stored application', async () => {
    const application = await created(
      hotelForm({ requester_type: 'agency', requester_id: people.agencyId, discount: 1000, accommodations: [pinnedStay(hotel, { meal_id: hotel.mealId })], services: [{ serviceable_id: hotel.serviceId, count: 3 }] }),
    );
    const form = applicationSchema.parse((await manager.get(`/api/applications/${application.id}`)).body.data);
    const ground = await loadGround(app.db as unknown as Sql, groundRequest(form));
    const result = priceApplication(pricingInput(form, ground, form.manual_price_without_discount));
    const categories = await app.db.query<Record<string, string>>(
      `SELECT category, net, markup, price, discount, price_total, agency_commission FROM application_category_totals WHERE application_id = $1 ORDER BY category`,
      [application.id],
    );
    const expected = Object.entries(result.breakdown.categories)
      .filter(([, totals]) => totals.price !== '0.00' || totals.net !== '0.00')
      .map(([category, totals]) => ({ category, ...totals }))
      .sort((a, b) => a.category.localeCompare(b.category));
    expect(categories).toEqual(expected);
    const vendors = await app.db.query(`SELECT vendor_id, category, net FROM application_vendor_nets WHERE application_id = $1 ORDER BY category`, [application.id]);
    expect(vendors).toEqual([...result.breakdown.vendors].sort((a, b) => a.category.localeCompare(b.category)));
    expect(await row(application.id)).toMatchObject({ price_total: result.price_total, agency_commission: result.agency_commission, discount: result.discount, net_total: result.net_total });
  });
});

describe('what the editor reads', () => {
  it('an avia application’s transfers carry their cities’ names beside the ids (the Трансферы tab shows names, never #id)', async () => {
    const [simferopol, yalta] = await insertCities(app.db, ['Симферополь', 'Ялта']);
    const application = await created({
      application_type: 5,
      requester_type: 'client',
      requester_id: people.clientId,
      adult_count: 1,
      manual_price_without_discount: 64400,
      transfer_forth: { from_city_id: simferopol, to_city_id: yalta, transfer_type: 2, start_at: '2027-06-09', finish_at: '2027-06-09' },
      transfer_back: { from_city_id: String(yalta), to_city_id: simferopol, transfer_type: '2', start_at: '2027-06-16', finish_at: '2027-06-16' },
    });
    const read = await manager.get(`/api/applications/${application.id}`);
    expect(read.status).toBe(200);
    expect(read.body.data.transfer_forth).toMatchObject({ from_city_id: simferopol, to_city_id: yalta, from_city: { id: simferopol, name: 'Симферополь' }, to_city: { id: yalta, name: 'Ялта' } });
    expect(read.body.data.transfer_back).toMatchObject({ from_city: { id: yalta, name: 'Ялта' }, to_city: { id: simferopol, name: 'Симферополь' } });
    // The names are the reader's only: the form read back saves unchanged.
    const saved = await update(application.id, read.body.data);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  });

  it('an application from an outside service carries its booking and vendor (the Comments tab shows on both); a save keeps them', async () => {
    const vendor = (await admin.post('/api/vendors', { name: 'Сервис «Заявки»', is_external_service: true })).body.data.id as number;
    const application = await created(hotelForm());
    expect((await manager.get(`/api/applications/${application.id}`)).body.data).toMatchObject({ external_id: null, external_vendor_id: null });
    // As the site's API stores them.
    await app.db.query('UPDATE applications SET external_id = $2, external_vendor_id = $3 WHERE id = $1', [application.id, 'B-77', vendor]);
    const read = (await manager.get(`/api/applications/${application.id}`)).body.data;
    expect(read).toMatchObject({ external_id: 'B-77', external_vendor_id: vendor });
    const saved = await update(application.id, { ...read, comment: 'Уточнить у поставщика' });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data).toMatchObject({ external_id: 'B-77', external_vendor_id: vendor });
  });
});

describe('who may change what', () => {
  it('a price change is refused with 422 once the application is confirmed, and allowed for the accountant', async () => {
    const application = await created(hotelForm());
    const confirmed = await update(application.id, { ...application, status: 3 });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(confirmed.body.data.can_edit_price).toBe(false);
    const errors = await refused(update(application.id, { ...confirmed.body.data, discount: 100, manual_price_without_discount: 25000 }));
    expect(errors).toEqual({ discount: [A.priceLocked], manual_price_without_discount: [A.priceLocked] });
    const byAccountant = await update(application.id, { ...confirmed.body.data, discount: 100 }, accountant);
    expect(byAccountant.status, JSON.stringify(byAccountant.body)).toBe(200);
    expect(byAccountant.body.data.totals.price_total).toBe(24650);
    expect(byAccountant.body.data.can_edit_price).toBe(true);
  });

  it('manual agency commission only in status 2; prepayment only in status 3; status 7 only by the cancel action; status 6 only when paid', async () => {
    const application = await created(hotelForm({ requester_type: 'agency', requester_id: people.agencyId }));
    expect((await refused(update(application.id, { ...application, manual_agency_commission: 100 }))).manual_agency_commission).toEqual([A.agencyCommissionLocked]);
    expect((await refused(update(application.id, { ...application, prepayment: '1000.50' }))).prepayment).toEqual([A.prepaymentLocked]);
    expect((await refused(update(application.id, { ...application, status: 7 }))).status).toEqual([A.cancelOnlyByAction]);
    expect((await refused(update(application.id, { ...application, status: 6 }))).status).toEqual([A.paidNeedsPayment]);
    const inWork = (await update(application.id, { ...application, status: 2 })).body.data;
    const commission = await update(application.id, { ...inWork, manual_agency_commission: 100 });
    expect(commission.status, JSON.stringify(commission.body)).toBe(200);
    expect(commission.body.data.totals).toMatchObject({ agency_commission: 100, agency_to_pay: 24650 });
    const confirmed = (await update(application.id, { ...commission.body.data, status: 3 })).body.data;
    const prepaid = await update(application.id, { ...confirmed, prepayment: '1000.50' });
    expect(prepaid.status, JSON.stringify(prepaid.body)).toBe(200);
    expect(prepaid.body.data.prepayment).toBe(1000.5);
  });

  it('the payment method: one serving the requester type; changed later only by the administrator or the accountant', async () => {
    expect((await refused(create(hotelForm({ requester_type: 'agency', requester_id: people.agencyId, payment_method: 1 })))).payment_method).toEqual([MESSAGES.validation.oneOf]);
    const application = await created(hotelForm({ payment_method: '4' }));
    expect(application.payment_method).toBe(4);
    expect((await refused(update(application.id, { ...application, payment_method: 3 }))).payment_method).toEqual([A.paymentMethodLocked]);
    const byAccountant = await update(application.id, { ...application, payment_method: 3 }, accountant);
    expect(byAccountant.status, JSON.stringify(byAccountant.body)).toBe(200);
    expect(byAccountant.body.data.payment_method).toBe(3);
  });

  it('a cancelled application accepts payment changes only', async () => {
    // A payment is added only under a payment method (spec 03 §5), and a cancelled application's method is fixed.
    const application = await created(hotelForm({ payment_method: 1 }));
    await app.db.query(`UPDATE applications SET status = 7 WHERE id = $1`, [application.id]);
    const cancelled = (await manager.get(`/api/applications/${application.id}`)).body.data;
    expect((await refused(update(application.id, { ...cancelled, comment: 'Новый комментарий' }))).status).toEqual([A.cancelledLocked]);
    const paid = await update(application.id, { ...cancelled, payments: [{ sum: '500', date: '2026-11-20' }] }, accountant);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body.data.payments).toEqual([expect.objectContaining({ sum: 500, status: 2 })]);
    // Payments absent from a later payload are kept as stored.
    const { payments: _payments, ...withoutPayments } = paid.body.data;
    const kept = await update(application.id, withoutPayments, accountant);
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    expect(kept.body.data.payments).toHaveLength(1);
  });

  it('the manager rule: a manager assigns only themself or keeps the already assigned manager', async () => {
    expect((await refused(create(hotelForm({ user_id: otherManagerUser.id })))).user_id).toEqual([A.managerOnlySelf]);
    const own = await created(hotelForm({ user_id: managerUser.id }));
    expect(own.user).toEqual({ id: managerUser.id, full_name: expect.any(String) });
    const assigned = await created(hotelForm({ user_id: otherManagerUser.id }), admin);
    const kept = await update(assigned.id, { ...assigned, comment: 'Перезвонить' });
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    expect(kept.body.data.user_id).toBe(otherManagerUser.id);
    const taken = await update(assigned.id, { ...kept.body.data, user_id: managerUser.id });
    expect(taken.status, JSON.stringify(taken.body)).toBe(200);
    expect((await refused(update(assigned.id, { ...taken.body.data, user_id: otherManagerUser.id }))).user_id).toEqual([A.managerOnlySelf]);
  });

  it('409 with the current record on a stale save', async () => {
    const application = await created(hotelForm());
    const first = await update(application.id, { ...application, comment: 'Первый' });
    expect(first.status).toBe(200);
    expect(first.body.data.version).toBe(application.version + 1);
    const stale = await update(application.id, { ...application, comment: 'Второй' }, accountant);
    expect(stale.status).toBe(409);
    expect(stale.body.data).toMatchObject({ id: application.id, comment: 'Первый' });
  });
});

describe('outside sources', () => {
  it('auto-confirm: an outside source’s application for a product with auto-confirm takes its status; one made in the office starts at the sent status', async () => {
    const auto = await insertHotelGround(app.db, { autoConfirmStatus: 5 });
    const outside = await created(hotelForm({ source: 'web_site', source_payload: { utm: 'vk' } }, auto));
    expect(outside.status).toBe(5);
    const office = await created(hotelForm({}, auto));
    expect(office.status).toBe(1);
    const plain = await created(hotelForm({ source: 'search_module' }));
    expect(plain.status).toBe(1);
  });

  it('an outside client’s form (objects, 0/1, text numbers, absent keys) is stored raw for the administrator only; GET → change one field → PUT keeps the child ids', async () => {
    const form = {
      type: '1',
      applicationable: { id: String(hotel.hotelId), name: 'Отель' },
      requestorable: { type: 'clients', id: String(people.clientId) },
      source: 'mobile_application',
      source_payload: { platform: 'Android' },
      adult_count: '2',
      child_count: '1',
      children_ages: ['7'],
      phone: '+79001234567',
      email: 'guest@example.ru',
      accommodations: [{ hotel_id: { id: hotel.hotelId }, room_id: String(hotel.roomId), start_at: '2027-06-10', finish_at: '2027-06-13', adult_count: '2', child_count: '1', payload: { raw: 1 } }],
      tourists: [
        { last_name: 'Иванов', first_name: 'Иван', document_number: '4510123456', birthday_date: '1980-01-02' },
        { last_name: 'Иванова', first_name: 'Мария', document_number: '4510654321', gender: '2' },
      ],
      services: [{ serviceable_id: String(hotel.serviceId), count: '1' }],
    };
    const response = await create(form);
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    const id = response.body.data.id as number;
    const stored = await row(id);
    expect(stored.payload).toEqual(form);
    expect(stored.source_payload).toEqual({ platform: 'Android' });
    expect(stored.search_text).toContain(stored.number);
    expect(stored.search_text).toContain(people.clientName);
    expect(stored.search_text).toContain('Иванова Мария');
    expect(stored.search_text).toContain('guest@example.ru');

    const asAdmin = (await admin.get(`/api/applications/${id}`)).body.data;
    expect(asAdmin.payload).toEqual(form);
    expect(asAdmin.accommodations[0].payload).toEqual({ raw: 1 });
    const read = (await manager.get(`/api/applications/${id}`)).body.data;
    expect(read).toMatchObject({ payload: null, source_payload: null, source: 'mobile_application', requestorable: { type: 'clients', id: people.clientId }, applicationable: { id: hotel.hotelId } });
    expect(read.accommodations[0].payload).toBeNull();

    const saved = await update(id, { ...read, comment: 'Позвонить вечером' });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const after = saved.body.data;
    expect(after.comment).toBe('Позвонить вечером');
    expect(after.children_ages).toEqual([7]);
    expect(after.tourists.map((tourist: { id: number }) => tourist.id)).toEqual(read.tourists.map((tourist: { id: number }) => tourist.id));
    expect(after.accommodations[0].id).toBe(read.accommodations[0].id);
    expect(after.services[0].id).toBe(read.services[0].id);
    expect(after.number).toBe(read.number);
    // Raw payloads stay as first received.
    expect((await row(id)).payload).toEqual(form);
    expect(after.totals).toEqual(read.totals);
  });
});

describe('calc-totals', () => {
  it('over the stored application: the four fields laid over it, nothing written', async () => {
    const application = await created(hotelForm({ requester_type: 'agency', requester_id: people.agencyId }));
    const response = await manager.post(`/api/applications/${application.id}/calc-totals`, { discount: '750', services: [{ serviceable_id: hotel.serviceId, count: 2 }] });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    // 24 750 + 1 000 − 750 = 25 000, 12 % of it 3 000.
    expect(response.body.data).toEqual({
      estimated_price_without_discount: 25750,
      price_without_discount: 25750,
      discount: 750,
      max_discount: 2250,
      price_total: 25000,
      agency_commission: 3000,
      agency_to_pay: 22000,
    });
    expect((await row(application.id)).price_total).toBe('24750.00');
    expect((await accountant.post(`/api/applications/${application.id}/calc-totals`, { discount: 5000 })).status).toBe(422);
  });

  it('of a whole unsaved form, as {payload}', async () => {
    const response = await manager.post('/api/applications/calc-totals', toPayloadBody(hotelForm({ discount: 250 })));
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.data).toMatchObject({ price_without_discount: 24750, discount: 250, price_total: 24500, max_discount: 2250 });
    const wrong = await manager.post('/api/applications/calc-totals', toPayloadBody(hotelForm({ accommodations: [pinnedStay(hotel, { adult_count: 9 })] })));
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors['accommodations.0.adult_count']).toEqual([A.roomCap(3)]);
  });
});
