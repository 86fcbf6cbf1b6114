/**
 * The analytics' agency report (spec 03 §2.12, §5, §7 "Analytics"; issue 29): GET /api/analytics/agency-report
 * read back with exceljs — two agencies by name, each application of the period (Moscow time) with its
 * employee, paid = paid − refunds, bold subtotals per agency (and per employee with by_employees), an
 * exact grand total, rouble formats and the print setup; the filters in their list forms; the 422s.
 */
import type ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANALYTICS_AGENCY_REPORT_PATH } from '../../../shared/analytics/agency-report.js';
import { typedDate } from '../../../shared/dates.js';
import { MESSAGES } from '../../../shared/messages.js';
import { ROUBLE_FORMAT } from '../../../shared/resources/agency-report.js';
import { startApplicationGround } from '../../test/application-ground.js';
import { insertAgencyApplication, insertApplication, type AgencyApplicationFixture } from '../../test/application-fixtures.js';
import type { ApiClient, TestApp } from '../../test/test-app.js';
import { expectPrintSetup, readWorkbook } from '../../test/workbook.js';
import { officeToday } from '../../../shared/calendar.js';

const A = MESSAGES.analyticsAgencyReport;
const V = MESSAGES.validation;
let app: TestApp;
let admin: ApiClient, accountant: ApiClient, manager: ApiClient;
let alpha: number, beta: number, hotelName: string, sidorov: string;
const numbers: Record<string, string> = {};

const url = (query: string) => `/api${ANALYTICS_AGENCY_REPORT_PATH}?${query}`;
const values = (sheet: ExcelJS.Worksheet, row: number) => (sheet.getRow(row).values as unknown[]).slice(1);
const day = (iso: string) => new Date(`${iso}T00:00:00Z`);
/** The sheet's rows after the header, each as its values. */
async function report(client: ApiClient, query: string) {
  const response = await client.getBytes(url(query));
  expect(response.status, query).toBe(200);
  const sheet = (await readWorkbook(response.body)).worksheets[0]!;
  return { response, sheet, rows: Array.from({ length: sheet.actualRowCount - 1 }, (_, index) => values(sheet, index + 2)) };
}
/** A bold subtotal or totals row: the agency (or «Итого»), the label, the employee and the five sums. */
const subtotal = (agency: string | undefined, label: string | undefined, employee: string | undefined, sums: number[]) => [agency, label, undefined, employee, undefined, undefined, ...sums];
/** The numbers of the application rows (column 2 of rows with a date). */
const applicationNumbers = (rows: unknown[][]) => rows.filter((row) => row[2] instanceof Date).map((row) => row[1]);

beforeAll(async () => {
  const ground = await startApplicationGround();
  ({ app, admin, accountant, manager } = ground);
  beta = ground.people.agencyId;
  alpha = ground.people.fixedAgencyId;
  sidorov = ground.people.agencyUserName;
  // Named so that the order by name is not the order by id.
  await app.db.query(`UPDATE agencies SET legal_name = CASE id WHEN $1 THEN 'Бета' ELSE 'Альфа' END WHERE id IN ($1, $2)`, [beta, alpha]);
  const [{ id: abramov }] = await app.db.query<{ id: number }>(`INSERT INTO agency_users (agency_id, full_name) VALUES ($1, 'Абрамов Иван') RETURNING id`, [beta]);
  [{ name: hotelName }] = await app.db.query<{ name: string }>('SELECT name FROM hotels WHERE id = $1', [ground.hotel.hotelId]);
  const add = async (name: string, fixture: Omit<AgencyApplicationFixture, 'agencyId'> & { agencyId?: number }) => {
    numbers[name] = await insertAgencyApplication(app.db, { agencyId: beta, ...fixture });
  };
  await add('b1', {
    agencyUserId: ground.people.agencyUserId,
    createdAt: '2025-01-01T00:00:00+03:00', // the year's first instant in Moscow (still 2024 in UTC)
    price: '10000.10',
    commission: '1000.01',
    toPay: '9000.09',
    payments: [[2, '5000.05'], [3, '500.00'], [1, '700.00']], // paid, a refund, a pending one
    tourists: [{ last_name: 'Иванов', first_name: 'Иван', patronymic: 'Иванович' }],
    hotelId: ground.hotel.hotelId,
    source: 'web_site',
  });
  await add('b2', { agencyUserId: abramov, createdAt: '2025-06-15T12:00:00+03:00', price: '0.20', commission: '0.10', toPay: '0.10', payments: [[2, '0.30']] });
  await add('b3', { createdAt: '2025-12-31T23:59:59+03:00', price: '0.10', commission: '0', toPay: '0.10', source: 'mobile_application' });
  await add('cancelled', { createdAt: '2025-03-10T12:00:00+03:00', status: 7, price: '777.00', commission: '0', toPay: '777.00' });
  await add('before', { createdAt: '2024-12-31T23:59:59+03:00', price: '111.00', commission: '0', toPay: '111.00' });
  await add('after', { createdAt: '2026-01-01T00:00:00+03:00', price: '222.00', commission: '0', toPay: '222.00' });
  await add('a1', { agencyId: alpha, createdAt: '2025-05-05T10:00:00+03:00', status: 6, price: '300.00', commission: '0', toPay: '300.00', payments: [[2, '300.00']], source: 'web_site' });
  // A client's application of the period: no agency, not in the report.
  const client = await insertApplication(app.db);
  await app.db.query(`UPDATE applications SET created_at = '2025-05-01T12:00:00+03:00', price_total = 999 WHERE id = $1`, [client.id]);
});
afterAll(async () => {
  await app?.close();
});

describe('the agency report', () => {
  it('lists per agency (by name) its applications of the period with a bold subtotal, cancelled ones left out, and an exact grand total', async () => {
    for (const client of [admin, accountant, manager]) {
      const { response, sheet, rows } = await report(client, 'date_from=2025-01-01&date_to=31.12.2025');
      expect(response.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      expect(response.headers.get('content-disposition')).toContain(`filename*=UTF-8''${encodeURIComponent('Отчет по агентствам 01.01.2025–31.12.2025.xlsx')}`);
      expect(sheet.name).toBe(A.sheet);
      expect(values(sheet, 1)).toEqual(['Агентство', 'Номер заявки', 'Дата создания', 'Сотрудник агентства', 'Туристы', 'Продукт', 'Стоимость', 'Комиссия', 'К оплате', 'Оплачено', 'Остаток']);
      expect(rows).toEqual([
        ['Альфа', numbers.a1, day('2025-05-05'), undefined, undefined, 'Авиа', 300, 0, 300, 300, 0],
        subtotal('Альфа', A.agencyTotals, undefined, [300, 0, 300, 300, 0]),
        ['Бета', numbers.b1, day('2025-01-01'), sidorov, 'Иванов Иван Иванович', hotelName, 10000.1, 1000.01, 9000.09, 4500.05, 4500.04],
        ['Бета', numbers.b2, day('2025-06-15'), 'Абрамов Иван', undefined, 'Авиа', 0.2, 0.1, 0.1, 0.3, -0.2],
        ['Бета', numbers.b3, day('2025-12-31'), undefined, undefined, 'Авиа', 0.1, 0, 0.1, 0, 0.1],
        // 0.1 + 0.2 in floats is 0.30000000000000004: subtotals and the grand total are exact.
        subtotal('Бета', A.agencyTotals, undefined, [10000.4, 1000.11, 9000.29, 4500.35, 4499.94]),
        subtotal(A.totals, undefined, undefined, [10300.4, 1000.11, 9300.29, 4800.35, 4499.94]),
      ]);
      for (const [row, bold] of [[2, false], [3, true], [6, false], [7, true], [8, true]] as const) {
        expect(Boolean(sheet.getRow(row).getCell(1).font?.bold), `row ${row}`).toBe(bold);
        expect(Boolean(sheet.getRow(row).getCell(7).font?.bold), `row ${row}`).toBe(bold);
        for (let column = 7; column <= 11; column++) expect(sheet.getRow(row).getCell(column).numFmt).toBe(ROUBLE_FORMAT);
      }
      expect(sheet.getRow(2).getCell(3).numFmt).toBe('DD.MM.YYYY');
      expectPrintSetup(sheet);
    }
  });

  it('with by_employees adds a subtotal per agency employee (by name, none last) before the agency’s', async () => {
    for (const flag of ['1', 'true']) {
      const { sheet, rows } = await report(admin, `date_from=2025-01-01&date_to=2025-12-31&by_employees=${flag}`);
      expect(rows).toEqual([
        ['Альфа', numbers.a1, day('2025-05-05'), undefined, undefined, 'Авиа', 300, 0, 300, 300, 0],
        subtotal('Альфа', A.employeeTotals, A.noEmployee, [300, 0, 300, 300, 0]),
        subtotal('Альфа', A.agencyTotals, undefined, [300, 0, 300, 300, 0]),
        ['Бета', numbers.b2, day('2025-06-15'), 'Абрамов Иван', undefined, 'Авиа', 0.2, 0.1, 0.1, 0.3, -0.2],
        subtotal('Бета', A.employeeTotals, 'Абрамов Иван', [0.2, 0.1, 0.1, 0.3, -0.2]),
        ['Бета', numbers.b1, day('2025-01-01'), sidorov, 'Иванов Иван Иванович', hotelName, 10000.1, 1000.01, 9000.09, 4500.05, 4500.04],
        subtotal('Бета', A.employeeTotals, sidorov, [10000.1, 1000.01, 9000.09, 4500.05, 4500.04]),
        ['Бета', numbers.b3, day('2025-12-31'), undefined, undefined, 'Авиа', 0.1, 0, 0.1, 0, 0.1],
        subtotal('Бета', A.employeeTotals, A.noEmployee, [0.1, 0, 0.1, 0, 0.1]),
        subtotal('Бета', A.agencyTotals, undefined, [10000.4, 1000.11, 9000.29, 4500.35, 4499.94]),
        subtotal(A.totals, undefined, undefined, [10300.4, 1000.11, 9300.29, 4800.35, 4499.94]),
      ]);
      for (const row of [3, 4, 6, 8, 10, 11, 12]) expect(sheet.getRow(row).getCell(2).font?.bold, `row ${row}`).toBe(true);
      expect(Boolean(sheet.getRow(5).getCell(2).font?.bold)).toBe(false);
    }
  });

  it('reads the statuses in every list form (cancelled only when named), product types and sources', async () => {
    const period = 'date_from=2025-01-01&date_to=2025-12-31';
    const cases: [string, string[]][] = [
      ['status_ids=7', ['cancelled']],
      ['status_ids[]=6&status_ids[]=7', ['a1', 'cancelled']],
      ['statuses_ids=6,7', ['a1', 'cancelled']],
      ['status_ids=6&statuses_ids[]=7', ['a1', 'cancelled']],
      ['product_types=1', ['b1']],
      ['product_types[]=5&product_types[]=1', ['a1', 'b1', 'b2', 'b3']],
      ['sources=none', ['b2']],
      ['sources=web_site,none', ['a1', 'b1', 'b2']],
      ['sources[]=mobile_application', ['b3']],
    ];
    for (const [filter, expected] of cases) {
      const { rows } = await report(admin, `${period}&${filter}`);
      expect(applicationNumbers(rows), filter).toEqual(expected.map((name) => numbers[name]));
    }
    const { rows } = await report(admin, `${period}&status_ids=7`);
    expect(rows.at(-1)).toEqual(subtotal(A.totals, undefined, undefined, [777, 0, 777, 0, 777]));
  });

  it('takes one end of the period: only the to date from 1 January of its year, only the from date to today (Moscow)', async () => {
    const untilJune = await report(admin, 'date_to=2025-06-30');
    expect(untilJune.response.headers.get('content-disposition')).toContain(encodeURIComponent('Отчет по агентствам 01.01.2025–30.06.2025.xlsx'));
    expect(applicationNumbers(untilJune.rows)).toEqual(['a1', 'b1', 'b2'].map((name) => numbers[name]));
    const fromDecember = await report(admin, 'date_from=2025-12-31');
    expect(fromDecember.response.headers.get('content-disposition')).toContain(encodeURIComponent(`Отчет по агентствам 31.12.2025–${typedDate(officeToday())}.xlsx`));
    expect(applicationNumbers(fromDecember.rows)).toEqual(['b3', 'after'].map((name) => numbers[name]));
  });

  it('is a header and a zero totals row when nothing matches', async () => {
    const { rows } = await report(manager, 'date_from=2020-01-01&date_to=2020-12-31');
    expect(rows).toEqual([subtotal(A.totals, undefined, undefined, [0, 0, 0, 0, 0])]);
  });

  it('answers 422 naming the field: no date at all, to before from, bad values', async () => {
    const cases: [string, Record<string, string[]>][] = [
      ['', { date_from: [A.datesRequired], date_to: [A.datesRequired] }],
      ['date_from=&date_to=&by_employees=1', { date_from: [A.datesRequired], date_to: [A.datesRequired] }],
      ['date_from=2025-02-01&date_to=2025-01-31', { date_to: [MESSAGES.dates.order] }],
      ['date_from=2025-02-30', { date_from: [MESSAGES.dates.format] }],
      ['date_from=2025-01-01&status_ids=1,8', { status_ids: [V.max(7)] }],
      ['date_from=2025-01-01&statuses_ids[]=x', { status_ids: [V.integer] }],
      ['date_from=2025-01-01&product_types=0', { product_types: [V.min(1)] }],
      ['date_from=2025-01-01&sources=fax', { sources: [V.oneOf] }],
      ['date_from=2025-01-01&by_employees=maybe', { by_employees: [V.oneOf] }],
    ];
    for (const [query, errors] of cases) {
      const response = await accountant.get(url(query));
      expect(response.status, query).toBe(422);
      expect(response.body.errors, query).toEqual(errors);
    }
  });
});
