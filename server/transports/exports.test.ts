/** The schedule's exports: the EGAIS passenger list (xlsx, read back with exceljs) and the seating plan (docx, unzipped). */
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../shared/messages.js';
import { Role } from '../../shared/roles.js';
import { startTestApp, type ApiClient, type TestApp } from '../test/test-app.js';
import { daysFromToday, insertApplication, insertBooking, insertCities, insertTransport, insertTransportation } from '../test/transport-fixtures.js';

let app: TestApp;
let manager: ApiClient;
let transportId: number;
const date = daysFromToday(3);
const displayDate = date.split('-').reverse().join('.');

beforeAll(async () => {
  app = await startTestApp();
  manager = (await app.signInAs(Role.Manager)).client;
  const [moscow, vladimir, suzdal] = (await insertCities(app.db, ['Москва', 'Владимир', 'Суздаль'])) as [number, number, number];
  transportId = await insertTransport(app.db, {
    name: 'Золотое кольцо',
    transportationId: await insertTransportation(app.db),
    cities: [moscow, vladimir, suzdal],
    startDate: daysFromToday(-1),
    finishDate: daysFromToday(30),
    dates: [date],
  });
  const family = await insertApplication(app.db, {
    number: 'З-77',
    tourists: [
      { last_name: 'Иванов', first_name: 'Иван', patronymic: 'Иванович', birthday_date: '1980-03-15', document: 1, document_number: '4510123456', citizenship: 1, gender: 1 },
      { last_name: 'Иванова', first_name: 'Мария', patronymic: null, birthday_date: '2015-07-01', document: 2, document_number: 'IVМЮ123456', citizenship: 1, gender: 2 },
    ],
  });
  const homeward = await insertApplication(app.db, { number: 'З-78', tourists: [{ last_name: 'Смирнов', first_name: 'Олег', birthday_date: '1990-01-02' }] });
  await insertBooking(app.db, { transportId, date, number: 1, from: 0, to: 2, applicationId: family.id, touristId: family.tourists[0], leg: 'forth' });
  await insertBooking(app.db, { transportId, date, number: 2, from: 1, to: 2, applicationId: family.id, touristId: family.tourists[1], leg: 'forth' });
  await insertBooking(app.db, { transportId, date, number: 7, from: 0, to: 1, applicationId: homeward.id, touristId: homeward.tourists[0], leg: 'back' });
  await insertBooking(app.db, { transportId, date, number: 9, from: 0, to: 1 });
});
afterAll(() => app?.close());

async function sheetRows(body: Buffer): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

describe('schedule exports', () => {
  it('lists the forth passengers of a departure for EGAIS, named date-name-direction.xlsx', async () => {
    const reply = await manager.getBytes(`/api/transports/${transportId}/schedules/export/egais?date=${date}&type=egais-forth`);
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toContain('spreadsheetml');
    expect(decodeURIComponent(reply.headers.get('content-disposition') ?? '')).toContain(`${date}-Золотое кольцо-forth.xlsx`);
    expect(await sheetRows(reply.body)).toEqual([
      ['Фамилия', 'Имя', 'Отчество', 'Дата рождения', 'Вид документа', 'Номер документа', 'Гражданство', 'Пол', 'Пункт отправления', 'Пункт назначения', 'Дата и время отправления', 'Место'],
      ['Иванов', 'Иван', 'Иванович', '15.03.1980', 'Паспорт гражданина РФ', '4510123456', 'Россия', 'Мужской', 'Москва', 'Суздаль', `${displayDate} 08:00`, 1],
      ['Иванова', 'Мария', undefined, '01.07.2015', 'Свидетельство о рождении', 'IVМЮ123456', 'Россия', 'Женский', 'Владимир', 'Суздаль', `${displayDate} 09:00`, 2],
    ]);

    const back = await manager.getBytes(`/api/transports/${transportId}/schedules/export/egais?date=${date}&type=egais-back`);
    expect(decodeURIComponent(back.headers.get('content-disposition') ?? '')).toContain(`${date}-Золотое кольцо-back.xlsx`);
    expect((await sheetRows(back.body)).slice(1).map((row) => row[0])).toEqual(['Смирнов']);
  });

  it('refuses an unknown export type or date with a 422', async () => {
    const reply = await manager.get(`/api/transports/${transportId}/schedules/export/egais?date=${date}&type=egais-sideways`);
    expect(reply.status).toBe(422);
    expect(reply.body.errors.type).toEqual([MESSAGES.validation.oneOf]);
    expect((await manager.get(`/api/transports/${transportId}/schedules/export?type=seating`)).body.errors.date).toEqual([MESSAGES.validation.required]);
  });

  it('prints the seating plan: the scheme with each passenger on their seat', async () => {
    const reply = await manager.getBytes(`/api/transports/${transportId}/schedules/export?date=${date}&type=seating`);
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toContain('wordprocessingml');
    expect(decodeURIComponent(reply.headers.get('content-disposition') ?? '')).toContain(`${date}-Золотое кольцо-seating.docx`);
    const zip = await JSZip.loadAsync(reply.body);
    expect(Object.keys(zip.files)).toEqual(expect.arrayContaining(['[Content_Types].xml', 'word/document.xml', '_rels/.rels']));
    const xml = await zip.file('word/document.xml')!.async('string');
    const text = [...xml.matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)].map((match) => match[1]).join('|');
    expect(text).toContain('Рассадка: Золотое кольцо');
    expect(text).toContain(`Дата отправления: ${displayDate}`);
    expect(text).toContain('Маршрут: Москва → Владимир → Суздаль');
    // Seat 1 rides the whole route; seat 2 a part of it; seat 9 is a manual booking.
    expect(text).toContain('1|Иванов Иван Иванович|');
    expect(text).toContain('2|Иванова Мария (Владимир → Суздаль)');
    expect(text).toContain('9|Бронь (Москва → Владимир)');
    // Every seat of the 49-seat scheme is in the table.
    for (const seat of [3, 48, 49]) expect(text).toContain(`|${seat}|`);
    // File → Properties names the product as author and last editor, not the package's 'Un-named'.
    const core = await zip.file('docProps/core.xml')!.async('string');
    expect(core).toContain('<dc:creator>Тур Бэк-офис</dc:creator>');
    expect(core).toContain('<cp:lastModifiedBy>Тур Бэк-офис</cp:lastModifiedBy>');
    expect(core).not.toContain('Un-named');
  });
});
