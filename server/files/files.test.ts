/**
 * Uploads (spec 01 §5 "Photos", §7 "Uploads") kept in PostgreSQL and served at /api/storage/<path>:
 * content checks by magic bytes, the 2 MB edge, deduplicated content, delivery headers, path
 * traversal, deletion, access and the agency-document limits.
 */
import http from 'node:http';
import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENT_POLICY, PHOTO_POLICY } from '../../shared/files.js';
import { MESSAGES } from '../../shared/messages.js';
import { Role } from '../../shared/roles.js';
import { createDataSource } from '../database/data-source.js';
import { startTestApp, type ApiClient, type TestApp } from '../test/test-app.js';
import { FilesService } from './files.service.js';

const MB = 1024 * 1024;
const SIZE_MESSAGE = 'Загружаемый файл не может быть больше 2 мб';
const FORMAT_MESSAGE = 'Недопустимый формат файла.';

let app: TestApp;
let manager: ApiClient;
let accountant: ApiClient;

beforeAll(async () => {
  app = await startTestApp();
  [{ client: manager }, { client: accountant }] = await Promise.all([app.signInAs(Role.Manager), app.signInAs(Role.Accountant)]);
});
afterAll(() => app?.close());

// ---------------------------------------------------------------------------------------------
// Fixtures: bytes with the real signatures, random tails so each file is distinct

const JPEG_HEAD = [0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00];
const PNG_HEAD = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52];
const withHead = (head: number[], size: number) => {
  const bytes = randomBytes(size);
  Buffer.from(head).copy(bytes);
  return bytes;
};
const jpeg = (size = 2048) => withHead(JPEG_HEAD, size);
const png = (size = 2048) => withHead(PNG_HEAD, size);

function form(fields: Record<string, string | { bytes: Buffer; name: string; type?: string }>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (typeof value === 'string') data.append(key, value);
    else data.append(key, new Blob([value.bytes], { type: value.type ?? 'application/octet-stream' }), value.name);
  }
  return data;
}

const uploadPhoto = (client: ApiClient, bytes: Buffer, name = 'photo.jpg', extra: Record<string, string> = {}) =>
  client.postForm('/api/photos', form({ photo: { bytes, name, type: 'image/jpeg' }, entity: 'city', ...extra }));

const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const storedCount = async (hash: string) =>
  (await app.db.query<{ count: number }>('SELECT count(*)::int AS count FROM stored_files WHERE sha256 = $1', [hash]))[0]!.count;
const fileRow = async (path: string) =>
  (await app.db.query<{ path: string; original_name: string; mime: string; size: number; entity: string | null; type: string | null; sha256: string }>(
    'SELECT path, original_name, mime, size, entity, type, sha256 FROM files WHERE path = $1',
    [path],
  ))[0];

/** A GET with the raw path exactly as given (fetch would normalise `..`, `%2e%2e` and `\`). */
function rawGet(client: ApiClient, path: string): Promise<{ status: number; body: Buffer }> {
  const { hostname, port } = new URL(client.baseUrl);
  const cookie = [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  return new Promise((resolve, reject) => {
    const request = http.request({ host: hostname, port, path, method: 'GET', headers: { Cookie: cookie } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks) }));
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end();
  });
}

// ---------------------------------------------------------------------------------------------

describe('POST /api/photos', () => {
  it('stores a jpg and serves it back byte for byte with its type and caching headers', async () => {
    const bytes = jpeg(50_000);
    const response = await uploadPhoto(manager, bytes, 'Море и пляж.jpg');
    expect(response.status).toBe(201);
    const { name, path, url } = response.body as { name: string; path: string; url: string };
    expect(Object.keys(response.body).sort()).toEqual(['name', 'path', 'url']);
    expect(path).toMatch(/^photos\/city\/[0-9a-f-]{36}\.jpg$/);
    expect(name).toBe(path.split('/').pop());
    expect(url).toBe(`/api/storage/${path}`);

    const served = await manager.getBytes(url);
    expect(served.status).toBe(200);
    expect(served.body.equals(bytes)).toBe(true);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(served.headers.get('content-length')).toBe(String(bytes.length));
    expect(served.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
    expect(served.headers.get('etag')).toBe(`"${sha(bytes)}"`);
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('content-disposition')).toMatch(/^inline; /);
    expect(served.headers.get('content-disposition')).toContain(`filename*=UTF-8''${encodeURIComponent('Море и пляж.jpg')}`);

    expect(await fileRow(path)).toMatchObject({ original_name: 'Море и пляж.jpg', mime: 'image/jpeg', size: bytes.length, entity: 'city', sha256: sha(bytes) });
  });

  it('stores a png (field `file`, with a type) and serves it as image/png', async () => {
    const bytes = png(30_000);
    const response = await manager.postForm('/api/photos', form({ file: { bytes, name: 'schema.png', type: 'image/png' }, entity: 'bus', type: 'catalog' }));
    expect(response.status).toBe(201);
    expect(response.body.path).toMatch(/^photos\/bus\/[0-9a-f-]{36}\.png$/);
    const served = await manager.getBytes(response.body.url);
    expect(served.status).toBe(200);
    expect(served.body.equals(bytes)).toBe(true);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(await fileRow(response.body.path)).toMatchObject({ entity: 'bus', type: 'catalog', mime: 'image/png' });
  });

  it('answers 304 to a request that already has the content (If-None-Match)', async () => {
    const response = await uploadPhoto(manager, jpeg());
    const first = await manager.getBytes(response.body.url);
    const again = await manager.getBytes(response.body.url, { headers: { 'If-None-Match': first.headers.get('etag')! } });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });

  it('the same bytes uploaded twice are two uploads of one stored content', async () => {
    const bytes = jpeg(10_000);
    const first = await uploadPhoto(manager, bytes, 'a.jpg');
    const second = await uploadPhoto(accountant, bytes, 'b.jpeg');
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(first.body.path).not.toBe(second.body.path);
    expect(await storedCount(sha(bytes))).toBe(1);
    for (const { body } of [first, second]) {
      const served = await manager.getBytes(body.url);
      expect(served.body.equals(bytes)).toBe(true);
    }
  });

  it('checks the real content, not the name or the declared type', async () => {
    // A text file renamed to .jpg and declared image/jpeg.
    const text = Buffer.from('Это не фотография, а текстовый файл.\n'.repeat(20));
    const renamed = await uploadPhoto(manager, text, 'x.jpg');
    expect(renamed.status).toBe(422);
    expect(renamed.body).toEqual({ message: FORMAT_MESSAGE, errors: { photo: [FORMAT_MESSAGE] } });

    // HTML and SVG dressed as images are refused too.
    for (const [bytes, name] of [
      [Buffer.from('<html><script>alert(1)</script></html>'), 'page.png'],
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'), 'icon.jpg'],
      [Buffer.from('GIF89a\x01\x00\x01\x00'), 'anim.jpg'],
      [Buffer.alloc(0), 'empty.jpg'],
    ] as const) {
      const response = await uploadPhoto(manager, bytes, name);
      expect(response.status, name).toBe(422);
      expect(response.body.errors, name).toEqual({ photo: [FORMAT_MESSAGE] });
    }

    // A PNG named .jpg is a PNG: stored as one.
    const bytes = png();
    const misnamed = await uploadPhoto(manager, bytes, 'really-a-png.jpg');
    expect(misnamed.status).toBe(201);
    expect(misnamed.body.path).toMatch(/\.png$/);
    expect((await manager.getBytes(misnamed.body.url)).headers.get('content-type')).toBe('image/png');

    // A real JPEG with a .png name or no extension is accepted as a JPEG.
    const unnamed = await uploadPhoto(manager, jpeg(), 'camera-upload');
    expect(unnamed.status).toBe(201);
    expect(unnamed.body.path).toMatch(/\.jpg$/);

    expect(await app.db.query('SELECT 1 FROM stored_files WHERE sha256 = $1', [sha(text)])).toEqual([]);
  });

  it('accepts exactly 2 MB and refuses 2 MB + 1 byte with the size message', async () => {
    expect(PHOTO_POLICY.maxBytes).toBe(2 * MB);
    const exact = await uploadPhoto(manager, jpeg(2 * MB));
    expect(exact.status).toBe(201);
    expect((await fileRow(exact.body.path))?.size).toBe(2 * MB);

    const over = await uploadPhoto(manager, jpeg(2 * MB + 1));
    expect(over.status).toBe(422);
    expect(over.body).toEqual({ message: SIZE_MESSAGE, errors: { photo: [SIZE_MESSAGE] } });

    const huge = await manager.postForm('/api/photos', form({ file: { bytes: jpeg(9 * MB), name: 'huge.jpg' }, entity: 'city' }));
    expect(huge.status).toBe(422);
    expect(huge.body.errors).toEqual({ file: [SIZE_MESSAGE] });

    // The server goes on answering on the same client after a cut-off body.
    expect((await uploadPhoto(manager, jpeg())).status).toBe(201);
  });

  it('checks the fields: entity city|bus, a file present, one file only', async () => {
    const noEntity = await manager.postForm('/api/photos', form({ photo: { bytes: jpeg(), name: 'a.jpg' } }));
    expect(noEntity.status).toBe(422);
    expect(noEntity.body.errors).toEqual({ entity: [MESSAGES.validation.required] });

    const wrongEntity = await manager.postForm('/api/photos', form({ photo: { bytes: jpeg(), name: 'a.jpg' }, entity: '../users' }));
    expect(wrongEntity.status).toBe(422);
    expect(wrongEntity.body.errors).toEqual({ entity: [MESSAGES.validation.oneOf] });

    const noFile = await manager.postForm('/api/photos', form({ entity: 'city' }));
    expect(noFile.status).toBe(422);
    expect(noFile.body.errors).toEqual({ photo: [MESSAGES.files.required] });

    const twoFiles = new FormData();
    twoFiles.append('entity', 'city');
    twoFiles.append('photo', new Blob([jpeg()]), 'a.jpg');
    twoFiles.append('photo', new Blob([jpeg()]), 'b.jpg');
    const two = await manager.postForm('/api/photos', twoFiles);
    expect(two.status).toBe(422);
    expect(two.body.errors).toEqual({ photo: [MESSAGES.files.oneFile] });

    const json = await manager.post('/api/photos', { entity: 'city' });
    expect(json.status).toBe(422);
    expect(json.body.errors).toEqual({ photo: [MESSAGES.files.required] });
  });
});

describe('POST /api/upload and /api/images', () => {
  it('/api/upload (file, type=photo) answers the url of a photo', async () => {
    const bytes = jpeg();
    const response = await manager.postForm('/api/upload', form({ file: { bytes, name: 'catalog.jpg' }, type: 'photo' }));
    expect(response.status).toBe(201);
    expect(response.body.url).toBe(`/api/storage/${response.body.path}`);
    expect(response.body.path).toMatch(/^photos\/upload\/[0-9a-f-]{36}\.jpg$/);
    expect((await manager.getBytes(response.body.url)).body.equals(bytes)).toBe(true);

    const wrongType = await manager.postForm('/api/upload', form({ file: { bytes, name: 'catalog.jpg' }, type: 'video' }));
    expect(wrongType.status).toBe(422);
    expect(wrongType.body.errors).toEqual({ type: [MESSAGES.validation.oneOf] });

    const notImage = await manager.postForm('/api/upload', form({ file: { bytes: Buffer.from('%PDF-1.7\n'), name: 'a.pdf' }, type: 'photo' }));
    expect(notImage.status).toBe(422);
    expect(notImage.body.errors).toEqual({ file: [FORMAT_MESSAGE] });
  });

  it('/api/images (image, entity) stores editor pictures, checked like photos under the field `image`', async () => {
    const bytes = png();
    const response = await manager.postForm('/api/images', form({ image: { bytes, name: 'table.png' }, entity: 'city' }));
    expect(response.status).toBe(201);
    expect(response.body.path).toMatch(/^images\/city\/[0-9a-f-]{36}\.png$/);
    expect((await manager.getBytes(response.body.url)).body.equals(bytes)).toBe(true);

    const bad = await manager.postForm('/api/images', form({ image: { bytes: Buffer.from('plain text'), name: 'a.jpg' }, entity: 'city' }));
    expect(bad.status).toBe(422);
    expect(bad.body).toEqual({ message: FORMAT_MESSAGE, errors: { image: [FORMAT_MESSAGE] } });

    const big = await manager.postForm('/api/images', form({ image: { bytes: jpeg(2 * MB + 1), name: 'a.jpg' }, entity: 'city' }));
    expect(big.status).toBe(422);
    expect(big.body.errors).toEqual({ image: [SIZE_MESSAGE] });

    const badEntity = await manager.postForm('/api/images', form({ image: { bytes, name: 'a.png' }, entity: '../../etc' }));
    expect(badEntity.status).toBe(422);
    expect(Object.keys(badEntity.body.errors)).toEqual(['entity']);

    // Images cannot be removed through the photos endpoint.
    const removed = await manager.delete(`/api/photos?path=${encodeURIComponent(response.body.path)}`);
    expect(removed.status).toBe(422);
    expect(removed.body.errors).toEqual({ path: [MESSAGES.files.notAPhoto] });
  });
});

describe('GET /api/storage/<path>', () => {
  let secret: Buffer;
  let url: string;
  let path: string;
  beforeAll(async () => {
    secret = jpeg(4096);
    const response = await uploadPhoto(manager, secret);
    ({ url, path } = response.body);
  });

  it('serves nothing outside the table: traversal, encoded and absolute paths are not found', async () => {
    const name = path.split('/').pop()!;
    const attempts = [
      '/api/storage/../../package.json',
      '/api/storage/../users',
      '/api/storage/photos/../../../etc/passwd',
      `/api/storage/photos/city/../city/${name}`,
      `/api/storage/photos/./city/${name}`,
      '/api/storage/%2e%2e/%2e%2e/package.json',
      '/api/storage/..%2f..%2fpackage.json',
      '/api/storage/%2e%2e%2f%2e%2e%2fetc%2fpasswd',
      `/api/storage/photos%2fcity%2f${name}`,
      `/api/storage/photos/city%2f${name}`,
      '/api/storage//etc/passwd',
      '/api/storage/%2Fetc%2Fpasswd',
      '/api/storage/C:\\Windows\\win.ini',
      `/api/storage/photos\\city\\${name}`,
      `/api/storage/photos/city/${name}%00.png`,
      `/api/storage/photos/city/${name}%00`,
      '/api/storage/photos/city/%zz',
      `/api/storage/${path.toUpperCase()}`,
    ];
    for (const attempt of attempts) {
      const response = await rawGet(manager, attempt);
      expect([400, 404], attempt).toContain(response.status);
      expect(response.body.includes(secret.subarray(0, 64)), attempt).toBe(false);
      expect(response.body.toString('utf8'), attempt).not.toMatch(/root:|"dependencies"|\[fonts\]/);
    }
    // The real path still works on the same connection settings.
    const ok = await rawGet(manager, url);
    expect(ok.status).toBe(200);
    expect(ok.body.equals(secret)).toBe(true);
  });

  it('serves a non-image upload as an attachment', async () => {
    const pdf = Buffer.from('%PDF-1.4\n% Договор\n%%EOF\n');
    const hash = sha(pdf);
    await app.db.query(`INSERT INTO stored_files (sha256, mime, size) VALUES ($1, 'application/pdf', $2)`, [hash, pdf.length]);
    await app.db.query(`INSERT INTO stored_file_chunks (sha256, index, data) VALUES ($1, 0, $2)`, [hash, pdf]);
    await app.db.query(`INSERT INTO files (path, original_name, sha256, mime, size) VALUES ('documents/test/contract.pdf', 'Договор "№1".pdf', $1, 'application/pdf', $2)`, [
      hash,
      pdf.length,
    ]);
    const served = await manager.getBytes('/api/storage/documents/test/contract.pdf');
    expect(served.status).toBe(200);
    expect(served.body.equals(pdf)).toBe(true);
    expect(served.headers.get('content-type')).toBe('application/pdf');
    expect(served.headers.get('content-disposition')).toBe(
      `attachment; filename="_______ __1_.pdf"; filename*=UTF-8''${encodeURIComponent('Договор "№1".pdf')}`,
    );
  });

  it('an unknown path is 404', async () => {
    const response = await manager.getBytes('/api/storage/photos/city/00000000-0000-0000-0000-000000000000.jpg');
    expect(response.status).toBe(404);
    expect(JSON.parse(response.body.toString())).toEqual({ message: MESSAGES.http.notFound });
  });
});

describe('DELETE /api/photos', () => {
  it('removes the upload (then 404), and its content once no upload shares it', async () => {
    const shared = jpeg();
    const [first, second] = [await uploadPhoto(manager, shared), await uploadPhoto(manager, shared)];

    const removed = await manager.delete(`/api/photos?path=${encodeURIComponent(first.body.path)}`);
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ message: MESSAGES.success.deleted });
    expect((await manager.getBytes(first.body.url)).status).toBe(404);
    expect(await fileRow(first.body.path)).toBeUndefined();
    // The other upload of the same bytes still serves them.
    expect((await manager.getBytes(second.body.url)).body.equals(shared)).toBe(true);
    expect(await storedCount(sha(shared))).toBe(1);

    // The url form of the path is accepted too; the last upload takes the content with it.
    expect((await manager.delete(`/api/photos?path=${encodeURIComponent(second.body.url)}`)).status).toBe(200);
    expect(await storedCount(sha(shared))).toBe(0);

    const again = await manager.delete(`/api/photos?path=${encodeURIComponent(first.body.path)}`);
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ message: MESSAGES.http.notFound });
  });

  it('a pending upload (no record uses it) is removed only by whoever uploaded it', async () => {
    const uploaded = await uploadPhoto(manager, jpeg());
    const other = (await app.signInAs(Role.Manager)).client;
    const administrator = (await app.signInAs(Role.Administrator)).client;
    for (const client of [accountant, other, administrator]) {
      const refused = await client.delete(`/api/photos?path=${encodeURIComponent(uploaded.body.path)}`);
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({ message: MESSAGES.files.notYourUpload });
    }
    expect((await manager.getBytes(uploaded.body.url)).status).toBe(200);
    expect((await manager.delete(`/api/photos?path=${encodeURIComponent(uploaded.body.path)}`)).status).toBe(200);
    expect(await fileRow(uploaded.body.path)).toBeUndefined();
  });

  it('refuses paths outside the photos area and malformed ones, and deletes nothing', async () => {
    const before = await app.db.query('SELECT count(*)::int AS count FROM files');
    for (const path of ['documents/test/contract.pdf', 'images/city/x.png', '../photos/city/x.jpg', 'photos/../documents/test/contract.pdf', '/photos/city/x.jpg', 'photos\\city\\x.jpg', 'photos/city/x.jpg\u0000']) {
      const response = await manager.delete(`/api/photos?path=${encodeURIComponent(path)}`);
      expect(response.status, path).toBe(422);
      expect(Object.keys(response.body.errors), path).toEqual(['path']);
    }
    const missing = await manager.delete('/api/photos');
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual({ path: [MESSAGES.validation.required] });
    expect(await app.db.query('SELECT count(*)::int AS count FROM files')).toEqual(before);
  });
});

describe('access', () => {
  it('everything is 401 without a session, and uploads are 419 without the XSRF header', async () => {
    const uploaded = await uploadPhoto(manager, jpeg());
    const anonymous = app.client();
    const photo = () => form({ photo: { bytes: jpeg(), name: 'a.jpg' }, entity: 'city' });
    expect((await anonymous.getBytes(uploaded.body.url)).status).toBe(401);
    expect((await anonymous.get('/api/files/limits')).status).toBe(401);
    expect((await anonymous.postForm('/api/photos', photo())).status).toBe(401);
    expect((await anonymous.postForm('/api/upload', form({ file: { bytes: jpeg(), name: 'a.jpg' }, type: 'photo' }))).status).toBe(401);
    expect((await anonymous.postForm('/api/images', form({ image: { bytes: jpeg(), name: 'a.jpg' }, entity: 'city' }))).status).toBe(401);
    expect((await anonymous.delete(`/api/photos?path=${uploaded.body.path}`)).status).toBe(401);

    const noXsrf = await manager.postForm('/api/photos', photo(), { xsrf: false });
    expect(noXsrf.status).toBe(419);
    expect(noXsrf.body).toEqual({ message: MESSAGES.auth.csrfMismatch });
    expect((await manager.delete(`/api/photos?path=${uploaded.body.path}`, { xsrf: 'wrong' })).status).toBe(419);
    expect(await fileRow(uploaded.body.path)).toBeDefined();
  });

  it('uploads belong to the roles that edit what they attach to: a bus’s or hotel’s for the administrator and the manager, a city’s for all three', async () => {
    const busPhoto = () => form({ photo: { bytes: jpeg(), name: 'bus.jpg' }, entity: 'bus' });
    const before = await app.db.query('SELECT count(*)::int AS count FROM files');
    const refused = [
      await accountant.postForm('/api/photos', busPhoto()),
      await accountant.postForm('/api/upload', form({ file: { bytes: jpeg(), name: 'a.jpg' }, type: 'photo' })),
      await accountant.postForm('/api/images', form({ image: { bytes: png(), name: 'a.png' }, entity: 'hotel' })),
      await accountant.postForm('/api/images', form({ image: { bytes: png(), name: 'a.png' }, entity: 'bus' })),
      await accountant.postForm('/api/hotels/files', form({ type: '3', file: { bytes: jpeg(), name: 'a.jpg' } })),
    ];
    for (const reply of refused) expect(reply).toMatchObject({ status: 403, body: { message: MESSAGES.auth.forbidden } });
    expect(await app.db.query('SELECT count(*)::int AS count FROM files')).toEqual(before);

    expect((await accountant.postForm('/api/images', form({ image: { bytes: png(), name: 'a.png' }, entity: 'city' }))).status).toBe(201);
    const { client: administrator } = await app.signInAs(Role.Administrator);
    for (const client of [manager, administrator]) {
      expect((await client.postForm('/api/photos', busPhoto())).status).toBe(201);
      expect((await client.postForm('/api/images', form({ image: { bytes: png(), name: 'a.png' }, entity: 'hotel' }))).status).toBe(201);
      expect((await client.postForm('/api/upload', form({ file: { bytes: jpeg(), name: 'a.jpg' }, type: 'photo' }))).status).toBe(201);
    }
  });

  it('every staff role may upload a city photo and read', async () => {
    for (const role of [Role.Administrator, Role.Accountant, Role.Manager]) {
      const { client } = await app.signInAs(role);
      const response = await uploadPhoto(client, jpeg());
      expect(response.status, `role ${role}`).toBe(201);
      expect((await client.getBytes(response.body.url)).status).toBe(200);
    }
  });
});

describe('GET /api/files/limits', () => {
  it('gives the agency-document limits: size in KB, extensions and MIME types', async () => {
    const response = await accountant.get('/api/files/limits');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      size: DOCUMENT_POLICY.maxBytes / 1024,
      mimes: ['pdf', 'doc', 'docx', 'xls', 'xlsx', 'jpg', 'jpeg', 'png'],
      mime_types: [
        'application/pdf',
        'application/msword',
        'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        'application/vnd.ms-excel',
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        'image/jpeg',
        'image/png',
      ],
    });
    expect(response.body.size).toBe(10240);
  });
});

describe('FilesService for other features (agency documents)', () => {
  it('stores the kinds a policy allows, told by content, and refuses the others', async () => {
    const dataSource = createDataSource(app.db.url, { poolSize: 2 });
    await dataSource.initialize();
    try {
      const files = new FilesService(dataSource);
      const options = { policy: DOCUMENT_POLICY, area: 'documents/agency', entity: 'agency', type: 'document' };
      const docx = Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), randomBytes(40), Buffer.from('word/document.xml'), randomBytes(40)]);
      const xls = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), randomBytes(100), Buffer.from('Workbook', 'utf16le')]);
      const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(100)]);

      const storedDocx = await files.store(docx, 'Договор.docx', options);
      expect(storedDocx).toMatchObject({ kind: 'docx', original_name: 'Договор.docx', mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' });
      expect(storedDocx.path).toMatch(/^documents\/agency\/[0-9a-f-]{36}\.docx$/);
      expect((await files.store(xls, 'report.xls', options)).kind).toBe('xls');
      expect((await files.store(pdf, 'C:\\Users\\me\\scan.pdf', options)).original_name).toBe('scan.pdf');

      const served = await manager.getBytes(storedDocx.url);
      expect(served.body.equals(docx)).toBe(true);
      expect(served.headers.get('content-disposition')).toMatch(/^attachment; /);

      // A plain ZIP is not a document; photos do not take PDFs.
      const zip = Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), randomBytes(60)]);
      await expect(files.store(zip, 'a.docx', { ...options, field: 'file' })).rejects.toMatchObject({ errors: { file: [FORMAT_MESSAGE] } });
      await expect(files.storePhoto(pdf, 'a.jpg', { entity: 'city' })).rejects.toMatchObject({ errors: { photo: [FORMAT_MESSAGE] } });
      await expect(files.store(Buffer.concat([pdf, Buffer.alloc(10 * MB)]), 'big.pdf', options)).rejects.toMatchObject({
        errors: { file: [MESSAGES.files.tooLarge(10)] },
      });

      await files.remove(storedDocx.path);
      expect(await fileRow(storedDocx.path)).toBeUndefined();
      await expect(files.remove(storedDocx.path)).rejects.toMatchObject({ status: 404 });
    } finally {
      await dataSource.destroy();
    }
  });

  it('refuses to remove an upload a record still references (403 in use)', async () => {
    const uploaded = await uploadPhoto(manager, jpeg());
    await app.db.query('CREATE TABLE test_city_photos (path varchar(255) NOT NULL REFERENCES files (path))');
    try {
      await app.db.query('INSERT INTO test_city_photos (path) VALUES ($1)', [uploaded.body.path]);
      const response = await manager.delete(`/api/photos?path=${encodeURIComponent(uploaded.body.path)}`);
      expect(response.status).toBe(403);
      expect(response.body).toEqual({ message: MESSAGES.errors.inUse });
      expect((await manager.getBytes(uploaded.body.url)).status).toBe(200);
    } finally {
      await app.db.query('DROP TABLE test_city_photos');
    }
  });
});
