/**
 * No export writes a formula from user data (issue 25): clients, an agency and passengers named
 * `=1+2`, `+7 900`, `-5`, `@SUM(A1)`, `=HYPERLINK(…)` come out of clients.xlsx, agencies.xlsx and the
 * EGAIS passenger list as text cells holding what was stored, and no sheet of them has a formula.
 * Each of these exports also comes with the export path's print setup.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '../../shared/roles.js';
import { insertApplication } from '../test/application-fixtures.js';
import { startTestApp, type ApiClient, type TestApp } from '../test/test-app.js';
import { daysFromToday, insertBooking, insertCities, insertTransport, insertTransportation } from '../test/transport-fixtures.js';
import { expectPrintSetup } from '../test/workbook.js';
import { FORMULA_LIKE, readWithoutFormulas } from '../test/xlsx-formulas.js';

let app: TestApp;
let manager: ApiClient;
beforeAll(async () => {
  app = await startTestApp();
  manager = (await app.signInAs(Role.Manager)).client;
});
afterAll(() => app?.close());

/** The export's sheet, read without a formula in it, as rows of cell values by column header. */
async function exported(path: string): Promise<Record<string, unknown>[]> {
  const reply = await manager.getBytes(path);
  expect(reply.status).toBe(200);
  const sheet = (await readWithoutFormulas(reply.body)).worksheets[0]!;
  expectPrintSetup(sheet);
  const headers = (sheet.getRow(1).values as unknown[]).slice(1) as string[];
  const rows: Record<string, unknown>[] = [];
  sheet.eachRow((row, number) => {
    if (number > 1) rows.push(Object.fromEntries(headers.map((header, index) => [header, row.getCell(index + 1).value])));
  });
  return rows;
}

describe('exports of text that looks like a formula', () => {
  it('clients.xlsx: each client named so, as stored', async () => {
    const ids: number[] = [];
    for (const [index, surname] of FORMULA_LIKE.entries()) {
      const created = await manager.post('/api/clients', { surname, name: '@Имя', patronymic: '-Отчество', phone: `+7 (900) 000-00-0${index}` });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      ids.push(created.body.data.id as number);
    }
    const stored = await app.db.query<{ id: number; full_name: string }>('SELECT id, full_name FROM clients WHERE id = ANY($1) ORDER BY id', [ids]);
    expect(stored.map((client) => client.full_name.split(' ')[0])).toEqual(FORMULA_LIKE.map((text) => text.split(' ')[0]));
    const rows = await exported('/api/clients/export');
    for (const client of stored) expect(rows.find((row) => row.ID === client.id)?.['ФИО']).toBe(client.full_name);
  });

  it('agencies.xlsx: an agency whose name, brand, addresses and contact are so, as stored', async () => {
    const [legal_name, brand, legal_address, actual_address, contact_name] = FORMULA_LIKE;
    const created = await manager.post('/api/agencies', { legal_name, brand, legal_address, actual_address, contact_name });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const row = (await exported('/api/agencies/export')).find((candidate) => candidate.ID === created.body.data.id);
    expect(row).toMatchObject({
      'Юридическое название': legal_name,
      Бренд: brand,
      'Юридический адрес': legal_address,
      'Фактический адрес': actual_address,
      'Контактное лицо': contact_name,
    });
  });

  it('the EGAIS passenger list: passengers whose names and document are so, as stored', async () => {
    const date = daysFromToday(5);
    const cities = await insertCities(app.db, ['Пенза', 'Саратов']);
    const transportId = await insertTransport(app.db, { name: 'Поволжье', transportationId: await insertTransportation(app.db), cities, startDate: daysFromToday(-1), finishDate: daysFromToday(30), dates: [date] });
    const [last, first, patronymic, document, hyperlink] = FORMULA_LIKE;
    const application = await insertApplication(app.db, {
      tourists: [
        { last_name: last, first_name: first, patronymic, document_number: document },
        { last_name: hyperlink, first_name: last, patronymic: null, document_number: first },
      ],
    });
    for (const [index, touristId] of application.tourists.entries()) await insertBooking(app.db, { transportId, date, number: index + 1, from: 0, to: 1, applicationId: application.id, touristId, leg: 'forth' });
    const rows = await exported(`/api/transports/${transportId}/schedules/export/egais?date=${date}&type=egais-forth`);
    expect(rows.map((row) => [row['Фамилия'], row['Имя'], row['Отчество'], row['Номер документа']])).toEqual([
      [last, first, patronymic, document],
      [hyperlink, last, null, first],
    ]);
  });
});
