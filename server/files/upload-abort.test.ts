/**
 * A client that goes away mid-upload (a tab closed, a dropped Wi-Fi link) is the client's doing, not
 * a server error (issue 15): the aborted multipart body — in memory (UploadInterceptor) or streamed
 * into PostgreSQL (StreamUploadInterceptor) — leaves a rate-limited warning in /logs, never an error
 * row with a stack, and nothing stored. Sent for real: part of a multipart body over a raw socket,
 * which is then destroyed.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../shared/messages.js';
import { Role } from '../../shared/roles.js';
import { LOG_RATE_LIMITS } from '../logs/log-rate-limit.js';
import { startTestApp, type ApiClient, type TestApp } from '../test/test-app.js';

let app: TestApp;
let manager: ApiClient;

beforeAll(async () => {
  app = await startTestApp();
  ({ client: manager } = await app.signInAs(Role.Manager));
});
afterAll(() => app?.close());

const WARNING = 300;
const ERROR = 400;
const logRows = (where: string) => app.db.query<{ level: number; title: string; msg: string; meta: Record<string, unknown> }>(`SELECT level, title, msg, meta FROM logs WHERE ${where} ORDER BY id`);
const storedFiles = async () => (await app.db.query<{ files: number; chunks: number }>('SELECT (SELECT count(*)::int FROM files) AS files, (SELECT count(*)::int FROM stored_file_chunks) AS chunks'))[0]!;

/**
 * POSTs a multipart body that announces `declared` bytes, sends its text fields and the first
 * `sent` bytes of the file, then destroys the socket: what the server sees when a tab is closed mid-upload.
 */
async function abortedUpload(path: string, fields: Record<string, string>, fileField: string, declared: number, sent: number): Promise<void> {
  const { hostname, port } = new URL(manager.baseUrl);
  const boundary = `----abort${Date.now()}`;
  const head = Buffer.from(
    Object.entries(fields).map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`).join('') +
      `--${boundary}\r\nContent-Disposition: form-data; name="${fileField}"; filename="video.mp4"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const cookie = [...manager.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  const xsrf = decodeURIComponent(manager.cookies.get('XSRF-TOKEN')!);
  const length = head.length + declared + Buffer.byteLength(`\r\n--${boundary}--\r\n`);
  const socket = net.connect(Number(port), hostname);
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  socket.on('error', () => undefined);
  socket.write(
    `POST ${path} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nCookie: ${cookie}\r\nX-XSRF-TOKEN: ${xsrf}\r\nOrigin: ${manager.baseUrl}\r\n` +
      `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${length}\r\nAccept: application/json\r\n\r\n`,
  );
  socket.write(head);
  // A file that sniffs as MP4 / JPEG is not needed: the body never ends.
  socket.write(Buffer.alloc(sent, 7));
  await new Promise((resolve) => setTimeout(resolve, 300));
  socket.destroy();
  // Give the server the moment it needs to notice and answer into the void.
  await new Promise((resolve) => setTimeout(resolve, 700));
}

describe('an upload the client abandons half-way', () => {
  it.each([
    ['in memory (POST /api/photos)', '/api/photos', { entity: 'city' }, 'photo', 256 * 1024],
    // More than one 1 MB chunk sent: the first chunks reach PostgreSQL before the client goes.
    ['streamed into PostgreSQL (POST /api/hotels/files, a video)', '/api/hotels/files', { type: '6' }, 'file', 2.5 * 1024 * 1024],
  ] as const)('%s: a warning in /logs, no error row, nothing stored', async (_what, path, fields, fileField, sent) => {
    const before = (await logRows('true')).length;
    const files = await storedFiles();
    await abortedUpload(path, fields, fileField, 4 * 1024 * 1024, sent);
    const written = (await logRows('true')).slice(before);
    expect(written.filter((row) => row.level >= ERROR)).toEqual([]);
    const warnings = written.filter((row) => row.level === WARNING);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.msg).toContain(MESSAGES.input.clientAborted);
    expect(warnings[0]!.msg).not.toMatch(/\n\s+at /);
    expect(await storedFiles()).toEqual(files);
  });

  it('many abandoned uploads leave at most the rate limit of warnings, and never an error', async () => {
    const before = (await logRows('true')).length;
    await Promise.all(Array.from({ length: LOG_RATE_LIMITS.perKind + 5 }, () => abortedUpload('/api/photos', { entity: 'city' }, 'photo', 2 * 1024 * 1024, 64 * 1024)));
    const written = (await logRows('true')).slice(before);
    expect(written.filter((row) => row.level >= ERROR)).toEqual([]);
    expect(written.length).toBeGreaterThan(0);
    expect(written.length).toBeLessThanOrEqual(LOG_RATE_LIMITS.perKind);
  });
});
