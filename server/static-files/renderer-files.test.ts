/** How the server hands out the built renderer: precompressed copies, caching by kind of name. */
import fs from 'node:fs/promises';
import { request } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/test-app.js';
import { chooseEncoding, IMMUTABLE } from './renderer-files.js';

const INDEX_HTML = `<!doctype html><html><head><script type="module" src="/assets/index-Bx3k9QzA.js"></script></head><body>${'<div></div>'.repeat(50)}</body></html>`;
const ENTRY_JS = `console.log(${JSON.stringify('тур '.repeat(500))});`;

let app: TestApp;
let rendererDir: string;

beforeAll(async () => {
  rendererDir = await fs.mkdtemp(path.join(os.tmpdir(), 'backoffice-renderer-files-'));
  await fs.mkdir(path.join(rendererDir, 'assets'));
  const write = async (name: string, content: string | Buffer, compressed: boolean) => {
    const file = path.join(rendererDir, name);
    await fs.writeFile(file, content);
    if (compressed) {
      await fs.writeFile(`${file}.br`, brotliCompressSync(content));
      await fs.writeFile(`${file}.gz`, gzipSync(content));
    }
  };
  await write('index.html', INDEX_HTML, true);
  await write('assets/index-Bx3k9QzA.js', ENTRY_JS, true);
  // Fonts are compressed already: the build leaves them as they are.
  await write('assets/icons-16-kcB9TJr_.woff2', Buffer.from([0x77, 0x4f, 0x46, 0x32, 1, 2, 3]), false);
  await write('favicon.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>', false);
  app = await startTestApp({ rendererDir });
});

afterAll(async () => {
  await app?.close();
  await fs.rm(rendererDir, { recursive: true, force: true });
});

/** A GET with the given Accept-Encoding; the body as the bytes on the wire (fetch would decode them). */
async function get(urlPath: string, acceptEncoding: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
    const outgoing = request(new URL(urlPath, app.url), { headers: { 'Accept-Encoding': acceptEncoding, ...headers } }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('end', () => resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers, body: Buffer.concat(chunks) }));
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

describe('the renderer files', () => {
  it('sends a hashed script brotli-compressed to a browser that accepts it, cached for good', async () => {
    const reply = await get('/assets/index-Bx3k9QzA.js', 'gzip, deflate, br, zstd');
    expect(reply.status).toBe(200);
    expect(reply.headers['content-encoding']).toBe('br');
    expect(reply.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(reply.headers['cache-control']).toBe(IMMUTABLE);
    expect(reply.headers['vary']).toBe('Accept-Encoding');
    expect(Number(reply.headers['content-length'])).toBe(reply.body.length);
    expect(reply.body.length).toBeLessThan(Buffer.byteLength(ENTRY_JS) / 5);
    expect(brotliDecompressSync(reply.body).toString()).toBe(ENTRY_JS);
  });

  it('sends gzip where brotli is not accepted, and the file as it is where neither is', async () => {
    const gzipped = await get('/assets/index-Bx3k9QzA.js', 'gzip, br;q=0');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.body).toString()).toBe(ENTRY_JS);

    const plain = await get('/assets/index-Bx3k9QzA.js', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(ENTRY_JS);
    expect(plain.headers['cache-control']).toBe(IMMUTABLE);
  });

  it('never lets a browser keep index.html without asking: no-cache, revalidated by its ETag', async () => {
    for (const route of ['/', '/index.html', '/clients?page=2', '/applications/15/edit']) {
      const reply = await get(route, 'br');
      expect(reply.status, route).toBe(200);
      expect(reply.headers['cache-control'], route).toBe('no-cache');
      expect(reply.headers['content-type'], route).toMatch(/^text\/html/);
      expect(reply.headers['content-encoding'], route).toBe('br');
      expect(brotliDecompressSync(reply.body).toString(), route).toBe(INDEX_HTML);
    }
    const first = await get('/', 'br');
    const again = await get('/', 'br', { 'If-None-Match': String(first.headers.etag) });
    expect(again.status).toBe(304);
  });

  it('sends files without compressed copies as they are, and unhashed ones are revalidated too', async () => {
    const font = await get('/assets/icons-16-kcB9TJr_.woff2', 'gzip, br');
    expect(font.status).toBe(200);
    expect(font.headers['content-encoding']).toBeUndefined();
    expect(font.headers['vary']).toBeUndefined();
    expect(font.headers['cache-control']).toBe(IMMUTABLE);
    expect(font.headers['content-type']).toBe('font/woff2');

    const icon = await get('/favicon.svg', 'gzip, br');
    expect(icon.headers['cache-control']).toBe('no-cache');
    expect(icon.headers['content-type']).toMatch(/^image\/svg\+xml/);
  });

  it('answers a chunk that is not there with a 404, not with index.html', async () => {
    const reply = await get('/assets/ResourceScreen-Old0Hash.js', 'br');
    expect(reply.status).toBe(404);
    expect(reply.headers['content-type']).toMatch(/^text\/plain/);
  });

  it('picks the encoding by the q-values of Accept-Encoding', () => {
    const both = { br: 'x.br', gzip: 'x.gz' };
    expect(chooseEncoding('gzip, deflate, br', both)).toBe('br');
    expect(chooseEncoding('br;q=0, gzip;q=0.5', both)).toBe('gzip');
    expect(chooseEncoding('*', both)).toBe('br');
    expect(chooseEncoding('*;q=0, identity', both)).toBeUndefined();
    expect(chooseEncoding(undefined, both)).toBeUndefined();
    expect(chooseEncoding('br', { gzip: 'x.gz' })).toBeUndefined();
  });
});
