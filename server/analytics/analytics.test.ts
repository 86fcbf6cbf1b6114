/**
 * Analytics (issue 29) on a real PostgreSQL against hand-computed answers over a seeded set in 2024
 * (the ground's own applications are of today): the totals — cancelled left out unless named, refunds
 * subtracted, the vendors' nets by column, an agency's commission by category —, every filter, the
 * creation period in Moscow days, the paged rows, the charts against last year, the dictionaries, the
 * managers' picker, the export read back with exceljs, and the roles.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANALYTICS_PATHS, type AnalyticsCharts, type AnalyticsData, type AnalyticsRow, type AnalyticsTotals } from '../../shared/analytics/analytics.js';
import type { Paged } from '../../shared/api.js';
import { MESSAGES } from '../../shared/messages.js';
import { ROUBLE_FORMAT } from '../../shared/resources/agency-report.js';
import { insertAgencyApplication, insertApplication } from '../test/application-fixtures.js';
import { startApplicationGround } from '../test/application-ground.js';
import type { ApiClient, TestApp } from '../test/test-app.js';
import { expectPrintSetup, readWorkbook } from '../test/workbook.js';

let app: TestApp;
let admin: ApiClient, accountant: ApiClient, manager: ApiClient;
const ids: Record<'client' | 'agency' | 'cancelled' | 'lastYear' | 'nextYear', number> = { client: 0, agency: 0, cancelled: 0, lastYear: 0, nextYear: 0 };
let vendorOne: number, vendorTwo: number, direction: number, city: number, agencyId: number, hotelId: number, managerId: number, inactiveUser: number, clientId: number;

const YEAR_2024 = 'date_from=2024-01-01&date_to=2024-12-31';
const get = async <T>(client: ApiClient, path: string, query: string) => {
  const response = await client.get<T>(`/api${path}?${query}`);
  return response;
};
const totals = async (query: string, client: ApiClient = admin) => {
  const response = await get<AnalyticsTotals>(client, ANALYTICS_PATHS.totals, query);
  expect(response.status, query).toBe(200);
  return response.body;
};
const page = async (query: string) => {
  const response = await get<Paged<AnalyticsRow>>(admin, ANALYTICS_PATHS.page, query);
  expect(response.status, query).toBe(200);
  return response.body;
};
const numbersOf = async (query: string) => (await page(`${YEAR_2024}&${query}`)).data.map((row) => row.id).sort((a, b) => a - b);

beforeAll(async () => {
  const ground = await startApplicationGround();
  ({ app, admin, accountant, manager } = ground);
  agencyId = ground.people.agencyId;
  hotelId = ground.hotel.hotelId;
  const one = async <T>(sql: string, params: unknown[] = []) => (await app.db.query<T>(sql, params))[0]!;
  vendorOne = (await one<{ id: number }>(`INSERT INTO vendors (name) VALUES ('Автобусы Юга') RETURNING id`)).id;
  vendorTwo = (await one<{ id: number }>(`INSERT INTO vendors (name) VALUES ('Гостиницы Кубани') RETURNING id`)).id;
  city = (await one<{ id: number }>(`INSERT INTO cities (name, slug, country_id) SELECT 'Аналитикград', 'analitikgrad', id FROM countries ORDER BY id LIMIT 1 RETURNING id`)).id;
  direction = (await one<{ id: number }>(`INSERT INTO directions (name) VALUES ('Юг') RETURNING id`)).id;
  await app.db.query(`INSERT INTO direction_cities (direction_id, city_id) VALUES ($1, $2)`, [direction, city]);
  managerId = (await one<{ id: number }>(`SELECT id FROM users WHERE role = 3 ORDER BY id LIMIT 1`)).id;
  inactiveUser = (await one<{ id: number }>(
    `INSERT INTO users (surname, name, email, password_hash, role, is_active) VALUES ('Уволенный', 'Аналитик', 'gone.analytics@example.com', 'x', 3, false) RETURNING id`,
  )).id;

  // A client's «Авиа» in March: 2 adults + 1 child, two tourists; paid 600, refunded 100, 50 pending; nets 500.25 (bus vendor) + 200 (no vendor).
  const client = await insertApplication(app.db, { tourists: [{ last_name: 'Петров', first_name: 'Пётр' }, { last_name: 'Петрова', first_name: 'Анна' }] });
  ids.client = client.id;
  clientId = (await one<{ client_id: number }>('SELECT client_id FROM applications WHERE id = $1', [client.id])).client_id;
  await app.db.query(
    `UPDATE applications SET created_at = '2024-03-10T12:00:00+03:00', status = 3, price_total = 1000.50, net_total = 700.25, discount = 10, price_without_discount = 1010.50,
            adult_count = 2, child_count = 1, city_id = $2, start_date = '2024-04-01', payment_status = 2 WHERE id = $1`,
    [client.id, city],
  );
  await app.db.query(`INSERT INTO payments (application_id, status, sum, date) VALUES ($1, 2, 600, '2024-03-11'), ($1, 3, 100, '2024-03-20'), ($1, 1, 50, '2024-03-21')`, [client.id]);
  await app.db.query(`INSERT INTO application_vendor_nets (application_id, vendor_id, category, net) VALUES ($1, $2, 'transport', 500.25), ($1, NULL, 'services_group', 200)`, [client.id, vendorOne]);
  await app.db.query(`INSERT INTO vendor_payments (application_id, vendor_id, sum) VALUES ($1, $2, 300)`, [client.id, vendorOne]);
  const [{ id: service }] = await app.db.query<{ id: number }>(`INSERT INTO tour_services (name, class, vendor_id) VALUES ('Экскурсия по аналитике', 2, $1) RETURNING id`, [vendorOne]);
  await app.db.query(`INSERT INTO application_services (application_id, kind, tour_service_id, count, price, price_total, total_after_discount) VALUES ($1, 'services', $2, 2, 100, 200, 200)`, [client.id, service]);

  // An agency's stay at the first Moscow instant of 2024 (still 2023 in UTC): commission 200 (150 stay + 50 transport), paid in full.
  await insertAgencyApplication(app.db, { agencyId, createdAt: '2024-01-01T00:00:00+03:00', status: 6, price: '2000.00', commission: '200.00', toPay: '1800.00', payments: [[2, '1800.00']], hotelId, source: 'web_site' });
  ids.agency = (await one<{ id: number }>('SELECT max(id) AS id FROM applications')).id;
  await app.db.query(`UPDATE applications SET net_total = 1500, adult_count = 1, user_id = $2, payment_method = 3, payment_status = 3 WHERE id = $1`, [ids.agency, managerId]);
  await app.db.query(
    `INSERT INTO application_category_totals (application_id, category, net, markup, price, discount, price_total, agency_commission)
     VALUES ($1, 'accommodation', 1000, 0, 1500, 0, 1500, 150), ($1, 'transport', 500, 0, 500, 0, 500, 50)`,
    [ids.agency],
  );
  await app.db.query(`INSERT INTO application_vendor_nets (application_id, vendor_id, category, net) VALUES ($1, $2, 'accommodation', 1500)`, [ids.agency, vendorTwo]);

  // Cancelled in May; one in June 2023 (last year's chart); one at the first Moscow instant of 2025 (2024 in UTC).
  await insertAgencyApplication(app.db, { agencyId, createdAt: '2024-05-05T12:00:00+03:00', status: 7, price: '999.00', commission: '0', toPay: '999.00' });
  ids.cancelled = (await one<{ id: number }>('SELECT max(id) AS id FROM applications')).id;
  await insertAgencyApplication(app.db, { agencyId, createdAt: '2023-06-15T12:00:00+03:00', price: '400.00', commission: '0', toPay: '400.00' });
  ids.lastYear = (await one<{ id: number }>('SELECT max(id) AS id FROM applications')).id;
  await app.db.query(`UPDATE applications SET net_total = 100, adult_count = 2 WHERE id = $1`, [ids.lastYear]);
  await insertAgencyApplication(app.db, { agencyId, createdAt: '2025-01-01T00:00:00+03:00', price: '5000.00', commission: '0', toPay: '5000.00' });
  ids.nextYear = (await one<{ id: number }>('SELECT max(id) AS id FROM applications')).id;
});
afterAll(() => app?.close());

describe('the totals', () => {
  it('sum the period’s applications (Moscow days), cancelled ones left out, refunds subtracted, nets by column — for every role', async () => {
    const expected: AnalyticsTotals = {
      applications_count: 2,
      price_total: 3000.5,
      proceeds: 600.25, // (1000.50 − 0 − 700.25) + (2000 − 200 − 1500)
      agency_commission: 200,
      vendors_payments: { total: 2200.25, accommodations: 1500, individual_services: 0, group_services: 200, transports: 500.25 },
      vendors_paid: 300,
      payments_sum: 2300, // 600 − 100 (the pending 50 counts nothing) + 1800
      people: { tourists: 2, total: 4, adult_count: 3, child_count: 1 },
      services_count: 1,
    };
    for (const client of [admin, accountant, manager]) expect(await totals(YEAR_2024, client)).toEqual(expected);
    // Only a to date: from 1 January of its year.
    expect((await totals('date_to=2024-12-31')).price_total).toBe(3000.5);
  });

  it('take the cancelled application in when the statuses name it, in every list form', async () => {
    for (const statuses of ['statuses_ids=3,7', 'statuses_ids[]=3&statuses_ids[]=7', 'status_ids=3&status_ids=7']) {
      const sums = await totals(`${YEAR_2024}&${statuses}`);
      expect(sums.applications_count, statuses).toBe(2);
      expect(sums.price_total, statuses).toBe(1999.5);
    }
  });

  it('answer 422 on the field for a bad filter', async () => {
    const product = await get<{ errors: Record<string, string[]> }>(admin, ANALYTICS_PATHS.totals, 'product_id=5');
    expect(product.status).toBe(422);
    expect(product.body.errors.product_id).toEqual([MESSAGES.analytics.productNeedsSubject]);
    const order = await get<{ errors: Record<string, string[]> }>(admin, ANALYTICS_PATHS.totals, 'date_from=2024-05-01&date_to=2024-04-01');
    expect(order.status).toBe(422);
    expect(order.body.errors.date_to).toEqual([MESSAGES.dates.order]);
    const status = await get<{ errors: Record<string, string[]> }>(admin, ANALYTICS_PATHS.totals, 'statuses_ids=9');
    expect(status.status).toBe(422);
    expect(Object.keys(status.body.errors)).toEqual(['statuses_ids']);
  });
});

describe('the filters', () => {
  it('narrow the rows and the totals alike, each key of spec 03 §7', async () => {
    const cases: [string, number[]][] = [
      [`vendor_id=${vendorOne}`, [ids.client]],
      [`vendor_id=${vendorTwo}`, [ids.agency]],
      [`agency_id=${agencyId}`, [ids.agency]],
      [`client_id=${clientId}`, [ids.client]],
      [`user_id=${managerId}`, [ids.agency]],
      [`direction_id=${direction}`, [ids.client]],
      [`city_id=${city}`, [ids.client]],
      ['source=none', [ids.client]],
      ['source=web_site', [ids.agency]],
      ['type=5', [ids.client]],
      ['subject_id=hotel', [ids.agency]],
      [`subject_id=hotel&product_id=${hotelId}`, [ids.agency]],
      [`subject_id=hotel&product_id=${hotelId + 100000}`, []],
      ['payment_status=2', [ids.client]],
      ['payment_method=3', [ids.agency]],
      ['start_date=01.04.2024', [ids.client]],
      ['statuses_ids=6', [ids.agency]],
      ['statuses_ids=7', [ids.cancelled]],
    ];
    for (const [query, expected] of cases) {
      expect(await numbersOf(query), query).toEqual(expected);
      expect((await totals(`${YEAR_2024}&${query}`)).applications_count, query).toBe(expected.length);
    }
  });
});

describe('the table', () => {
  it('pages the rows newest first (by creation), each with its items, commission and nets by column and its payments', async () => {
    const { data, count } = await page(YEAR_2024);
    expect(count).toBe(2);
    // Newest first by creation: the client's March application before the agency's of 1 January (made later, a larger id).
    expect(data.map((row) => row.id)).toEqual([ids.client, ids.agency]);
    const [client, agency] = data as [AnalyticsRow, AnalyticsRow];
    expect(client).toMatchObject({
      type_name: 'Авиа',
      status: 3,
      proceeds: 300.25,
      people: { tourists: 2, total: 3, adult_count: 2, child_count: 1 },
      price_total: 1000.5,
      discount: 10,
      price_without_discount: 1010.5,
      manual_price_without_discount: null,
      agency_commission: { agency_name: null, total: 0 },
      vendors_payments: { total: 700.25, transports: 500.25, group_services: 200, accommodations: 0, paid: 300 },
      payments: { total_payable_sum: 1000.5, paid: 500, data: [{ date: '2024-03-11', sum: 600 }, { date: '2024-03-20', sum: -100 }] },
    });
    expect(client.services).toEqual([{ name: 'Экскурсия по аналитике', vendor: 'Автобусы Юга', detail: '× 2', price: 200 }]);
    expect(agency.agency_commission).toMatchObject({ total: 200, accommodations: 150, transports: 50, services: 0 });
    expect(agency.requester).toBe(agency.agency_commission.agency_name);
    expect(agency.vendors_payments.accommodations).toBe(1500);
    // A second page of one row each.
    expect((await page(`${YEAR_2024}&limit=1&page=2`)).data.map((row) => row.id)).toEqual([ids.agency]);
    expect((await page(`${YEAR_2024}&orderBy=id`)).data.map((row) => row.id)).toEqual([ids.agency, ids.client]);
  });
});

describe('the charts', () => {
  it('give proceeds and people by Moscow month against last year, by direction and by source', async () => {
    const response = await get<AnalyticsCharts>(admin, ANALYTICS_PATHS.charts, YEAR_2024);
    expect(response.status).toBe(200);
    const { by_month, by_direction, by_source } = response.body;
    expect(by_month.map((month) => month.month)).toEqual(Array.from({ length: 12 }, (_, index) => `2024-${String(index + 1).padStart(2, '0')}`));
    expect(by_month[0]).toEqual({ month: '2024-01', proceeds: 300, people: 1, proceeds_last_year: 0, people_last_year: 0 });
    expect(by_month[2]).toMatchObject({ month: '2024-03', proceeds: 300.25, people: 3 });
    expect(by_month[5]).toMatchObject({ month: '2024-06', proceeds: 0, proceeds_last_year: 300, people_last_year: 2 }); // 400 − 0 − 100, a year before
    expect(by_direction).toEqual([{ id: direction, name: 'Юг', proceeds: 300.25 }]);
    expect(by_source).toEqual([
      { source: 'none', proceeds: 300.25 },
      { source: 'web_site', proceeds: 300 },
    ]);
  });
});

describe('the figures kept beside each application', () => {
  it('match what their rows hold, after the ground’s saves through the commands and the seeded writes — and follow a change', async () => {
    const drift = () =>
      app.db.query<{ id: number }>(
        `SELECT a.id FROM applications a JOIN application_figures f ON f.application_id = a.id
          WHERE f.tourists <> (SELECT count(*) FROM tourists x WHERE x.application_id = a.id)
             OR f.services <> (SELECT count(*) FROM application_services s WHERE s.application_id = a.id)
             OR f.paid <> application_paid(a.id)
             OR f.vendors_paid <> (SELECT coalesce(sum(v.sum), 0) FROM vendor_payments v WHERE v.application_id = a.id)
             OR f.net_transport <> (SELECT coalesce(sum(n.net), 0) FROM application_vendor_nets n WHERE n.application_id = a.id AND n.category = 'transport')
          UNION ALL SELECT a.id FROM applications a WHERE NOT EXISTS (SELECT 1 FROM application_figures f WHERE f.application_id = a.id)`,
      );
    expect(await drift()).toEqual([]);
    await app.db.query(`UPDATE payments SET status = 3 WHERE application_id = $1 AND status = 1`, [ids.client]); // the pending 50 becomes a refund
    await app.db.query(`DELETE FROM tourists WHERE application_id = $1 AND last_name = 'Петрова'`, [ids.client]);
    expect(await drift()).toEqual([]);
    expect(await totals(`${YEAR_2024}&type=5`)).toMatchObject({ payments_sum: 450, people: { tourists: 1 } });
    await app.db.query(`INSERT INTO payments (application_id, status, sum) VALUES ($1, 1, 50)`, [ids.client]);
    await app.db.query(`UPDATE payments SET status = 1 WHERE id = (SELECT max(id) FROM payments WHERE application_id = $1 AND status = 3 AND sum = 50)`, [ids.client]);
    await app.db.query(`INSERT INTO tourists (application_id, last_name, first_name, document, document_number, citizenship, gender) VALUES ($1, 'Петрова', 'Анна', 1, '4510123456', 1, 2)`, [ids.client]);
  });
});

describe('the dictionaries and the managers’ picker', () => {
  it('answer the chosen rows’ names and every member of staff, switched off ones too, to a manager', async () => {
    const data = await get<AnalyticsData>(manager, ANALYTICS_PATHS.data, `client_id=${clientId}&vendor_id=${vendorOne}&subject_id=hotel&product_id=${hotelId}&user_id=${inactiveUser}`);
    expect(data.status).toBe(200);
    expect(data.body.clients.map((row) => row.id)).toEqual([clientId]);
    expect(data.body.vendors).toEqual([{ id: vendorOne, name: 'Автобусы Юга' }]);
    expect(data.body.products.map((row) => row.id)).toEqual([hotelId]);
    expect(data.body.users).toEqual([{ id: inactiveUser, name: expect.stringContaining('Уволенный') }]);
    expect(data.body.directions).toContainEqual({ id: direction, name: 'Юг' });
    expect(data.body.statuses).toHaveLength(7);
    const users = await manager.get<{ data: { id: number; name: string }[] }>('/api/analytics/users/list?query=уволен');
    expect(users.status).toBe(200);
    expect(users.body.data.map((row) => row.id)).toEqual([inactiveUser]);
  });
});

describe('the export', () => {
  it('streams the chosen rows with typed cells, an exact totals row and the print setup, named by its period', async () => {
    const response = await accountant.getBytes(`/api${ANALYTICS_PATHS.export}?${YEAR_2024}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toContain(`filename*=UTF-8''${encodeURIComponent('Аналитика 01.01.2024–31.12.2024.xlsx')}`);
    const sheet = (await readWorkbook(response.body)).worksheets[0]!;
    expect(sheet.name).toBe(MESSAGES.analytics.sheet);
    expectPrintSetup(sheet);
    expect(sheet.actualRowCount).toBe(4); // header, two rows, totals
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const column = (title: string) => header.indexOf(title) + 1;
    const priceColumn = column(MESSAGES.analytics.columns.priceTotal);
    expect(sheet.getRow(2).getCell(priceColumn).value).toBe(1000.5);
    expect(sheet.getRow(2).getCell(priceColumn).numFmt).toBe(ROUBLE_FORMAT);
    expect(sheet.getRow(2).getCell(column(MESSAGES.analytics.columns.createdAt)).value).toEqual(new Date('2024-03-10T00:00:00Z'));
    expect(sheet.getRow(3).getCell(column(MESSAGES.analytics.columns.createdAt)).value).toEqual(new Date('2024-01-01T00:00:00Z'));
    expect(sheet.getRow(4).getCell(priceColumn).value).toBe(3000.5);
    expect(sheet.getRow(4).getCell(column(MESSAGES.analytics.columns.proceeds)).value).toBe(600.25);
    expect(sheet.getRow(4).font?.bold).toBe(true);
  });
});
