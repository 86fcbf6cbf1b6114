/**
 * The application's commands called without HTTP (issue 26), as a job, an import or the demo's fill
 * calls them: a save stores exactly what the HTTP save stores (rows, totals, breakdown, seats),
 * `reprice` re-prices in the caller's transaction, and the slots money and imports fill keep the
 * rule table (payments by role, a supplier's raw payloads, the documents mark).
 */
import type { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationSchema } from '../../../shared/applications/schema.js';
import { MESSAGES } from '../../../shared/messages.js';
import { Role } from '../../../shared/roles.js';
import { createDataSource } from '../../database/data-source.js';
import { applicationCalls, hotelApplication } from '../../test/application-api.js';
import { insertBusGround, insertHotelGround, insertRequesters, nextWeekday, type BusGround, type HotelGround, type RequesterGround } from '../../test/application-fixtures.js';
import { startTestApp, type ApiClient, type TestApp, type TestUser } from '../../test/test-app.js';
import { ApplicationsService } from '../applications.service.js';
import type { ApplicationActor } from './actor.js';
import { ApplicationCommands } from './application-commands.js';

let app: TestApp;
let manager: ApiClient;
let managerUser: TestUser;
let source: DataSource;
let commands: ApplicationCommands;
let reads: ApplicationsService;
let hotel: HotelGround;
let bus: BusGround;
let people: RequesterGround;

beforeAll(async () => {
  app = await startTestApp();
  ({ client: manager, user: managerUser } = await app.signInAs(Role.Manager));
  source = createDataSource(app.db.url, { poolSize: 2 });
  await source.initialize();
  reads = new ApplicationsService(source);
  commands = new ApplicationCommands(source, reads);
  hotel = await insertHotelGround(app.db);
  bus = await insertBusGround(app.db);
  people = await insertRequesters(app.db);
});
afterAll(async () => {
  await source?.destroy();
  await app?.close();
});

const { created } = applicationCalls(
  () => app,
  () => manager,
);
const staff = (role: Role, id = managerUser.id): ApplicationActor => ({ kind: 'staff', user: { id, role } });
let seat = 0;
/** A hotel stay with the bus there, a seat per rider (each form its own seats), two tourists and a service. */
const form = () =>
  hotelApplication(hotel, people, {
    adult_count: 2,
    child_count: 0,
    accommodations: [{ hotel_id: hotel.hotelId, room_id: hotel.roomId, start_at: '2027-06-10', finish_at: '2027-06-13', adult_count: 2 }],
    transport_forth: { transport_id: bus.transportId, departure_date: nextWeekday('2027-06-01', bus.weekday), from_route_id: bus.pointIds[0], to_route_id: bus.pointIds[2] },
    seats_forth: [0, 1].map((index) => ({ number: ++seat, tourist_index: index })),
    services: [{ serviceable_id: hotel.serviceId, count: 2 }],
    tourists: [
      { last_name: 'Орлова', first_name: 'Вера', document_number: '4510 123456' },
      { last_name: 'Орлов', first_name: 'Пётр', document_number: '4510 123457' },
    ],
  });

/** What a save stores of an application, without what differs between two saves of one form (ids, number, times, seat numbers). */
async function stored(id: number) {
  const [row] = await app.db.query<Record<string, unknown>>(
    `SELECT type, hotel_id, client_id, status, payment_status, adult_count, price_total, net_total, markup_total, max_discount, agency_to_pay, start_date::text, city_id,
            regexp_replace(search_text, '^\\d{4}-\\d{6}', 'N') AS search_text, number ~ '^\\d{4}-\\d{6}$' AS numbered, created_by_id
       FROM applications WHERE id = $1`,
    [id],
  );
  const categories = await app.db.query(`SELECT category, net, markup, price FROM application_category_totals WHERE application_id = $1 ORDER BY category`, [id]);
  const vendors = await app.db.query(`SELECT vendor_id, category, net FROM application_vendor_nets WHERE application_id = $1 ORDER BY category`, [id]);
  const seats = await app.db.query(
    `SELECT b.leg, b.from_position, b.to_position, t.last_name FROM seat_bookings b JOIN tourists t ON t.id = b.tourist_id WHERE b.application_id = $1 ORDER BY b.number`,
    [id],
  );
  const lines = await app.db.query(`SELECT kind, count, price, price_total, net FROM application_services WHERE application_id = $1`, [id]);
  return { row, categories, vendors, seats, lines };
}

describe('a command called without HTTP', () => {
  it('saves, prices and books seats exactly as the HTTP save does', async () => {
    const overHttp = await created(form());
    const direct = await commands.save(applicationSchema.parse(form()), staff(Role.Manager));
    const directId = (direct.data as { id: number }).id;
    expect(await stored(directId)).toEqual(await stored(overHttp.id));
    expect((await stored(directId)).seats).toHaveLength(2);
    // The reply is the record the manager reads.
    expect(direct.data).toMatchObject({ totals: overHttp.totals, accommodations: [{ payload: null }] });
  });

  it('re-prices a stored application in the caller’s transaction: its totals follow a new price', async () => {
    const application = await created(form());
    await app.db.query(`UPDATE hotel_room_prices SET adult_price = adult_price + 1000 WHERE room_id = $1`, [hotel.roomId]);
    try {
      await source.transaction((transaction) => commands.reprice(transaction, application.id));
      const totals = await manager.post(`/api/applications/${application.id}/calc-totals`, { discount: 0 });
      // The stored numeric(12,2) as the driver reads it (text), calc-totals' as the wire carries money (a number).
      expect(Number((await stored(application.id)).row!.price_total)).toBe(totals.body.data.price_total);
      expect(totals.body.data.price_total).toBeGreaterThan(application.totals.price_total);
    } finally {
      await app.db.query(`UPDATE hotel_room_prices SET adult_price = adult_price - 1000 WHERE room_id = $1`, [hotel.roomId]);
    }
  });
});

describe('the slots money and imports fill', () => {
  it('recordPayment: the accountant adds a payment; the manager is refused by the rule table and nothing is added', async () => {
    // A payment is added only under a payment method (spec 03 §5).
    const application = await created({ ...form(), payment_method: 1 });
    const accountant = await app.createUser({ role: Role.Accountant });
    const saved = await commands.recordPayment(application.id, { sum: '1000.50', status: 2, date: '2027-05-01' }, application.version, staff(Role.Accountant, accountant.id));
    expect((saved.data as { payments: unknown[] }).payments).toEqual([expect.objectContaining({ status: 2, date: '2027-05-01' })]);
    // The payment status is derived in the command's save: part of the price paid.
    expect(saved.data).toMatchObject({ payment_status: 2 });
    await expect(commands.recordPayment(application.id, { sum: 10 }, null, staff(Role.Manager))).rejects.toMatchObject({ response: { message: MESSAGES.applications.paymentsLocked } });
    expect(await app.db.query(`SELECT sum::text FROM payments WHERE application_id = $1`, [application.id])).toEqual([{ sum: '1000.50' }]);
  });

  it('saveFromSupplier writes the raw payloads the supplier sends, where an office save keeps the stored ones', async () => {
    const application = await created(form());
    const record = parseForm(await reads.read(source.manager, application.id, { role: Role.Administrator }));
    const office = await commands.save({ ...record, accommodations: [{ ...record.accommodations[0]!, payload: { office: true } }] }, staff(Role.Administrator, managerUser.id), { id: application.id });
    expect(office.data).toMatchObject({ accommodations: [{ payload: null }] });
    const again = parseForm(await reads.read(source.manager, application.id, { role: Role.Administrator }));
    const vendor = (await app.db.query<{ id: number }>(`SELECT id FROM vendors ORDER BY id LIMIT 1`))[0]!.id;
    const supplied = await commands.saveFromSupplier({ ...again, accommodations: [{ ...again.accommodations[0]!, payload: { booking: 'SUP-1' } }] }, vendor, { id: application.id });
    expect(supplied.data).toMatchObject({ accommodations: [{ payload: { booking: 'SUP-1' } }] });
    // A supplier sends no customer payments: they are the office's.
    await expect(commands.saveFromSupplier({ ...again, version: undefined, payments: [{ sum: 5, status: 2, is_online: false, date: null }] }, vendor, { id: application.id })).rejects.toMatchObject({ status: 403 });
  });

  it('markDocumentsNeeded sets the mark outside the version; an unknown application is a 404', async () => {
    const application = await created(form());
    await commands.markDocumentsNeeded(application.id);
    expect(await app.db.query(`SELECT need_generate_docs, version FROM applications WHERE id = $1`, [application.id])).toEqual([{ need_generate_docs: true, version: application.version }]);
    await expect(commands.markDocumentsNeeded(2_147_000_000)).rejects.toMatchObject({ status: 404 });
  });
});

const parseForm = (record: unknown) => applicationSchema.parse(record);
