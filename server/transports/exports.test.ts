/** The schedule's exports: the EGAIS passenger list (xlsx, read back with exceljs) and the seating plan (docx, unzipped). */
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { SaxesParser } from 'saxes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../shared/messages.js';
import { Role } from '../../shared/roles.js';
import { startTestApp, type ApiClient, type TestApp } from '../test/test-app.js';
import { insertApplication } from '../test/application-fixtures.js';
import { daysFromToday, insertBooking, insertCities, insertTransport, insertTransportation } from '../test/transport-fixtures.js';

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
  // A seat of the application whose tourist is not entered yet.
  await insertBooking(app.db, { transportId, date, number: 8, from: 0, to: 2, applicationId: homeward.id, leg: 'forth' });
});
afterAll(() => app?.close());

async function sheetRows(body: Buffer): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(new Uint8Array(body).buffer);
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
    // Seat 1 rides the whole route; seat 2 a part of it (both the forth leg of their application);
    // seat 7 is another application's back leg; seat 9 is a manual booking.
    expect(text).toContain('1|Иванов Иван Иванович|');
    expect(text).toContain('2|Иванова Мария (Владимир → Суздаль)');
    expect(text).toContain('7|Смирнов Олег (Москва → Владимир)');
    expect(text).toContain('9|Бронь (Москва → Владимир)');
    expect(text).toContain('8|Заявка З-78|');
    // Every seat of the 49-seat scheme is in the table.
    for (const seat of [3, 48, 49]) expect(text).toContain(`|${seat}|`);
    // File → Properties names the product as author and last editor, not the package's 'Un-named'.
    const core = await zip.file('docProps/core.xml')!.async('string');
    expect(core).toContain('<dc:creator>Тур Бэк-офис</dc:creator>');
    expect(core).toContain('<cp:lastModifiedBy>Тур Бэк-офис</cp:lastModifiedBy>');
    expect(core).not.toContain('Un-named');
  });
});

/** Characters XML 1.0 cannot hold; what a strict XML parser refuses. */
const CONTROLS = ['\u0007', '\u000b', '\u0001', '\u001f', '\ufffe'];

/** Each XML part of an OOXML package parsed by a strict XML 1.0 parser (saxes throws on a forbidden character). */
async function parseXmlParts(body: Buffer): Promise<string[]> {
  const zip = await JSZip.loadAsync(body);
  const parts = Object.values(zip.files).filter((file) => !file.dir && /\.(xml|rels)$/.test(file.name));
  const texts: string[] = [];
  for (const part of parts) {
    const xml = await part.async('string');
    const parser = new SaxesParser({ xmlns: true });
    parser.on('text', (text) => texts.push(text));
    expect(() => parser.write(xml).close(), part.name).not.toThrow();
    for (const char of CONTROLS) expect(xml.includes(char), `${part.name} ${JSON.stringify(char)}`).toBe(false);
  }
  return texts;
}

describe('rows stored with control characters before they were refused', () => {
  it('still export as valid XML, the characters dropped: the seating plan (docx) and the EGAIS list (xlsx)', async () => {
    const [from, to] = (await insertCities(app.db, ['Тверь', 'Клин'])) as [number, number];
    const id = await insertTransport(app.db, {
      name: 'Старый\u0007 рейс',
      transportationId: await insertTransportation(app.db),
      cities: [from, to],
      startDate: daysFromToday(-1),
      finishDate: daysFromToday(30),
      dates: [date],
    });
    const old = await insertApplication(app.db, {
      tourists: [{ last_name: 'Петров\u0007', first_name: 'Пётр\u000b', patronymic: 'Петрович\u0001\u001f\ufffe', birthday_date: '1970-01-01', document_number: '45\u000b10' }],
    });
    await insertBooking(app.db, { transportId: id, date, number: 5, from: 0, to: 1, applicationId: old.id, touristId: old.tourists[0], leg: 'forth' });

    const seating = await manager.getBytes(`/api/transports/${id}/schedules/export?date=${date}&type=seating`);
    expect(seating.status).toBe(200);
    const words = (await parseXmlParts(seating.body)).join('|');
    expect(words).toContain('Рассадка: Старый рейс');
    expect(words).toContain('Петров Пётр Петрович');

    const egais = await manager.getBytes(`/api/transports/${id}/schedules/export/egais?date=${date}&type=egais-forth`);
    expect(egais.status).toBe(200);
    await parseXmlParts(egais.body);
    expect((await sheetRows(egais.body))[1]!.slice(0, 3)).toEqual(['Петров', 'Пётр', 'Петрович']);
  });
});
