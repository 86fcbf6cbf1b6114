/**
 * POST /api/hotels/files and the chunked storage behind it: kinds told by content and the limits of
 * each type, a video streamed into PostgreSQL in 1 MB chunks (never whole in memory) and served
 * back with Range requests.
 */
import http from 'node:http';
import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HotelFileType } from '../../shared/hotels/constants.js';
import { MESSAGES } from '../../shared/messages.js';
import { Role } from '../../shared/roles.js';
import { startTestApp, type ApiClient, type TestApp } from '../test/test-app.js';
import { CHUNK_BYTES } from '../files/files.service.js';
import { parseRange } from '../files/files.controller.js';

const MB = 1024 * 1024;
let app: TestApp;
let manager: ApiClient;

beforeAll(async () => {
  app = await startTestApp();
  manager = (await app.signInAs(Role.Manager)).client;
});
afterAll(() => app?.close());

const withHead = (head: number[] | string, size: number) => {
  const bytes = randomBytes(size);
  Buffer.from(typeof head === 'string' ? Buffer.from(head, 'latin1') : head).copy(bytes);
  return bytes;
};
const mp4 = (size: number) => withHead('\x00\x00\x00\x18ftypisom\x00\x00\x02\x00', size);
const webm = (size: number) => withHead('\x1a\x45\xdf\xa3\x9f\x42\x86\x81\x01\x42\x82\x84webm', size);
const jpeg = (size: number) => withHead([0xff, 0xd8, 0xff, 0xe0], size);
const pdf = (size: number) => withHead('%PDF-1.7\n', size);
const bmp = (size: number) => withHead([0x42, 0x4d, 0, 0, 0, 0, 0, 0, 0, 0, 0x36, 0, 0, 0, 0x28, 0, 0, 0], size);

function upload(type: number | string, bytes: Buffer, name: string, field = 'file') {
  const form = new FormData();
  form.append('type', String(type)); // the type first: the server picks the policy before the file
  form.append(field, new Blob([bytes]), name);
  return manager.postForm('/api/hotels/files', form);
}

describe('POST /api/hotels/files', () => {
  it('takes each type\'s kinds, told by content, and refuses others with the spec\'s message', async () => {
    for (const [type, bytes, name] of [
      [HotelFileType.Description, pdf(4096), 'описание.pdf'],
      [HotelFileType.Memo, bmp(4096), 'памятка.bmp'],
      [HotelFileType.Photo, jpeg(4096), 'фасад.jpg'],
      [HotelFileType.RoomPhoto, jpeg(4096), 'номер.jpg'],
      [HotelFileType.Video, mp4(4096), 'ролик.mp4'],
    ] as const) {
      const response = await upload(type, bytes, name);
      expect(response.status, `${type} ${JSON.stringify(response.body)}`).toBe(201);
      expect(response.body).toEqual({ name: expect.any(String), path: expect.any(String), url: `/api/storage/${response.body.path}` });
    }
    const video = await upload(HotelFileType.Video, jpeg(4096), 'not-a-video.mp4');
    expect(video.status).toBe(422);
    expect(video.body.errors).toEqual({ file: [MESSAGES.files.badFormat] });
    const memo = await upload(HotelFileType.Memo, mp4(4096), 'memo.doc');
    expect(memo.body.errors).toEqual({ file: [MESSAGES.files.badFormat] });
    expect((await upload(5, jpeg(100), 'x.jpg')).body.errors).toEqual({ type: [MESSAGES.validation.oneOf] });
  });

  it('keeps each type\'s size limit: photo 2 MB, memo 3 MB (and refuses a file sent before its type the same way)', async () => {
    expect((await upload(HotelFileType.Photo, jpeg(2 * MB), 'two.jpg')).status).toBe(201);
    const photo = await upload(HotelFileType.Photo, jpeg(2 * MB + 1), 'big.jpg');
    expect(photo.status).toBe(422);
    expect(photo.body.errors).toEqual({ file: [MESSAGES.files.tooLarge(2)] });
    expect((await upload(HotelFileType.Memo, bmp(3 * MB + 1), 'big.bmp')).body.errors).toEqual({ file: [MESSAGES.files.tooLarge(3)] });

    const late = new FormData();
    late.append('file', new Blob([jpeg(2 * MB + 5)]), 'late.jpg');
    late.append('type', String(HotelFileType.Photo));
    const before = await app.db.query<{ count: number }>('SELECT count(*)::int AS count FROM files');
    const refused = await manager.postForm('/api/hotels/files', late);
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({ file: [MESSAGES.files.tooLarge(2)] });
    expect(await app.db.query('SELECT count(*)::int AS count FROM files')).toEqual(before);
  });

  it('streams a video into 1 MB chunks and serves it back whole and by Range (206), chunk by chunk', async () => {
    const bytes = webm(5 * MB + 12345);
    const stored = await upload(HotelFileType.Video, bytes, 'Обзор отеля.webm');
    expect(stored.status).toBe(201);
    const hash = createHash('sha256').update(bytes).digest('hex');
    const chunks = await app.db.query<{ index: number; length: number }>('SELECT index, length(data) AS length FROM stored_file_chunks WHERE sha256 = $1 ORDER BY index', [hash]);
    expect(chunks.map((chunk) => chunk.length)).toEqual([CHUNK_BYTES, CHUNK_BYTES, CHUNK_BYTES, CHUNK_BYTES, CHUNK_BYTES, 12345]);

    const whole = await manager.getBytes(stored.body.url);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(whole.headers.get('content-type')).toBe('video/webm');
    expect(whole.headers.get('content-disposition')).toMatch(/^inline;/);
    expect(whole.body.equals(bytes)).toBe(true);

    // Across a chunk boundary, an open end, and a suffix.
    for (const [header, start, end] of [
      [`bytes=${MB - 10}-${MB + 9}`, MB - 10, MB + 9],
      [`bytes=${5 * MB}-`, 5 * MB, bytes.length - 1],
      ['bytes=-100', bytes.length - 100, bytes.length - 1],
      ['bytes=0-0', 0, 0],
    ] as const) {
      const part = await manager.getBytes(stored.body.url, { headers: { Range: header } });
      expect(part.status, header).toBe(206);
      expect(part.headers.get('content-range')).toBe(`bytes ${start}-${end}/${bytes.length}`);
      expect(part.headers.get('content-length')).toBe(String(end - start + 1));
      expect(part.body.equals(bytes.subarray(start, end + 1)), header).toBe(true);
    }
    const past = await manager.getBytes(stored.body.url, { headers: { Range: `bytes=${bytes.length}-` } });
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe(`bytes */${bytes.length}`);
  });

  it('refuses a video over 100 MB with the spec\'s message, stopping at the limit, and keeps nothing of it', async () => {
    const before = await app.db.query('SELECT count(*)::int AS count FROM stored_file_chunks');
    // Streamed without building 100 MB in this process either: a multipart body written piece by piece.
    const response = await streamUpload(manager, HotelFileType.Video, 100 * MB + 1);
    expect(response.status).toBe(422);
    expect(JSON.parse(response.body).errors).toEqual({ file: [MESSAGES.files.tooLarge(100)] });
    expect(await app.db.query('SELECT count(*)::int AS count FROM stored_file_chunks')).toEqual(before);
  });
});

describe('parseRange', () => {
  it('reads single byte ranges and refuses those past the end', () => {
    expect(parseRange(undefined, 100)).toBeNull();
    expect(parseRange('items=0-5', 100)).toBeNull();
    expect(parseRange('bytes=10-19', 100)).toEqual({ start: 10, end: 19 });
    expect(parseRange('bytes=90-200', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=-300', 100)).toEqual({ start: 0, end: 99 });
    expect(parseRange('bytes=0-1,5-6', 100)).toEqual({ start: 0, end: 1 });
    expect(parseRange('bytes=100-', 100)).toBe('unsatisfiable');
    expect(parseRange('bytes=20-10', 100)).toBe('unsatisfiable');
  });
});

/** POSTs a multipart video of `size` bytes, generated piece by piece (an mp4 header, then zeros). */
function streamUpload(client: ApiClient, type: number, size: number): Promise<{ status: number; body: string }> {
  const boundary = `----hotel${Date.now()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="type"\r\n\r\n${type}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const url = new URL('/api/hotels/files', client.baseUrl);
  const cookies = [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method: 'POST',
        headers: {
          'Content-Type': `multipart/form-data; boundary=${boundary}`,
          'Content-Length': head.length + size + tail.length,
          Cookie: cookies,
          'X-XSRF-TOKEN': decodeURIComponent(client.cookies.get('XSRF-TOKEN') ?? ''),
          Accept: 'application/json',
        },
      },
      (response) => {
        let body = '';
        response.on('data', (piece) => (body += piece));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      },
    );
    request.on('error', (error) => (String(error).includes('EPIPE') || String(error).includes('ECONNRESET') ? undefined : reject(error)));
    request.write(head);
    const piece = Buffer.alloc(MB);
    Buffer.from('\x00\x00\x00\x18ftypisom', 'latin1').copy(piece);
    let sent = 0;
    const pump = () => {
      while (sent < size) {
        const length = Math.min(MB, size - sent);
        const chunk = sent === 0 ? piece.subarray(0, length) : Buffer.alloc(length);
        sent += length;
        if (!request.write(chunk)) return void request.once('drain', pump);
      }
      request.end(tail);
    };
    pump();
  });
}
