/**
 * Applications (issue 27) against a real PostgreSQL: who travels and what a priced application
 * carries. The tourists never outnumber the persons (422 on the first tourist too many), no stay
 * carries more adults or children than the application (422 on the stay), an office save of types 1–4
 * needs its product's row (422 on the row's key) while an outside source's new application may come
 * without it, and a refused save answers every error it can judge at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../shared/messages.js';
import { Role } from '../../shared/roles.js';
import { applicationCalls, hotelApplication, pinnedStay } from '../test/application-api.js';
import { insertBusGround, insertExcursionGround, insertHotelGround, insertRequesters, insertSeaTourGround, nextWeekday, type HotelGround, type RequesterGround } from '../test/application-fixtures.js';
import { startTestApp, type ApiClient, type TestApp } from '../test/test-app.js';

const A = MESSAGES.applications;
const V = MESSAGES.validation;
let app: TestApp;
let manager: ApiClient;
let hotel: HotelGround;
let people: RequesterGround;

beforeAll(async () => {
  app = await startTestApp();
  manager = (await app.signInAs(Role.Manager)).client;
  hotel = await insertHotelGround(app.db);
  people = await insertRequesters(app.db);
});
afterAll(() => app?.close());

const hotelForm = (overrides: Record<string, unknown> = {}) => hotelApplication(hotel, people, overrides);
const { create, update, created, refused } = applicationCalls(
  () => app,
  () => manager,
);
const tourist = (index: number, birthday_date: string | null = null) => ({ last_name: 'Гость', first_name: `Номер${'а'.repeat(index + 1)}`, document_number: `46000${index}`, birthday_date });
const count = async (sql: string) => Number((await app.db.query<{ count: string }>(sql))[0]!.count);

describe('the persons rules', () => {
  it('tourists beyond the persons: 422 on the first one too many (create and edit); as many as the persons save', async () => {
    // 2 adults and 1 child: a fourth tourist is one too many, whatever the ages.
    const four = [tourist(0), tourist(1), tourist(2, '2020-01-01'), tourist(3, '2021-01-01')];
    const errors = await refused(create(hotelForm({ tourists: four })));
    expect(errors).toEqual({ 'tourists.3': [A.touristsOverPersons(4, { adults: 2, children: 1 })] });

    const saved = await created(hotelForm({ tourists: four.slice(0, 3) }));
    expect(saved.tourists).toHaveLength(3);
    const edit = await refused(update(saved.id, { ...saved, adult_count: 1, child_count: 1, accommodations: [pinnedStay(hotel, { adult_count: 1 })] }));
    expect(edit).toEqual({ 'tourists.2': [A.touristsOverPersons(3, { adults: 1, children: 1 })] });
    expect((await app.db.query<{ adult_count: number }>(`SELECT adult_count FROM applications WHERE id = $1`, [saved.id]))[0]!.adult_count).toBe(2);
  });

  it('a stay with more adults (main + extra) or more children (main + extra + without a place) than the application: 422 on that stay', async () => {
    const fits = pinnedStay(hotel, { adult_count: 2, child_count: 0 });
    const moreChildren = pinnedStay(hotel, { adult_count: 1, child_count: 1, start_at: '2027-06-13', finish_at: '2027-06-15' });
    const errors = await refused(create(hotelForm({ adult_count: 2, child_count: 0, accommodations: [fits, moreChildren] })));
    expect(errors).toEqual({ 'accommodations.1': [A.stayOverPersons({ adults: 1, children: 1 }, { adults: 2, children: 0 })] });

    const moreAdults = pinnedStay(hotel, { adult_count: 2, child_count: 0 });
    const adults = await refused(create(hotelForm({ adult_count: 1, child_count: 1, accommodations: [moreAdults] })));
    expect(adults).toEqual({ 'accommodations.0': [A.stayOverPersons({ adults: 2, children: 0 }, { adults: 1, children: 1 })] });

    expect((await created(hotelForm({ adult_count: 2, child_count: 1, accommodations: [fits, moreChildren] }))).accommodations).toHaveLength(2);
  });
});

describe('the product’s row', () => {
  it('an office save of each type 1–4 without its row: 422 on the row’s key, nothing stored', async () => {
    const tour = await insertExcursionGround(app.db, hotel);
    const { seaTourId } = await insertSeaTourGround(app.db, hotel);
    const bus = await insertBusGround(app.db);
    const base = { requester_type: 'client', requester_id: people.clientId, adult_count: 2, child_count: 1 };
    const cases: [string, Record<string, unknown>, string, string][] = [
      ['hotel', { application_type: 1, applicationable_id: hotel.hotelId }, 'accommodations', A.stayRequired],
      ['excursion tour', { application_type: 2, applicationable_id: tour.tourId }, 'tour_date', A.tourDateRequired],
      ['bus tour', { application_type: 3, applicationable_id: bus.transportId }, 'transport_forth', A.forthLegRequired],
      ['sea tour', { application_type: 4, applicationable_id: seaTourId }, 'accommodations', A.stayRequired],
    ];
    const before = await count(`SELECT count(*) FROM applications`);
    for (const [name, form, key, message] of cases) {
      const errors = await refused(create({ ...base, ...form }));
      expect(errors, name).toEqual({ [key]: [message] });
    }
    expect(await count(`SELECT count(*) FROM applications`)).toBe(before);

    // The edit too: a stored hotel application whose stay is taken away.
    const saved = await created(hotelForm());
    expect(await refused(update(saved.id, { ...saved, accommodations: [] }))).toEqual({ accommodations: [A.stayRequired] });
    // The bus tour with its forth leg saves (its seats one per person).
    const friday = nextWeekday('2027-06-01', bus.weekday);
    const withLeg = await created({
      ...base,
      application_type: 3,
      applicationable_id: bus.transportId,
      transport_forth: { transport_id: bus.transportId, departure_date: friday, from_route_id: bus.pointIds[0], to_route_id: bus.pointIds[1] },
      seats_forth: [{ number: 1 }, { number: 2 }, { number: 3 }],
    });
    expect(withLeg.transport_forth).not.toBeNull();
  });

  it('an outside source’s new application may arrive without its row', async () => {
    const saved = await created({ application_type: 1, applicationable_id: hotel.hotelId, requester_type: 'client', requester_id: people.clientId, adult_count: 2, source: 'web_site' });
    expect(saved.accommodations).toEqual([]);
    expect(saved.source).toBe('web_site');
  });
});

describe('a save reports every error at once', () => {
  it('an empty hotel application: the requester, the product and its stay in one 422', async () => {
    const errors = await refused(create({ application_type: 1 }));
    expect(errors).toMatchObject({ requester_type: [V.required], requester_id: [V.required], applicationable_id: [V.required], accommodations: [A.stayRequired] });
  });

  it('a form without its requester still answers its tourists too many and its stay’s persons', async () => {
    const errors = await refused(create(hotelForm({ requester_id: null, adult_count: 1, child_count: 0, tourists: [tourist(0), tourist(1)] })));
    expect(errors).toEqual({
      requester_id: [V.required],
      'tourists.1': [A.touristsOverPersons(2, { adults: 1, children: 0 })],
      'accommodations.0': [A.stayOverPersons({ adults: 2, children: 1 }, { adults: 1, children: 0 })],
    });
  });

  it('a whole form answers the rules with the stored data’s together: an unknown requester beside a missing stay', async () => {
    const errors = await refused(create(hotelForm({ requester_id: 2147483000, accommodations: [] })));
    expect(errors).toEqual({ requester_id: [V.oneOf], accommodations: [A.stayRequired] });
  });
});
