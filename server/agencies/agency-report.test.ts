/**
 * The agencies' monthly report (spec 01 §2.4, §3, §6, §9): GET /api/agencies/applications/report
 * read back with exceljs — the agency's applications created in the month (Moscow time), cancelled
 * ones left out, money as rouble-formatted numbers with an exact totals row — its roles (1 and 2),
 * its 422s and its file name.
 */
import ExcelJS from 'exceljs';
import { expectPrintSetup, readWorkbook } from '../test/workbook.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../shared/messages.js';
import { AGENCY_REPORT_PATH, moscowMonth, ROUBLE_FORMAT } from '../../shared/resources/agency-report.js';
import { Role } from '../../shared/roles.js';
import { insertAgencyApplication, insertHotelGround, insertRequesters, type AgencyApplicationFixture } from '../test/application-fixtures.js';
import { startTestApp, type ApiClient, type TestApp } from '../test/test-app.js';

let app: TestApp;
let admin: ApiClient, accountant: ApiClient, manager: ApiClient;
let agencyId: number, otherAgencyId: number, hotelId: number, hotelName: string;

const V = MESSAGES.validation;
const url = (query: Record<string, unknown>) => `/api${AGENCY_REPORT_PATH}?${new URLSearchParams(Object.entries(query).map(([key, value]): [string, string] => [key, String(value)]))}`;

/** An application of the agency (unless said) with the stored totals and payments given. */
const application = (fixture: Omit<AgencyApplicationFixture, 'agencyId' | 'hotelId'> & { agency?: number; hotel?: boolean }) =>
  insertAgencyApplication(app.db, { ...fixture, agencyId: fixture.agency ?? agencyId, hotelId: fixture.hotel ? hotelId : undefined });

const workbookOf = async (body: Buffer) => {
  const workbook = await readWorkbook(body);
  return workbook.worksheets[0]!;
};
const rowValues = (sheet: ExcelJS.Worksheet, index: number) => (sheet.getRow(index).values as unknown[]).slice(1);

beforeAll(async () => {
  app = await startTestApp();
  const signedIn = await Promise.all([app.signInAs(Role.Administrator), app.signInAs(Role.Accountant), app.signInAs(Role.Manager)]);
  [admin, accountant, manager] = signedIn.map((entry) => entry.client) as [ApiClient, ApiClient, ApiClient];
  const requesters = await insertRequesters(app.db);
  agencyId = requesters.agencyId;
  otherAgencyId = requesters.fixedAgencyId;
  await app.db.query(`UPDATE agencies SET legal_name = 'ООО «Крым/Тур»' WHERE id = $1`, [agencyId]);
  const hotel = await insertHotelGround(app.db);
  hotelId = hotel.hotelId;
  [{ name: hotelName }] = await app.db.query<{ name: string }>('SELECT name FROM hotels WHERE id = $1', [hotelId]);
});
afterAll(async () => {
  await app?.close();
});

describe('the monthly report', () => {
  it('lists the month’s applications (Moscow time) without cancelled ones, with paid = paid − refunds, rouble formats and an exact totals row', async () => {
    const first = await application({
      createdAt: '2025-03-01T00:00:00+03:00', // the month's first instant in Moscow (still February in UTC)
      price: '10000.10',
      commission: '1000.01',
      toPay: '9000.09',
      payments: [[2, '5000.05'], [2, '1000.00'], [3, '500.00'], [1, '700.00']],
      tourists: [{ last_name: 'Иванов', first_name: 'Иван', patronymic: 'Иванович' }, { last_name: 'Петрова', first_name: 'Анна' }],
      hotel: true,
    });
    const second = await application({ createdAt: '2025-03-31T23:59:59+03:00', price: '0.20', commission: '0.10', toPay: '0.10', payments: [[2, '0.30']] });
    // Left out: cancelled, the months around it in Moscow time, another agency's.
    await application({ createdAt: '2025-03-10T12:00:00+03:00', status: 7, price: '777.00', commission: '0', toPay: '777.00' });
    await application({ createdAt: '2025-02-28T23:59:59+03:00', price: '111.00', commission: '0', toPay: '111.00' });
    await application({ createdAt: '2025-04-01T00:00:00+03:00', price: '222.00', commission: '0', toPay: '222.00' });
    await application({ agency: otherAgencyId, createdAt: '2025-03-15T12:00:00+03:00', price: '333.00', commission: '0', toPay: '333.00' });

    for (const client of [admin, accountant]) {
      const response = await client.getBytes(url({ agency_id: agencyId, year: 2025, month: '3' }));
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      const disposition = response.headers.get('content-disposition')!;
      expect(disposition).toContain(`filename*=UTF-8''${encodeURIComponent('Отчет ООО «Крым Тур» 03.2025.xlsx')}`);
      const sheet = await workbookOf(response.body);
      expect(rowValues(sheet, 1)).toEqual(['Номер заявки', 'Дата создания', 'Туристы', 'Продукт', 'Стоимость', 'Комиссия', 'К оплате', 'Оплачено', 'Остаток']);
      expect(sheet.actualRowCount).toBe(4);
      expect(rowValues(sheet, 2)).toEqual([first, new Date(Date.UTC(2025, 2, 1)), 'Иванов Иван Иванович, Петрова Анна', hotelName, 10000.1, 1000.01, 9000.09, 5500.05, 3500.04]);
      expect(rowValues(sheet, 3)).toEqual([second, new Date(Date.UTC(2025, 2, 31)), undefined, 'Авиа', 0.2, 0.1, 0.1, 0.3, -0.2]);
      // 0.1 + 0.2 in floats is 0.30000000000000004: the totals are summed exactly.
      expect(rowValues(sheet, 4)).toEqual(['Итого', undefined, undefined, undefined, 10000.3, 1000.11, 9000.19, 5500.35, 3499.84]);
      expect(sheet.getRow(4).getCell(5).font?.bold).toBe(true);
      for (let column = 5; column <= 9; column++) {
        for (const row of [2, 3, 4]) expect(sheet.getRow(row).getCell(column).numFmt).toBe(ROUBLE_FORMAT);
      }
      expect(sheet.getRow(2).getCell(2).numFmt).toBe('DD.MM.YYYY');
      expectPrintSetup(sheet);
    }
  });

  it('is an empty table with a zero totals row for a month without applications, this month by name in the file', async () => {
    const { year, month } = moscowMonth();
    const response = await accountant.getBytes(url({ agency_id: otherAgencyId, year, month }));
    expect(response.status).toBe(200);
    const [{ legal_name }] = await app.db.query<{ legal_name: string }>('SELECT legal_name FROM agencies WHERE id = $1', [otherAgencyId]);
    expect(response.headers.get('content-disposition')).toContain(encodeURIComponent(`Отчет ${legal_name} ${String(month).padStart(2, '0')}.${year}.xlsx`));
    const sheet = await workbookOf(response.body);
    expect(rowValues(sheet, 2)).toEqual(['Итого', undefined, undefined, undefined, 0, 0, 0, 0, 0]);
  });

  it('is refused to the manager with 403', async () => {
    const response = await manager.get(url({ agency_id: agencyId, year: 2025, month: 3 }));
    expect(response.status).toBe(403);
  });

  it('answers 422 naming the field for a bad year, month or agency', async () => {
    const thisYear = moscowMonth().year;
    const cases: [Record<string, unknown>, string, string][] = [
      [{ agency_id: agencyId, year: 2018, month: 3 }, 'year', V.min(2019)],
      [{ agency_id: agencyId, year: thisYear + 1, month: 3 }, 'year', V.max(thisYear)],
      [{ agency_id: agencyId, year: 'abc', month: 3 }, 'year', V.integer],
      [{ agency_id: agencyId, year: 2025, month: 0 }, 'month', V.min(1)],
      [{ agency_id: agencyId, year: 2025, month: 13 }, 'month', V.max(12)],
      [{ agency_id: agencyId, year: 2025, month: '1.5' }, 'month', V.integer],
      [{ agency_id: agencyId, year: 2025 }, 'month', V.required],
      [{ year: 2025, month: 3 }, 'agency_id', V.required],
      [{ agency_id: 'x', year: 2025, month: 3 }, 'agency_id', V.oneOf],
      [{ agency_id: 999999, year: 2025, month: 3 }, 'agency_id', V.oneOf],
    ];
    for (const [query, field, message] of cases) {
      const response = await admin.get(url(query));
      expect(response.status, JSON.stringify(query)).toBe(422);
      expect(response.body.errors[field], JSON.stringify(query)).toEqual([message]);
    }
  });
});
