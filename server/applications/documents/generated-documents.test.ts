/**
 * The generated voucher and contract (issue 28 "Generated documents"): the PDFs read back as text
 * (number, requester, tourists, stay, the total in roubles; the operator's details on the contract),
 * the regenerate route (roles, CSRF, the pending rows, one job, the two answers), the job that makes
 * them (rows filled, history, the mark cleared; a retry fills only what is missing) and the mark a
 * save sets (status 3 without documents, a printed field changed after they were made).
 *
 * The server runs without job workers (JOB_WORKERS=0): the job waits in pgboss.job and the test runs
 * its handler itself, so the pending state is seen and nothing races the assertions.
 */
import type { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatedDocumentName } from '../../../shared/applications/generated-documents.js';
import { formatMoney } from '../../../shared/format.js';
import { MESSAGES } from '../../../shared/messages.js';
import { MarkDocumentsNeeded1765600001400 } from '../../../migrations/1765600001400-MarkDocumentsNeeded.js';
import { createDataSource } from '../../database/data-source.js';
import { FilesService } from '../../files/files.service.js';
import { applicationCalls, hotelApplication } from '../../test/application-api.js';
import { type HotelGround, type RequesterGround } from '../../test/application-fixtures.js';
import { startApplicationGround } from '../../test/application-ground.js';
import { type ApiClient, type TestApp } from '../../test/test-app.js';
import { readOrganization } from '../../organization/organization.service.js';
import { readDocumentData } from './document-data.js';
import { generatePendingDocuments } from './documents-job.js';
import { generateDocument } from './generate-pdf.js';

let app: TestApp;
let admin: ApiClient;
let manager: ApiClient;
let accountant: ApiClient;
let source: DataSource;
let files: FilesService;
let hotel: HotelGround;
let people: RequesterGround;

beforeAll(async () => {
  // The job is run by the tests themselves (generatePendingDocuments), not by a worker.
  ({ app, admin, accountant, manager, hotel, people } = await startApplicationGround({ env: { JOB_WORKERS: '0' } }));
  source = createDataSource(app.db.url, { poolSize: 3 });
  await source.initialize();
  files = new FilesService(source);
  await app.db.query(
    `UPDATE organization SET legal_name = 'ООО «Лазурный берег»', inn = '7701234567', ogrn = '1027700132195', address = 'Москва, ул. Тверская, 1',
            registry_number = 'РТО 012345', bank_name = 'ПАО Сбербанк', bik = '044525225', settlement_account = '40702810900000000001' WHERE id = 1`,
  );
});
afterAll(async () => {
  await source?.destroy();
  await app?.close();
});

const { created, update } = applicationCalls(
  () => app,
  () => manager,
);
const TOURISTS = [
  { last_name: 'Иванов', first_name: 'Сергей', patronymic: 'Петрович', birthday_date: '1985-03-14', document_number: '4510123456' },
  { last_name: 'Иванова', first_name: 'Мария', birthday_date: '1987-11-02', document_number: '4510654321' },
];
const form = (overrides: Record<string, unknown> = {}) => hotelApplication(hotel, people, { tourists: TOURISTS, ...overrides });
const read = async (id: number) => (await admin.get(`/api/applications/${id}`)).body.data as Record<string, any>;
const saved = async (id: number, payload: Record<string, unknown>) => {
  const response = await update(id, payload);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.data as Record<string, any>;
};
const regenerate = (id: number, client = manager) => client.get(`/api/applications/${id}/documents/regenerate`, { proof: true });
const documents = (id: number) =>
  app.db.query<{ kind: string; name: string; path: string | null; generated: boolean }>(
    `SELECT kind, name, path, generated_at IS NOT NULL AS generated FROM application_documents WHERE application_id = $1 AND kind IS NOT NULL ORDER BY kind`,
    [id],
  );
const mark = async (id: number) => (await app.db.query<{ need_generate_docs: boolean }>(`SELECT need_generate_docs FROM applications WHERE id = $1`, [id]))[0]!.need_generate_docs;
const queuedJobs = (id: number) => app.db.query(`SELECT state FROM pgboss.job WHERE name = 'application-documents' AND data->>'applicationId' = $1`, [String(id)]);

/** The PDF's text, its whitespace (line ends, the money's no-break spaces) as single spaces. */
async function pdfText(pdf: Buffer): Promise<string> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const document = await getDocument({ data: new Uint8Array(pdf), verbosity: 0, isEvalSupported: false }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= document.numPages; number++) {
    const content = await (await document.getPage(number)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? ' ' : '') : '')).join(''));
  }
  await document.destroy();
  return pages.join(' ').replace(/\s+/g, ' ');
}

const render = async (kind: 'voucher' | 'contract', id: number) => {
  const data = (await readDocumentData(source.manager, id))!;
  return generateDocument(kind, data, await readOrganization(source.manager), new Date(2027, 4, 20));
};

describe('the generated PDFs', () => {
  it('the voucher prints the number, the requester, both tourists with their birth dates, the stay and the total in roubles', async () => {
    const application = await created(form());
    const pdf = await render('voucher', application.id);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(pdf);
    expect(text).toContain(`Ваучер к заявке №${application.number}`);
    expect(text).toContain(people.clientName);
    expect(text).toContain('Иванов Сергей Петрович, дата рождения 14.03.1985');
    expect(text).toContain('Иванова Мария, дата рождения 02.11.1987');
    expect(text).toMatch(/Отель Лазурь [^,]+, Стандарт [^:]+: 10\.06\.2027 — 13\.06\.2027/);
    // The pinned stay's price (docs/pricing.md), as the office writes money: groups, a comma, the rouble sign.
    expect(application.totals.price_total).toBe(24750);
    expect(text).toContain('Итого к оплате: 24 750,00 ₽');
    expect(formatMoney('24750').replace(/\s/g, ' ')).toBe('24 750,00 ₽');
  });

  it('the contract names the operator: legal name, INN, OGRN, registry number and bank; an empty detail is a dash', async () => {
    const application = await created(form({ requester_type: 'agency', requester_id: people.agencyId, agency_user_id: people.agencyUserId }));
    const text = await pdfText(await render('contract', application.id));
    expect(text).toContain(`Договор о реализации туристского продукта №${application.number}`);
    expect(text).toContain('Наименование: ООО «Лазурный берег»');
    expect(text).toContain('ИНН: 7701234567');
    expect(text).toContain('ОГРН: 1027700132195');
    expect(text).toContain('РТО 012345');
    expect(text).toContain('БИК: 044525225');
    expect(text).toContain('Корреспондентский счёт: —');
    expect(text).toContain(people.agencyUserName);
    expect(text).toContain('Иванова Мария');
    expect(text).toMatch(/К оплате агентством: \d{1,3}( \d{3})*,\d{2} ₽/);
  });
});

describe('regenerate and the job', () => {
  it('administrator and manager only; a GET that asks for the CSRF proof; 404 for no application', async () => {
    const application = await created(form());
    expect((await regenerate(application.id, accountant)).status).toBe(403);
    expect((await manager.get(`/api/applications/${application.id}/documents/regenerate`)).status).toBe(419);
    expect((await regenerate(999_999, admin)).status).toBe(404);
    expect(await documents(application.id)).toEqual([]);
  });

  it('queues the missing documents as pending rows and one job; the job makes them, records them and clears the mark; then nothing is missing', async () => {
    const application = await created(form());
    await saved(application.id, { ...(await read(application.id)), status: 3 });
    expect(await mark(application.id)).toBe(true);

    expect(await regenerate(application.id)).toMatchObject({ status: 200, body: { message: MESSAGES.generatedDocuments.queued } });
    expect(await documents(application.id)).toEqual([
      { kind: 'contract', name: generatedDocumentName('contract', application.number), path: null, generated: false },
      { kind: 'voucher', name: generatedDocumentName('voucher', application.number), path: null, generated: false },
    ]);
    // A second click while the job waits adds neither rows nor a job.
    expect(await regenerate(application.id, admin)).toMatchObject({ status: 200, body: { message: MESSAGES.generatedDocuments.queued } });
    expect(await queuedJobs(application.id)).toEqual([{ state: 'created' }]);
    expect(await documents(application.id)).toHaveLength(2);

    expect(await generatePendingDocuments(source, files, application.id)).toEqual(['voucher', 'contract']);
    const made = await documents(application.id);
    expect(made.every((row) => row.path !== null && row.path.startsWith('documents/application/') && row.path.endsWith('.pdf') && row.generated)).toBe(true);
    expect(await app.db.query(`SELECT mime FROM files WHERE path = ANY($1)`, [made.map((row) => row.path)])).toEqual([{ mime: 'application/pdf' }, { mime: 'application/pdf' }]);
    expect(await mark(application.id)).toBe(false);
    const history = await app.db.query<{ path: string; after: unknown; actor: string }>(`SELECT path, after, actor FROM application_history WHERE application_id = $1 AND path LIKE 'documents.%' ORDER BY seq`, [application.id]);
    expect(history.map((row) => row.after)).toEqual([generatedDocumentName('voucher', application.number), generatedDocumentName('contract', application.number)]);
    expect(history.every((row) => row.actor === 'system')).toBe(true);

    expect(await regenerate(application.id)).toMatchObject({ status: 200, body: { message: MESSAGES.generatedDocuments.complete } });
    expect(await documents(application.id)).toEqual(made);
  });

  it('a cancelled application gets no documents made: 422 on `documents`, nothing queued', async () => {
    const application = await created(form());
    const cancel = await admin.put(`/api/applications/cancel/${application.id}`, { version: (await read(application.id)).version });
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
    const refused = await regenerate(application.id);
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({ documents: [MESSAGES.applications.cancelledLocked] });
    expect(await documents(application.id)).toEqual([]);
    expect(await queuedJobs(application.id)).toEqual([]);
  });

  it('a retry after a partial run fills only what is missing: a made document stays as it was', async () => {
    const application = await created(form());
    expect((await regenerate(application.id)).status).toBe(200);
    // The first attempt made the voucher only (as if it had died before the contract).
    await generatePendingDocuments(source, files, application.id);
    await app.db.query(`UPDATE application_documents SET path = NULL, generated_at = NULL WHERE application_id = $1 AND kind = 'contract'`, [application.id]);
    await app.db.query(`UPDATE applications SET need_generate_docs = true WHERE id = $1`, [application.id]);
    const [voucher] = await documents(application.id).then((rows) => rows.filter((row) => row.kind === 'voucher'));

    expect(await generatePendingDocuments(source, files, application.id)).toEqual(['contract']);
    const rows = await documents(application.id);
    expect(rows.find((row) => row.kind === 'voucher')).toEqual(voucher);
    expect(rows.find((row) => row.kind === 'contract')!.path).not.toBeNull();
    expect(await mark(application.id)).toBe(false);
    // Run again: nothing pending, nothing made, nothing recorded.
    const recorded = await app.db.query(`SELECT count(*)::int AS count FROM application_history WHERE application_id = $1`, [application.id]);
    expect(await generatePendingDocuments(source, files, application.id)).toEqual([]);
    expect(await documents(application.id)).toEqual(rows);
    expect(await app.db.query(`SELECT count(*)::int AS count FROM application_history WHERE application_id = $1`, [application.id])).toEqual(recorded);
  });
});

describe('the mark (need_generate_docs)', () => {
  it('is set by a save reaching status 3 without documents, not by one in status 2, and kept out of the version', async () => {
    const application = await created(form());
    const inWork = await saved(application.id, { ...(await read(application.id)), status: 2 });
    expect(await mark(application.id)).toBe(false);
    const confirmed = await saved(application.id, { ...inWork, status: 3 });
    expect(await mark(application.id)).toBe(true);
    expect((await read(application.id)).version).toBe(confirmed.version);
  });

  it('the migration marks the applications confirmed before the documents existed; one with both made stays unmarked', async () => {
    const waiting = await created(form());
    const made = await created(form());
    const inWork = await created(form());
    await app.db.query(`UPDATE applications SET status = CASE WHEN id = $3 THEN 2 ELSE 3 END, need_generate_docs = false WHERE id IN ($1, $2, $3)`, [waiting.id, made.id, inWork.id]);
    expect((await regenerate(made.id)).status).toBe(200);
    await generatePendingDocuments(source, files, made.id);
    const runner = source.createQueryRunner();
    try {
      await new MarkDocumentsNeeded1765600001400().up(runner);
    } finally {
      await runner.release();
    }
    expect([await mark(waiting.id), await mark(made.id), await mark(inWork.id)]).toEqual([true, false, false]);
  });

  it('is set again when a tourist’s name changes after the documents were made, not by a change the documents do not print; regenerate then remakes both', async () => {
    const application = await created(form());
    expect((await regenerate(application.id)).status).toBe(200);
    await generatePendingDocuments(source, files, application.id);
    const before = await documents(application.id);
    expect(await mark(application.id)).toBe(false);

    const opened = await saved(application.id, { ...(await read(application.id)), comment: 'Позвонить накануне' });
    expect(await mark(application.id)).toBe(false);
    await saved(application.id, { ...opened, tourists: opened.tourists.map((tourist: Record<string, unknown>, index: number) => (index === 1 ? { ...tourist, first_name: 'Марина' } : tourist)) });
    expect(await mark(application.id)).toBe(true);

    expect(await regenerate(application.id)).toMatchObject({ body: { message: MESSAGES.generatedDocuments.queued } });
    expect((await documents(application.id)).map((row) => row.path)).toEqual([null, null]);
    // The history says the stale ones went (by whom), before the job records them made again.
    const gone = await app.db.query<{ path: string; before: unknown; after: unknown; actor: string }>(
      `SELECT path, before, after, actor FROM application_history WHERE application_id = $1 AND path LIKE 'documents.%' ORDER BY seq DESC LIMIT 2`,
      [application.id],
    );
    expect(gone.map(({ before, after, actor }) => ({ before, after, actor })).sort((a, b) => String(a.before).localeCompare(String(b.before)))).toEqual([
      { before: generatedDocumentName('voucher', application.number), after: null, actor: 'staff' },
      { before: generatedDocumentName('contract', application.number), after: null, actor: 'staff' },
    ].sort((a, b) => a.before.localeCompare(b.before)));
    // The stale PDFs went with their rows.
    expect(await app.db.query(`SELECT path FROM files WHERE path = ANY($1)`, [before.map((row) => row.path)])).toEqual([]);
    await generatePendingDocuments(source, files, application.id);
    expect(await mark(application.id)).toBe(false);
    const voucher = (await documents(application.id)).find((row) => row.kind === 'voucher')!;
    const [stored] = await app.db.query<{ sha256: string; size: number }>(`SELECT sha256, size FROM files WHERE path = $1`, [voucher.path]);
    const chunks: Buffer[] = [];
    for await (const chunk of files.read(stored!.sha256, 0, stored!.size - 1)) chunks.push(chunk);
    expect(await pdfText(Buffer.concat(chunks))).toContain('Иванова Марина');
  });
});
