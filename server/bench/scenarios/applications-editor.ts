/**
 * The application editor (issue 18) on a big application: 4 accommodations each over 3 price periods,
 * 2 transport items (there and back, 8 seats each) and 10 service lines, for an agency. Measured:
 * `POST /api/applications/{id}/calc-totals` changing the discount, at one and at eight clients (HTTP
 * p95, the database's p95, the server's CPU per call; target p95 < 30 ms at one client, the editor
 * calling it 500 ms after a change; eight clients show the cost under load), the p95 of saving it and a
 * small one (1 accommodation) unchanged, and the SQL statements one save sends for each, beside an
 * application with one row of every kind the big one has many of: the same number for that one and the
 * big one (the loader reads one statement per table, the rows and seats are written in bulk).
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { toPayloadBody } from '../../../shared/editor.js';
import { createHotelHandbooks, hotelPayload } from '../../test/hotel-fixtures.js';
import { insertCities, insertTransport, insertTransportation, type Sql } from '../../test/transport-fixtures.js';
import { percentile, type BenchContext, type BenchRow, type BenchScenario } from '../context.js';
import { logDurations, statementsOf } from '../db-time.js';
import { BENCH_ID_HEADER } from '../load.js';

const TARGET_MS = 30;
const SAVES = 50;
const WARMUP = 10;
/** The hotel fixture's three periods: 2027-01-01…10, 11…20, 21…30; a stay of 24 nights crosses all three. */
const STAY = { start_at: '2027-01-04', finish_at: '2027-01-28' };
const EVERY_DAY = [1, 2, 3, 4, 5, 6, 7];

type Form = Record<string, unknown>;

/** The ground: a hotel of 4 rooms × 3 periods selling 10 services, a bus line there and one back with fares and markups, an agency. */
async function ground(context: BenchContext) {
  const { sql, admin: http } = context;
  const db: Sql = { query: async <Row>(text: string, params?: unknown[]) => (await sql.query(text, params)).rows as Row[] };
  const handbooks = await createHotelHandbooks(db.query, 'Заявки');
  const services = [handbooks.serviceId];
  for (let index = 1; index < 10; index++) services.push((await db.query<{ id: number }>(`INSERT INTO hotel_services (name) VALUES ($1) RETURNING id`, [`Услуга заявок ${index}`]))[0]!.id);
  const hotel = { ...hotelPayload(handbooks, 'Отель заявок', { rooms: 4, periodsPerRoom: 3 }), services: services.map((id, index) => ({ id, sum: 300 + index * 50 })) };
  const created = await http.post('/api/hotels', toPayloadBody(hotel));
  if (created.status !== 201) throw new Error(`POST /api/hotels: ${created.status} ${JSON.stringify(created.body).slice(0, 300)}`);
  const hotelId = created.body.data.id as number;
  const rooms = ((await http.get(`/api/hotels/${hotelId}`)).body.data.rooms as { id: number }[]).map((room) => room.id);

  const [from, via] = await insertCities(db, ['Москва (заявки)', 'Воронеж (заявки)']);
  const bus = await insertTransportation(db);
  const line = async (cities: number[]) => {
    const id = await insertTransport(db, { transportationId: bus, cities, startDate: '2026-01-01', finishDate: '2031-12-31', days: EVERY_DAY });
    await db.query(`UPDATE transports SET adult_price = 5000, child_price = 3500 WHERE id = $1`, [id]);
    await db.query(`UPDATE transport_tariffs SET tariff = 1500 * (to_position - from_position) WHERE transport_id = $1`, [id]);
    await db.query(`UPDATE transport_days SET commission_type = 1, commission_sum = 300 WHERE transport_id = $1`, [id]);
    const points = await db.query<{ id: number }>(`SELECT id FROM transport_route_points WHERE transport_id = $1 ORDER BY position`, [id]);
    return { id, from: points[0]!.id, to: points.at(-1)!.id };
  };
  const forth = await line([from!, via!, handbooks.cityId]);
  const back = await line([handbooks.cityId, via!, from!]);
  const [agency] = await db.query<{ id: number }>(`SELECT id FROM agencies ORDER BY id LIMIT 1`);
  const [client] = await db.query<{ id: number }>(`SELECT id FROM clients ORDER BY id LIMIT 1`);
  const requester = agency ? { requester_type: 'agency', requester_id: agency.id } : { requester_type: 'client', requester_id: client!.id };
  return { hotelId, rooms, services, forth, back, requester, mealId: handbooks.mealIds[0] };
}

const tourist = (index: number) => ({ last_name: 'Иванов', first_name: `Турист ${index + 1}`, birthday_date: '1985-05-20', document_number: `4510 ${String(100000 + index)}` });

function bigForm(g: Awaited<ReturnType<typeof ground>>): Form {
  const people = g.rooms.length * 2;
  const seats = Array.from({ length: people }, (_, index) => ({ number: index + 1, tourist_index: index }));
  return {
    application_type: 1,
    applicationable_id: g.hotelId,
    ...g.requester,
    phone: '+79161234567',
    adult_count: people,
    accommodations: g.rooms.map((room) => ({ hotel_id: g.hotelId, room_id: room, ...STAY, meal_id: g.mealId, adult_count: 2 })),
    transport_forth: { transport_id: g.forth.id, departure_date: '2027-01-03', from_route_id: g.forth.from, to_route_id: g.forth.to },
    transport_back: { transport_id: g.back.id, departure_date: STAY.finish_at, from_route_id: g.back.from, to_route_id: g.back.to },
    seats_forth: seats,
    seats_back: seats,
    services: g.services.slice(0, 4).map((id, index) => ({ serviceable_id: id, count: index + 1 })),
    required_services: g.services.slice(4, 7).map((id) => ({ serviceable_id: id, count: people })),
    additional_services: g.services.slice(7).map((id) => ({ serviceable_id: id, count: 2 })),
    tourists: Array.from({ length: people }, (_, index) => tourist(index)),
  };
}

function smallForm(g: Awaited<ReturnType<typeof ground>>): Form {
  return {
    application_type: 1,
    applicationable_id: g.hotelId,
    ...g.requester,
    phone: '+79161234568',
    adult_count: 2,
    accommodations: [{ hotel_id: g.hotelId, room_id: g.rooms[0], start_at: '2027-01-05', finish_at: '2027-01-08', adult_count: 2 }],
    tourists: [tourist(0), tourist(1)],
  };
}

/** One row of every kind the big one has many of: its save should send as many statements as the big one's. */
function oneOfEachForm(g: Awaited<ReturnType<typeof ground>>): Form {
  const form = bigForm(g);
  return {
    ...form,
    phone: '+79161234569',
    adult_count: 1,
    accommodations: [{ hotel_id: g.hotelId, room_id: g.rooms[1], ...STAY, meal_id: g.mealId, adult_count: 1 }],
    seats_forth: [{ number: 20, tourist_index: 0 }],
    seats_back: [{ number: 20, tourist_index: 0 }],
    services: [{ serviceable_id: g.services[0], count: 1 }],
    required_services: [{ serviceable_id: g.services[4], count: 1 }],
    additional_services: [{ serviceable_id: g.services[7], count: 1 }],
    tourists: [tourist(0)],
  };
}

export const applicationsEditorScenario: BenchScenario = {
  name: 'applications-editor',
  stage: 'full',
  async run(context) {
    const { admin: http, sql, sizes, log, measure } = context;
    const g = await ground(context);
    const create = async (form: Form) => {
      const response = await http.post('/api/applications', toPayloadBody(form));
      if (response.status !== 201) throw new Error(`POST /api/applications: ${response.status} ${JSON.stringify(response.body).slice(0, 500)}`);
      return response.body.data as { id: number; totals: { price_without_discount: number; max_discount: number; price_total: number } };
    };
    const big = await create(bigForm(g));
    const small = await create(smallForm(g));
    const single = await create(oneOfEachForm(g));
    const opened = (await http.get(`/api/applications/${big.id}`)).body.data;
    log(`  applications-editor: an application of 4 accommodations × 3 price periods, 2 transport items, 10 service lines: ${JSON.stringify(opened.totals)}`);

    // calc-totals with the discount changing on every call (within the engine's cap).
    const cap = Number(opened.totals?.max_discount ?? 0);
    const bodies = [0, 100, 250, 500, 1000].filter((discount) => discount <= cap).map((discount) => ({ discount }));
    const calc = await measure(
      'applications: calc-totals (4 stays, 2 rides, 10 services)',
      [`/api/applications/${big.id}/calc-totals`],
      { p95AtOne: TARGET_MS, p95AtEight: TARGET_MS },
      { method: 'POST', bodies: bodies.length > 0 ? bodies : [{ discount: 0 }] },
    );

    // Saves of each, unchanged: the editor sends back what it read with the version the previous save answered.
    const saves = async (id: number) => {
      let current = (await http.get(`/api/applications/${id}`)).body.data;
      const durations: number[] = [];
      for (let index = 0; index < WARMUP + Math.min(sizes.requests, SAVES); index++) {
        const started = performance.now();
        const response = await http.put(`/api/applications/${id}`, toPayloadBody(current));
        if (response.status !== 200) throw new Error(`PUT /api/applications/${id}: ${response.status} ${JSON.stringify(response.body).slice(0, 500)}`);
        if (index >= WARMUP) durations.push(performance.now() - started);
        current = response.body.data;
      }
      return { p50: percentile(durations, 50), p95: percentile(durations, 95) };
    };
    const bigSave = await saves(big.id);
    const smallSave = await saves(small.id);

    // Statements of one request, as the server sent them (recorded per request, db-time.ts).
    const counted = async (send: (headers: Record<string, string>) => Promise<{ status: number }>) => {
      const request = `applications-${Date.now()}-${Math.random()}`;
      await logDurations(sql, true);
      try {
        const response = await send({ [BENCH_ID_HEADER]: request });
        if (response.status !== 200) throw new Error(`applications-editor: answered ${response.status}`);
      } finally {
        await logDurations(sql, false);
      }
      return statementsOf(request).length;
    };
    const statements = async (id: number) => {
      const record = (await http.get(`/api/applications/${id}`)).body.data;
      return counted((headers) => http.put(`/api/applications/${id}`, toPayloadBody(record), { headers }));
    };
    const [few, one, many] = [await statements(small.id), await statements(single.id), await statements(big.id)];
    const calcStatements = await counted((headers) => http.post(`/api/applications/${big.id}/calc-totals`, { discount: 0 }, { headers }));

    // The target is the editor's: one user's call 500 ms after a change. Eight at once on a small
    // machine queue for its CPUs (about 8 × the CPU per call ÷ the CPUs): reported, not judged.
    const cpus = os.cpus().length;
    const rows: BenchRow[] = [
      ...calc.map((row) =>
        row.clients === 1 ? row : { ...row, target: 'informative', met: null, note: `8 clients on ${cpus} CPU(s): queueing for the CPU` },
      ),
      { scenario: 'applications: save, 1 accommodation (PUT)', clients: 1, p50: smallSave.p50, p95: smallSave.p95, target: 'informative', met: null },
      { scenario: 'applications: save, 4 stays, 2 rides, 10 services (PUT)', clients: 1, p50: bigSave.p50, p95: bigSave.p95, target: 'informative', met: null },
      {
        scenario: 'applications: SQL statements of one save',
        target: 'same for 1 and many rows',
        met: one === many,
        note: `1 accommodation: ${few}; one row of each kind (1 stay, 2 rides, 3 services, 2 seats): ${one}; 4 stays, 2 rides, 10 services, 16 seats: ${many}`,
      },
      { scenario: 'applications: SQL statements of one calc-totals', target: 'informative', met: null, note: `the big one: ${calcStatements}` },
    ];
    return rows;
  },
};
