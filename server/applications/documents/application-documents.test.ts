/**
 * An application's uploaded documents (issue 28 "Documents"): PDF only by content, 20 MB, ten uploads
 * per application (generated ones aside) under the row lock, delete, the roles, the history, and
 * that they live outside the save — its version untouched, a stale save keeping them.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPLICATION_LIMITS } from '../../../shared/applications/constants.js';
import { APPLICATION_DOCUMENT_POLICY } from '../../../shared/files.js';
import { MESSAGES } from '../../../shared/messages.js';
import { applicationCalls, hotelApplication } from '../../test/application-api.js';
import { type HotelGround, type RequesterGround } from '../../test/application-fixtures.js';
import { startApplicationGround } from '../../test/application-ground.js';
import { type ApiClient, type TestApp } from '../../test/test-app.js';

const A = MESSAGES.applications;
let app: TestApp;
let admin: ApiClient;
let accountant: ApiClient;
let manager: ApiClient;
let hotel: HotelGround;
let people: RequesterGround;

beforeAll(async () => ({ app, admin, accountant, manager, hotel, people } = await startApplicationGround()));
afterAll(() => app?.close());

const { created, update } = applicationCalls(
  () => app,
  () => accountant,
);
const newApplication = (overrides: Record<string, unknown> = {}) => created(hotelApplication(hotel, people, overrides));

/** A distinct small PDF (the server reads the `%PDF` signature). */
const pdf = () => Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(128)]);

function upload(client: ApiClient, applicationId: number, bytes: Buffer, name = 'Счёт.pdf') {
  const form = new FormData();
  form.append('document', new Blob([bytes], { type: 'application/pdf' }), name);
  return client.postForm(`/api/applications/${applicationId}/documents/save`, form);
}

async function uploaded(client: ApiClient, applicationId: number, name = 'Счёт.pdf') {
  const response = await upload(client, applicationId, pdf(), name);
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.data as { id: number; name: string; path: string; url: string };
}

const documentRows = (applicationId: number) =>
  app.db.query<{ id: number; kind: string | null; name: string; path: string | null }>(`SELECT id, kind, name, path FROM application_documents WHERE application_id = $1 ORDER BY id`, [applicationId]);
const history = (applicationId: number) =>
  app.db.query<{ path: string; before: unknown; after: unknown; user_id: number | null }>(`SELECT path, before, after, user_id FROM application_history WHERE application_id = $1 AND path LIKE 'documents%' ORDER BY seq`, [applicationId]);
const fileExists = async (path: string) => (await app.db.query(`SELECT 1 FROM files WHERE path = $1`, [path])).length > 0;
const version = async (applicationId: number) => (await app.db.query<{ version: number }>(`SELECT version FROM applications WHERE id = $1`, [applicationId]))[0]!.version;

describe('uploading an application document', () => {
  it('stores a PDF, lists it in GET (not raising the version) and records it in the history', async () => {
    const application = await newApplication();
    const before = await version(application.id);
    const response = await upload(manager, application.id, pdf(), 'Договор с отелем.pdf');
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    const document = response.body.data;
    expect(document).toEqual({ id: expect.any(Number), name: 'Договор с отелем.pdf', path: expect.stringMatching(/^documents\/application\/[0-9a-f-]+\.pdf$/), url: `/api/storage/${document.path}`, generated: false, pending: false, kind: null });
    expect(await documentRows(application.id)).toEqual([{ id: document.id, kind: null, name: 'Договор с отелем.pdf', path: document.path }]);
    expect(await version(application.id)).toBe(before);

    const shown = await manager.get(`/api/applications/${application.id}`);
    expect(shown.body.data.documents).toEqual([document]);
    expect(shown.body.data.version).toBe(before);
    expect((await manager.get(`/api/applications/${application.id}/documents`)).body).toEqual({ data: [document], need_generate_docs: false });
    const served = await manager.getBytes(document.url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('application/pdf');

    const [row] = await history(application.id);
    expect(row).toMatchObject({ path: `documents.${document.id}`, before: null, after: 'Договор с отелем.pdf' });
    expect(row!.user_id).not.toBeNull();
  });

  it('serves a PDF uploaded under another extension as .pdf (Content-Disposition and its RFC 5987 filename*), keeping a name already .pdf', async () => {
    const application = await newApplication();
    // A PDF header, then a page a browser or mshta would run: by content a PDF, and downloaded as one.
    const polyglot = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.from('<html><script>alert(1)</script></html>'), randomBytes(16)]);
    const cases = [
      ['invoice.hta', 'invoice.hta.pdf'],
      ['invoice.html', 'invoice.html.pdf'],
      ['setup.exe', 'setup.exe.pdf'],
      ['Счёт.exe', 'Счёт.exe.pdf'],
      ['SCAN.PDF', 'SCAN.PDF'],
    ] as const;
    for (const [name, served] of cases) {
      const response = await upload(manager, application.id, Buffer.concat([polyglot, randomBytes(8)]), name);
      expect(response.status, JSON.stringify(response.body)).toBe(201);
      // The stored name is what the user sent; only the download name gets the kind's extension.
      expect(response.body.data.name).toBe(name);
      const reply = await manager.getBytes(response.body.data.url);
      expect(reply.status).toBe(200);
      const fallback = served.replace(/[^\x20-\x7e]/g, '_');
      expect(reply.headers.get('content-disposition')).toBe(`attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(served)}`);
    }
  });

  it('refuses a file that is not a PDF by content though named .pdf, and one over 20 MB (422 on `document` and on the list path `documents.N`), keeping nothing', async () => {
    const application = await newApplication();
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(64)]);
    const fake = await upload(manager, application.id, png, 'scan.pdf');
    expect(fake.status).toBe(422);
    expect(fake.body.errors).toEqual({ document: [MESSAGES.files.onlyPdf], 'documents.0': [MESSAGES.files.onlyPdf] });

    // One byte over the limit, made once (zeros after the signature: the size decides, not the content).
    const big = Buffer.alloc(APPLICATION_DOCUMENT_POLICY.maxBytes + 1);
    big.write('%PDF-1.4\n');
    const tooLarge = await upload(manager, application.id, big, 'big.pdf');
    expect(tooLarge.status).toBe(422);
    expect(tooLarge.body.errors).toEqual({ document: [MESSAGES.files.tooLarge(20)], 'documents.0': [MESSAGES.files.tooLarge(20)] });

    const missing = await manager.postForm(`/api/applications/${application.id}/documents/save`, new FormData());
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual({ document: [MESSAGES.files.required], 'documents.0': [MESSAGES.files.required] });

    expect(await documentRows(application.id)).toEqual([]);
    expect(await app.db.query(`SELECT 1 FROM files WHERE entity = 'application_document' AND original_name IN ('scan.pdf', 'big.pdf')`)).toEqual([]);
  });

  it('takes ten uploads per application, the generated ones not counted, and parallel uploads cannot make an eleventh', async () => {
    const application = await newApplication();
    // A generated voucher being made: listed first, not counted toward the ten.
    await app.db.query(`INSERT INTO application_documents (application_id, kind, name) VALUES ($1, 'voucher', 'Ваучер.pdf')`, [application.id]);
    for (let index = 0; index < APPLICATION_LIMITS.documents - 2; index++) await uploaded(admin, application.id, `${index}.pdf`);
    // Four at once (the uploads one person may run together) for the last two places.
    const answers = await Promise.all([0, 1, 2, 3].map((index) => upload(admin, application.id, pdf(), `parallel-${index}.pdf`)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 201, 422, 422]);
    for (const refused of answers.filter((answer) => answer.status === 422)) {
      // The list's index is the place the upload would have taken when it was sent (8 to 10 here).
      expect(refused.body.errors).toMatchObject({ document: [A.documentsLimit(APPLICATION_LIMITS.documents)] });
      expect(Object.keys(refused.body.errors as object)).toEqual(['document', expect.stringMatching(/^documents\.(8|9|10)$/)]);
    }
    const rows = await documentRows(application.id);
    expect(rows.filter((row) => row.kind === null)).toHaveLength(APPLICATION_LIMITS.documents);

    const eleventh = await upload(admin, application.id, pdf(), 'eleventh.pdf');
    expect(eleventh.status).toBe(422);
    expect(eleventh.body.errors).toEqual({ document: [A.documentsLimit(10)], 'documents.10': [A.documentsLimit(10)] });
    expect(await app.db.query(`SELECT 1 FROM files WHERE original_name = 'eleventh.pdf' OR original_name LIKE 'parallel-%' AND path NOT IN (SELECT path FROM application_documents WHERE path IS NOT NULL)`)).toEqual([]);

    const listed = (await admin.get(`/api/applications/${application.id}`)).body.data.documents as { name: string; generated: boolean; pending: boolean; url: string | null; kind: string | null }[];
    expect(listed[0]).toEqual({ id: expect.any(Number), name: 'Ваучер.pdf', path: null, url: null, generated: true, pending: true, kind: 'voucher' });
    expect(listed.slice(1).every((document) => !document.generated && !document.pending && document.url !== null)).toBe(true);
  });

  it('answers 404 for no such application; a cancelled application takes no documents (422)', async () => {
    const missing = await upload(manager, 999999, pdf());
    expect(missing.status).toBe(404);
    const application = await newApplication();
    const document = await uploaded(manager, application.id);
    const cancel = await admin.put(`/api/applications/cancel/${application.id}`, { version: application.version });
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
    const refused = await upload(manager, application.id, pdf());
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({ document: [A.cancelledLocked], 'documents.1': [A.cancelledLocked] });
    expect((await manager.delete(`/api/applications/${application.id}/documents/${document.id}`)).status).toBe(422);
    expect(await documentRows(application.id)).toHaveLength(1);
  });
});

describe('deleting an application document', () => {
  it('removes an uploaded one with its file and records it; another application’s is 404, a generated one 403', async () => {
    const application = await newApplication();
    const other = await newApplication();
    const document = await uploaded(manager, application.id, 'Лишний.pdf');
    const kept = await uploaded(accountant, application.id, 'Нужный.pdf');
    const before = await version(application.id);

    const foreign = await manager.delete(`/api/applications/${other.id}/documents/${document.id}`);
    expect(foreign.status).toBe(404);
    const removed = await accountant.delete(`/api/applications/${application.id}/documents/${document.id}`);
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect(removed.body).toEqual({ message: A.documentDeleted });
    expect((await documentRows(application.id)).map((row) => row.id)).toEqual([kept.id]);
    expect(await fileExists(document.path)).toBe(false);
    expect(await version(application.id)).toBe(before);
    expect((await manager.delete(`/api/applications/${application.id}/documents/${document.id}`)).status).toBe(404);
    expect((await history(application.id)).map(({ path, before, after }) => ({ path, before, after }))).toEqual([
      { path: `documents.${document.id}`, before: null, after: 'Лишний.pdf' },
      { path: `documents.${kept.id}`, before: null, after: 'Нужный.pdf' },
      { path: `documents.${document.id}`, before: 'Лишний.pdf', after: null },
    ]);

    const [contract] = await app.db.query<{ id: number }>(`INSERT INTO application_documents (application_id, kind, name) VALUES ($1, 'contract', 'Договор.pdf') RETURNING id`, [application.id]);
    const generated = await admin.delete(`/api/applications/${application.id}/documents/${contract!.id}`);
    expect(generated.status).toBe(403);
    expect(generated.body.message).toBe(A.documentGeneratedKept);
    expect(await documentRows(application.id)).toHaveLength(2);
  });

  it('an application deleted by the administrator takes its documents and their stored files with it', async () => {
    const application = await newApplication();
    const document = await uploaded(manager, application.id, 'Паспорт.pdf');
    const deleted = await admin.delete(`/api/applications/${application.id}`);
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect(await documentRows(application.id)).toEqual([]);
    expect(await fileExists(document.path)).toBe(false);
  });

  it('lets all three roles that edit applications upload and delete', async () => {
    const application = await newApplication();
    for (const client of [admin, accountant, manager]) {
      const document = await uploaded(client, application.id);
      expect((await client.delete(`/api/applications/${application.id}/documents/${document.id}`)).status).toBe(200);
    }
    expect(await documentRows(application.id)).toEqual([]);
  });
});

describe('documents live outside the application’s save', () => {
  it('a save from an editor opened before the upload, sending documents [], keeps the document', async () => {
    const application = await newApplication();
    const document = await uploaded(manager, application.id);
    const saved = await update(application.id, { ...application, comment: 'Открыта до загрузки', documents: [] }, manager);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(await documentRows(application.id)).toEqual([{ id: document.id, kind: null, name: document.name, path: document.path }]);
    const shown = (await manager.get(`/api/applications/${application.id}`)).body.data;
    expect(shown.comment).toBe('Открыта до загрузки');
    expect(shown.documents.map((item: { id: number }) => item.id)).toEqual([document.id]);
  });

  it('GET tells the application’s own price lock (prices_locked) beside the reader’s can_edit_price', async () => {
    const open = await newApplication();
    const paid = await newApplication({ payment_method: 1, payments: [{ sum: 1000, status: 2, date: '2027-05-20' }] });
    const read = async (client: ApiClient, id: number) => {
      const { prices_locked, can_edit_price, need_generate_docs } = (await client.get(`/api/applications/${id}`)).body.data;
      return { prices_locked, can_edit_price, need_generate_docs };
    };
    expect(await read(admin, open.id)).toEqual({ prices_locked: false, can_edit_price: true, need_generate_docs: false });
    expect(await read(manager, open.id)).toEqual({ prices_locked: false, can_edit_price: true, need_generate_docs: false });
    expect(await read(admin, paid.id)).toEqual({ prices_locked: true, can_edit_price: true, need_generate_docs: false });
    expect(await read(accountant, paid.id)).toEqual({ prices_locked: true, can_edit_price: true, need_generate_docs: false });
    expect(await read(manager, paid.id)).toEqual({ prices_locked: true, can_edit_price: false, need_generate_docs: false });
    await app.db.query(`UPDATE applications SET need_generate_docs = true WHERE id = $1`, [paid.id]);
    expect((await read(manager, paid.id)).need_generate_docs).toBe(true);
  });
});
