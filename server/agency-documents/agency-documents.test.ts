/**
 * Agency documents (spec 01 §2.7, §3, §5, §7 "Agency documents"): multipart create, file replacement
 * with Laravel's method override, JSON update, validation, roles, and the uploads a document keeps.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../shared/messages.js';
import { Role } from '../../shared/roles.js';
import { startTestApp, type ApiClient, type TestApp } from '../test/test-app.js';

let app: TestApp;
let manager: ApiClient;
let administrator: ApiClient;
let accountant: ApiClient;

beforeAll(async () => {
  app = await startTestApp();
  [{ client: manager }, { client: administrator }, { client: accountant }] = await Promise.all([
    app.signInAs(Role.Manager),
    app.signInAs(Role.Administrator),
    app.signInAs(Role.Accountant),
  ]);
});
afterAll(() => app?.close());

/** A distinct small PDF (the server reads the `%PDF` signature). */
const pdf = () => Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(256)]);
const PNG_HEAD = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function form(fields: Record<string, string | { bytes: Buffer; name: string; type?: string }>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (typeof value === 'string') data.append(key, value);
    else data.append(key, new Blob([value.bytes], { type: value.type ?? 'application/pdf' }), value.name);
  }
  return data;
}

const fileRow = async (path: string) => (await app.db.query<{ path: string; original_name: string; entity: string }>('SELECT path, original_name, entity FROM files WHERE path = $1', [path]))[0];
const fileCount = async () => (await app.db.query<{ count: number }>(`SELECT count(*)::int AS count FROM files WHERE path LIKE 'documents/agency/%'`))[0]!.count;

async function createDocument(fields: Record<string, string> = {}, name = 'Договор.pdf') {
  const response = await manager.postForm('/api/agencies/files', form({ description: 'Договор агентства', sort: '7', ...fields, file: { bytes: pdf(), name } }));
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.data as { id: number; name: string; description: string | null; sort: number; file: { name: string; path: string; url: string } };
}

describe('agency documents', () => {
  it('create a document from a multipart form and read it back with its file', async () => {
    const document = await createDocument();
    expect(document).toMatchObject({ name: 'Договор.pdf', description: 'Договор агентства', sort: 7, file: { name: 'Договор.pdf' } });
    expect(document.file.path).toMatch(/^documents\/agency\/[0-9a-f-]+\.pdf$/);
    expect(document.file.url).toBe(`/api/storage/${document.file.path}`);
    expect(await fileRow(document.file.path)).toMatchObject({ original_name: 'Договор.pdf', entity: 'agency_document' });

    const shown = await manager.get(`/api/agencies/files/${document.id}`);
    expect(shown.status).toBe(200);
    expect(shown.body.data).toEqual(document);
    const served = await manager.getBytes(document.file.url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('application/pdf');
    expect(served.body.subarray(0, 8).toString()).toBe('%PDF-1.4');
  });

  it('default the sort to 10, and list with search, sorting and paging', async () => {
    const first = await createDocument({ sort: '', description: 'Прайс уникальныйпоиск' }, 'price.pdf');
    expect(first.sort).toBe(10);
    const second = await createDocument({ description: '' }, 'уникальныйпоиск.pdf');
    expect(second.description).toBeNull();

    const found = await manager.get('/api/agencies/files?query=уникальныйпоиск&orderBy=id&ascending=1');
    expect(found.status).toBe(200);
    expect(found.body).toEqual({ data: [expect.objectContaining({ id: first.id }), expect.objectContaining({ id: second.id })], count: 2 });

    const bySort = await manager.get('/api/agencies/files?orderBy=sort&ascending=0&limit=1');
    expect(bySort.body.data[0].sort).toBe(10);
    expect(bySort.body.count).toBeGreaterThanOrEqual(2);
    expect((await manager.get('/api/agencies/files?orderBy=name')).status).toBe(200);
    expect((await manager.get('/api/agencies/files?orderBy=description')).status).toBe(422);
  });

  it('replace the file with POST {id} and _method=PUT, dropping the old upload in the same save', async () => {
    const document = await createDocument();
    const before = await fileCount();
    const replaced = await manager.postForm(
      `/api/agencies/files/${document.id}`,
      form({ _method: 'PUT', description: 'Новая редакция', sort: '3', file: { bytes: pdf(), name: 'Договор v2.pdf' } }),
    );
    expect(replaced.status, JSON.stringify(replaced.body)).toBe(200);
    expect(replaced.body.data).toMatchObject({ id: document.id, name: 'Договор v2.pdf', description: 'Новая редакция', sort: 3 });
    expect(replaced.body.data.file.path).not.toBe(document.file.path);
    expect(await fileRow(document.file.path)).toBeUndefined();
    expect(await fileRow(replaced.body.data.file.path)).toBeDefined();
    expect(await fileCount()).toBe(before);
    expect((await manager.getBytes(document.file.url)).status).toBe(404);
  });

  it('keep the old upload when another record still references it', async () => {
    const document = await createDocument();
    // No record of today's schema may point at a document upload but its own document (a city's catalogue
    // image must be a city photo): a table standing for a later feature that may holds the reference.
    await app.db.query(`CREATE TABLE IF NOT EXISTS test_document_copies (file_path varchar(255) NOT NULL REFERENCES files (path))`);
    await app.db.query(`INSERT INTO test_document_copies (file_path) VALUES ($1)`, [document.file.path]);
    const replaced = await manager.postForm(`/api/agencies/files/${document.id}`, form({ _method: 'PUT', file: { bytes: pdf(), name: 'new.pdf' } }));
    expect(replaced.status, JSON.stringify(replaced.body)).toBe(200);
    expect(replaced.body.data.sort).toBe(7);
    expect(await fileRow(document.file.path)).toBeDefined();
  });

  it('update description and sort with a JSON PUT (or POST with the override and no file), keeping the file', async () => {
    const document = await createDocument();
    const updated = await manager.put(`/api/agencies/files/${document.id}`, { description: 'Только описание', sort: 1 });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body.data).toMatchObject({ description: 'Только описание', sort: 1, name: document.name, file: document.file });

    // A path in the body is ignored: only an upload sets the file.
    const ignored = await manager.put(`/api/agencies/files/${document.id}`, { description: 'x', sort: 2, file: 'photos/city/other.jpg', file_path: 'photos/city/other.jpg' });
    expect(ignored.status).toBe(200);
    expect(ignored.body.data.file).toEqual(document.file);

    const overridden = await manager.post(`/api/agencies/files/${document.id}`, { _method: 'PUT', description: 'Через POST', sort: 4 });
    expect(overridden.status, JSON.stringify(overridden.body)).toBe(200);
    expect(overridden.body.data).toMatchObject({ description: 'Через POST', sort: 4, file: document.file });
    const multipart = await manager.postForm(`/api/agencies/files/${document.id}`, form({ _method: 'PUT', description: 'Форма без файла', sort: '5' }));
    expect(multipart.status, JSON.stringify(multipart.body)).toBe(200);
    expect(multipart.body.data).toMatchObject({ description: 'Форма без файла', sort: 5, file: document.file });

    expect((await manager.post(`/api/agencies/files/${document.id}`, { description: 'без override' })).status).toBe(405);
    expect((await manager.put('/api/agencies/files/999999', { sort: 1 })).status).toBe(404);
    const missing = await fileCount();
    expect((await manager.postForm('/api/agencies/files/999999', form({ _method: 'PUT', file: { bytes: pdf(), name: 'a.pdf' } }))).status).toBe(404);
    expect(await fileCount()).toBe(missing);
  });

  it('refuse a missing file, a long description, a sort outside 1..10 and a file that is not a document', async () => {
    const before = await fileCount();
    const noFile = await manager.postForm('/api/agencies/files', form({ description: 'a'.repeat(401), sort: '5' }));
    expect(noFile.status).toBe(422);
    expect(noFile.body.errors).toEqual({ file: [MESSAGES.files.required], description: [MESSAGES.validation.maxLength(400)] });

    const json = await manager.post('/api/agencies/files', { description: 'JSON без файла', sort: 5 });
    expect(json.status).toBe(422);
    expect(json.body.errors.file).toEqual([MESSAGES.files.required]);

    for (const sort of ['0', '11']) {
      const response = await manager.postForm('/api/agencies/files', form({ sort, file: { bytes: pdf(), name: 'a.pdf' } }));
      expect(response.status).toBe(422);
      expect(response.body.errors.sort).toEqual([sort === '0' ? MESSAGES.validation.min(1) : MESSAGES.validation.max(10)]);
    }

    const renamed = await manager.postForm('/api/agencies/files', form({ sort: '5', file: { bytes: Buffer.concat([Buffer.from('MZ'), randomBytes(200)]), name: 'contract.pdf' } }));
    expect(renamed.status).toBe(422);
    expect(renamed.body.errors).toEqual({ file: [MESSAGES.files.badFormat] });
    const text = await manager.postForm('/api/agencies/files', form({ sort: '5', file: { bytes: Buffer.from('plain text'), name: 'readme.docx', type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' } }));
    expect(text.status).toBe(422);

    const document = await createDocument();
    const badReplace = await manager.postForm(`/api/agencies/files/${document.id}`, form({ _method: 'PUT', file: { bytes: Buffer.from('not a pdf'), name: 'x.pdf' } }));
    expect(badReplace.status).toBe(422);
    expect(badReplace.body.errors).toEqual({ file: [MESSAGES.files.badFormat] });
    const longReplace = await manager.postForm(`/api/agencies/files/${document.id}`, form({ _method: 'PUT', description: 'b'.repeat(401), file: { bytes: pdf(), name: 'x.pdf' } }));
    expect(longReplace.status).toBe(422);
    expect((await manager.get(`/api/agencies/files/${document.id}`)).body.data.file).toEqual(document.file);
    expect(await fileCount()).toBe(before + 1);

    // Images are documents too (DOCUMENT_POLICY), told by content whatever the name.
    const scan = await manager.postForm('/api/agencies/files', form({ sort: '2', file: { bytes: Buffer.concat([PNG_HEAD, randomBytes(64)]), name: 'скан', type: 'image/png' } }));
    expect(scan.status).toBe(201);
    expect(scan.body.data.file.path).toMatch(/\.png$/);
  });

  it('delete a document and its upload; administrator allowed, accountant refused', async () => {
    const document = await createDocument();
    const deleted = await administrator.delete(`/api/agencies/files/${document.id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body.message).toBe('Успешно удалено');
    expect(await fileRow(document.file.path)).toBeUndefined();
    expect((await manager.get(`/api/agencies/files/${document.id}`)).status).toBe(404);
    expect((await manager.delete(`/api/agencies/files/${document.id}`)).status).toBe(404);

    const other = await createDocument();
    expect((await accountant.get('/api/agencies/files')).status).toBe(403);
    expect((await accountant.get(`/api/agencies/files/${other.id}`)).status).toBe(403);
    expect((await accountant.postForm('/api/agencies/files', form({ sort: '5', file: { bytes: pdf(), name: 'a.pdf' } }))).status).toBe(403);
    expect((await accountant.postForm(`/api/agencies/files/${other.id}`, form({ _method: 'PUT', file: { bytes: pdf(), name: 'a.pdf' } }))).status).toBe(403);
    expect((await accountant.put(`/api/agencies/files/${other.id}`, { sort: 1 })).status).toBe(403);
    expect((await accountant.delete(`/api/agencies/files/${other.id}`)).status).toBe(403);
    expect((await administrator.get('/api/agencies/files')).status).toBe(200);
  });
});
