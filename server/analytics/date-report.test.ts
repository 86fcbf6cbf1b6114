/**
 * The analytics' date report (spec 03 §2.12, §7, §9): GET /api/analytics/date-report read back with
 * exceljs — the applications starting that day, one row per tourist with the bus, the seat and the
 * contacts, cancelled ones and other days left out, sorted by bus and seat — its file name, its print
 * setup, its 422s on start_date and its roles (all three).
 */
import type ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATE_REPORT_PATH } from '../../shared/analytics/date-report.js';
import { MESSAGES } from '../../shared/messages.js';
import { insertApplication, insertBusGround, insertTransportItem, nextWeekday, type BusGround } from '../test/application-fixtures.js';
import { startApplicationGround, type ApplicationGround } from '../test/application-ground.js';
import { expectPrintSetup, readWorkbook } from '../test/workbook.js';

let ground: ApplicationGround;
let bus: BusGround;
// A Friday, the bus's departure day.
const DAY = nextWeekday('2027-06-01', 5);
const [YEAR, MONTH, DATE] = DAY.split('-');
const TYPED = `${DATE}.${MONTH}.${YEAR}`;
const url = (query: string) => `/api${DATE_REPORT_PATH}${query}`;

/** The 14 cells of a row, empty ones as null. */
const cells = (sheet: ExcelJS.Worksheet, row: number) => Array.from({ length: 14 }, (_, index) => sheet.getRow(row).getCell(index + 1).value ?? null);

let busApplication: string, agencyApplication: string, busName: string, route: string, hotelName: string;

beforeAll(async () => {
  ground = await startApplicationGround();
  const { app, hotel, people } = ground;
  bus = await insertBusGround(app.db);
  [{ name: busName }] = await app.db.query<{ name: string }>('SELECT name FROM transports WHERE id = $1', [bus.transportId]);
  const cities = await app.db.query<{ name: string }>('SELECT name FROM cities WHERE id = ANY($1) ORDER BY array_position($1, id)', [[bus.cityIds[0], bus.cityIds[2]]]);
  route = `${cities[0]!.name} → ${cities[1]!.name}`;
  [{ name: hotelName }] = await app.db.query<{ name: string }>('SELECT name FROM hotels WHERE id = $1', [hotel.hotelId]);

  // A client's bus tour with two tourists: the second has seat 5, the first none yet; a stay and contacts.
  const onBus = await insertApplication(app.db, {
    transportId: bus.transportId,
    email: 'ivanov@example.ru',
    tourists: [
      { last_name: 'Иванов', first_name: 'Иван', patronymic: 'Иванович', birthday_date: '1980-05-04' },
      { last_name: 'Петрова', first_name: 'Анна', birthday_date: '2015-01-02' },
    ],
  });
  busApplication = onBus.number;
  await app.db.query(`UPDATE applications SET start_date = $2, status = 2, phone = '+79001112233', attendant_phone = '+79004445566', comment = 'Встретить у вокзала' WHERE id = $1`, [onBus.id, DAY]);
  await insertTransportItem(app.db, { applicationId: onBus.id, transportId: bus.transportId, date: DAY, from: 0, to: 2 });
  await app.db.query(
    `INSERT INTO seat_bookings (transport_id, departure_date, number, from_position, to_position, application_id, tourist_id, leg) VALUES ($1, $2, 5, 0, 2, $3, $4, 'forth')`,
    [bus.transportId, DAY, onBus.id, onBus.tourists[1]],
  );
  await app.db.query(`INSERT INTO application_accommodations (application_id, hotel_id, room_id, start_at, finish_at, adult_count) VALUES ($1, $2, $3, '2027-06-05', '2027-06-09', 1)`, [
    onBus.id,
    hotel.hotelId,
    hotel.roomId,
  ]);

  // An agency's «Авиа» application with one tourist and no bus: the agency employee's phone is its contact.
  const byAgency = await insertApplication(app.db, { tourists: [{ last_name: 'Сидоров', first_name: 'Пётр' }] });
  agencyApplication = byAgency.number;
  await app.db.query(`UPDATE agency_users SET phone = '+79007778899' WHERE id = $1`, [people.agencyUserId]);
  await app.db.query(`UPDATE applications SET client_id = NULL, agency_id = $2, agency_user_id = $3, start_date = $4 WHERE id = $1`, [byAgency.id, people.agencyId, people.agencyUserId, DAY]);

  // Left out: another day's, and a cancelled one of that day.
  const otherDay = await insertApplication(app.db, { tourists: [{ last_name: 'Другойдень', first_name: 'Олег' }] });
  await app.db.query(`UPDATE applications SET start_date = $2 WHERE id = $1`, [otherDay.id, '2027-06-05']);
  const cancelled = await insertApplication(app.db, { tourists: [{ last_name: 'Отменённый', first_name: 'Олег' }] });
  await app.db.query(`UPDATE applications SET start_date = $2, status = 7 WHERE id = $1`, [cancelled.id, DAY]);
});
afterAll(() => ground?.app.close());

describe('the date report', () => {
  it('lists the day’s applications, a row per tourist, by bus and seat, with contacts, dates as dates and the print setup', async () => {
    const [{ legal_name: agencyName }] = await ground.app.db.query<{ legal_name: string }>('SELECT legal_name FROM agencies WHERE id = $1', [ground.people.agencyId]);
    for (const query of [`?start_date=${DAY}`, `?start_date=${TYPED}`]) {
      const response = await ground.manager.getBytes(url(query));
      expect(response.status, query).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      expect(response.headers.get('content-disposition')).toContain(`filename*=UTF-8''${encodeURIComponent(`Отчет на дату ${TYPED}.xlsx`)}`);
      const sheet = (await readWorkbook(response.body)).worksheets[0]!;
      expect(sheet.name).toBe('Отчет на дату');
      expect(cells(sheet, 1)).toEqual([
        'Транспорт', 'Маршрут', 'Отправление', 'Место', 'Номер заявки', 'Продукт', 'Турист', 'Дата рождения',
        'Заказчик', 'Телефон', 'Email', 'Телефон сопровождающего', 'Проживание', 'Комментарий',
      ]);
      expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
      expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
      expect(sheet.actualRowCount).toBe(4);
      const stay = `${hotelName} 05.06.2027–09.06.2027`;
      const contacts = ['+79001112233', 'ivanov@example.ru', '+79004445566', stay, 'Встретить у вокзала'];
      // The seated tourist first, then the one without a seat, then the application without a bus.
      expect(cells(sheet, 2)).toEqual([busName, route, '08:00', 5, busApplication, busName, 'Петрова Анна', new Date(Date.UTC(2015, 0, 2)), 'Заказчиков Тест', ...contacts]);
      expect(cells(sheet, 3)).toEqual([busName, route, '08:00', null, busApplication, busName, 'Иванов Иван Иванович', new Date(Date.UTC(1980, 4, 4)), 'Заказчиков Тест', ...contacts]);
      expect(cells(sheet, 4)).toEqual([null, null, null, null, agencyApplication, 'Авиа', 'Сидоров Пётр', null, `${agencyName}, ${ground.people.agencyUserName}`, '+79007778899', null, null, null, null]);
      expect(sheet.getRow(2).getCell(8).numFmt).toBe('DD.MM.YYYY');
      expect(sheet.getRow(2).getCell(4).numFmt).toBe('0');
      expectPrintSetup(sheet);
    }
  });

  it('is a header only for a day without applications', async () => {
    const response = await ground.admin.getBytes(url('?start_date=2027-06-06'));
    expect(response.status).toBe(200);
    expect((await readWorkbook(response.body)).worksheets[0]!.actualRowCount).toBe(1);
  });

  it('answers 422 under start_date without a date or with one that is none', async () => {
    const cases: [string, string][] = [
      ['', MESSAGES.dateReport.dateRequired],
      ['?start_date=', MESSAGES.dateReport.dateRequired],
      ['?start_date=%20', MESSAGES.dateReport.dateRequired],
      ['?start_date=31.02.2027', MESSAGES.dates.format],
      ['?start_date=abc', MESSAGES.dates.format],
      ['?start_date=2027-13-01', MESSAGES.dates.format],
      ['?start_date=01.01.1800', MESSAGES.dates.notBefore('01.01.1900')],
    ];
    for (const [query, message] of cases) {
      const response = await ground.admin.get(url(query));
      expect(response.status, query).toBe(422);
      expect(response.body.errors, query).toEqual({ start_date: [message] });
    }
  });

  it('is every staff role’s, never an anonymous caller’s', async () => {
    for (const client of [ground.admin, ground.accountant, ground.manager]) expect((await client.getBytes(url(`?start_date=${DAY}`))).status).toBe(200);
    expect((await ground.app.client().get(url(`?start_date=${DAY}`))).status).toBe(401);
  });
});
