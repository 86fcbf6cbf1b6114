/** What startServer wires around the API: the renderer with history-mode fallback, CSP, JSON 404s under /api. */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY } from '../shared/security.js';
import { startTestApp, type TestApp } from './test/test-app.js';

const INDEX_HTML = '<!doctype html><html><head><title>Тур Бэк-офис</title></head><body><div id="root"></div></body></html>';

let app: TestApp;
let rendererDir: string;
beforeAll(async () => {
  rendererDir = await fs.mkdtemp(path.join(os.tmpdir(), 'backoffice-renderer-'));
  await fs.mkdir(path.join(rendererDir, 'assets'));
  await fs.writeFile(path.join(rendererDir, 'index.html'), INDEX_HTML);
  await fs.writeFile(path.join(rendererDir, 'assets', 'app.js'), 'console.log("app");');
  app = await startTestApp({ rendererDir });
});
afterAll(async () => {
  await app?.close();
  await fs.rm(rendererDir, { recursive: true, force: true });
});

describe('renderer', () => {
  it('serves index.html for every non-API GET (history-mode routes), with the Content-Security-Policy', async () => {
    for (const route of ['/', '/users', '/applications/15/edit', '/hotels/meals?page=2']) {
      const response = await app.client().get(route);
      expect(response.status, route).toBe(200);
      expect(response.headers.get('content-type'), route).toMatch(/^text\/html/);
      expect(response.body, route).toBe(INDEX_HTML);
      expect(response.headers.get('content-security-policy'), route).toBe(CONTENT_SECURITY_POLICY);
      expect(response.headers.get('x-content-type-options'), route).toBe('nosniff');
    }
  });

  it('serves the built files themselves', async () => {
    const response = await app.client().get('/assets/app.js');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/javascript/);
    expect(response.body).toBe('console.log("app");');
  });

  it('answers unknown API paths with a JSON 404, never with index.html', async () => {
    for (const route of ['/api/unknown', '/api', '/api/unknown/deeper/path']) {
      const response = await app.client().get(route);
      expect(response.status, route).toBe(404);
      expect(response.headers.get('content-type'), route).toMatch(/^application\/json/);
      expect(response.body, route).toEqual({ message: expect.any(String) });
    }
  });

  it('GET /api/health answers without a session', async () => {
    const response = await app.client().get('/api/health');
    expect(response).toMatchObject({ status: 200, body: { status: 'ok' } });
    expect(response.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
  });
});
