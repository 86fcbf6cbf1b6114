/**
 * The security edge (issue 8 "The local server is reachable from any web page"): the Host check
 * against DNS rebinding, the Origin check and CSRF proof on state-changing requests (including
 * the spec's GETs that change things), /api/setup from this computer only, and the headers.
 */
import { Controller, Get, Module } from '@nestjs/common';
import { APP_GUARD, NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import http from 'node:http';
import fs from 'node:fs/promises';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../shared/messages.js';
import { Role } from '../../../shared/roles.js';
import { CONTENT_SECURITY_POLICY, PERMISSIONS_POLICY } from '../../../shared/security.js';
import { ApiClient, startTestApp, type TestApp } from '../../test/test-app.js';
import { allowedHostNames, applySecurityEdge, ChangesState, StateChangingGetGuard } from './security-edge.js';

let app: TestApp;
let rendererDir: string;
beforeAll(async () => {
  rendererDir = await fs.mkdtemp(path.join(os.tmpdir(), 'security-edge-renderer-'));
  await fs.writeFile(path.join(rendererDir, 'index.html'), '<!doctype html><title>Тест</title>');
  app = await startTestApp({ rendererDir, env: { ALLOWED_HOSTS: ' Office.Example , backoffice.lan:8443 ' } });
});
afterAll(async () => {
  await app?.close();
  await fs.rm(rendererDir, { recursive: true, force: true });
});

/** A raw request with any Host header (fetch does not let a caller set Host). */
function rawRequest(url: string, options: { method?: string; headers?: Record<string, string>; body?: string } = {}) {
  const target = new URL(url);
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
    const request = http.request(
      { host: target.hostname, port: target.port, path: target.pathname + target.search, method: options.method ?? 'GET', headers: options.headers, setHost: !options.headers?.Host },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks).toString('utf8') }));
      },
    );
    request.on('error', reject);
    request.end(options.body);
  });
}

describe('the Host check', () => {
  it('refuses with 421 a Host that is not this computer or an allowed name, on the API and on pages', async () => {
    for (const host of ['evil.example', 'evil.example:80', '127.0.0.1.evil.example', 'localhost.evil.example', '192.0.2.2']) {
      for (const route of ['/api/health', '/api/setup', '/', '/clients']) {
        const response = await rawRequest(`${app.url}${route}`, { headers: { Host: host } });
        expect(response.status, `${host} ${route}`).toBe(421);
        expect(JSON.parse(response.body), `${host} ${route}`).toEqual({ message: MESSAGES.security.misdirected });
      }
    }
    // A rebinding page cannot create the first administrator of an empty database either.
    const setup = await rawRequest(`${app.url}/api/setup`, {
      method: 'POST',
      headers: { Host: 'evil.example', 'Content-Type': 'application/json' },
      body: JSON.stringify({ surname: 'Взлом', name: 'Взлом', email: 'evil@example.test', password: 'evil-password' }),
    });
    expect(setup.status).toBe(421);
    expect(await app.db.query('SELECT 1 FROM users')).toEqual([]);
  });

  it('accepts localhost, 127.0.0.1 and [::1] on any port, and the names in ALLOWED_HOSTS', async () => {
    for (const host of ['localhost', 'localhost:1234', 'LOCALHOST:80', '127.0.0.1', '127.0.0.1:9', '[::1]', '[::1]:8080', 'office.example', 'OFFICE.example:3000', 'backoffice.lan']) {
      const response = await rawRequest(`${app.url}/api/health`, { headers: { Host: host } });
      expect(response.status, host).toBe(200);
    }
  });

  it('refuses a request without a Host header (HTTP/1.0)', async () => {
    const { hostname, port } = new URL(app.url);
    const reply = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(Number(port), hostname, () => socket.end('GET /api/health HTTP/1.0\r\n\r\n'));
      let text = '';
      socket.on('data', (chunk) => (text += chunk.toString('utf8')));
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    expect(reply).toMatch(/^HTTP\/1\.[01] 421 /);
  });
});

describe('the Origin check on state-changing requests', () => {
  it('refuses a foreign Origin with 403 before anything happens, and lets a request without Origin through', async () => {
    const user = await app.createUser({ role: Role.Manager });
    const { port } = new URL(app.url);
    for (const origin of ['http://evil.example', 'null', `http://127.0.0.1:${Number(port) + 1}`, `https://127.0.0.1:${port}`, 'http://localhost']) {
      const client = app.client();
      const response = await client.post('/api/login', { login: user.email, password: user.password }, { headers: { Origin: origin } });
      expect(response.status, origin).toBe(403);
      expect(response.body, origin).toEqual({ message: MESSAGES.security.foreignOrigin });
    }
    expect(await app.db.query('SELECT 1 FROM sessions WHERE user_id = $1', [user.id])).toEqual([]);

    // The page's own origin, and outside clients that send no Origin, are served.
    expect((await app.client().post('/api/login', { login: user.email, password: user.password }, { headers: { Origin: app.url } })).status).toBe(200);
    expect((await app.client().login(user.email, user.password)).status).toBe(200);
  });

  it('a foreign Origin on a signed-in write changes nothing', async () => {
    const { client } = await app.signInAs(Role.Administrator);
    const response = await client.post('/api/countries', { name: 'Чужестрания' }, { headers: { Origin: 'http://evil.example' } });
    expect(response.status).toBe(403);
    expect(await app.db.query(`SELECT 1 FROM countries WHERE name = 'Чужестрания'`)).toEqual([]);
  });
});

describe('/api/setup', () => {
  const lanAddress = Object.values(os.networkInterfaces())
    .flat()
    .find((entry) => entry && entry.family === 'IPv4' && !entry.internal)?.address;

  it.skipIf(!lanAddress)('creates the first administrator only for a request from this computer (by the socket address)', async () => {
    const fresh = await startTestApp();
    try {
      const lan = await fresh.startAnotherServer({ host: '0.0.0.0', env: { ALLOWED_HOSTS: lanAddress } });
      const administrator = { surname: 'Сетевой', name: 'Сергей', email: 'lan.admin@example.test', password: 'lan-password-1' };

      const remote = new ApiClient(`http://${lanAddress}:${lan.port}`);
      expect((await remote.get('/api/setup')).body).toEqual({ required: true });
      const refused = await remote.post('/api/setup', administrator);
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({ message: MESSAGES.auth.setupLocalOnly });
      expect(await fresh.db.query('SELECT 1 FROM users')).toEqual([]);

      // The same server, reached from this computer.
      const local = new ApiClient(`http://127.0.0.1:${lan.port}`);
      expect((await local.post('/api/setup', administrator)).status).toBe(201);
    } finally {
      await fresh.close();
    }
  });
});

describe('headers', () => {
  it('API answers carry Cache-Control: no-store, successes and errors alike', async () => {
    const { client } = await app.signInAs(Role.Manager);
    for (const response of [await app.client().get('/api/health'), await client.get('/api/countries'), await app.client().get('/api/countries'), await client.post('/api/me')]) {
      expect(response.headers.get('cache-control')).toBe('no-store');
    }
  });

  it('pages send the CSP, a Referrer-Policy, a Permissions-Policy, nosniff, and no X-Powered-By', async () => {
    for (const route of ['/', '/clients', '/api/health']) {
      const response = await fetch(`${app.url}${route}`);
      expect(response.status, route).toBe(200);
      expect(response.headers.get('content-security-policy'), route).toBe(CONTENT_SECURITY_POLICY);
      expect(response.headers.get('referrer-policy'), route).toBe('no-referrer');
      expect(response.headers.get('permissions-policy'), route).toBe(PERMISSIONS_POLICY);
      expect(response.headers.get('permissions-policy'), route).toContain('camera=()');
      expect(response.headers.get('x-content-type-options'), route).toBe('nosniff');
      expect(response.headers.get('x-frame-options'), route).toBe('DENY');
      expect(response.headers.get('x-powered-by'), route).toBeNull();
    }
  });
});

// ---------------------------------------------------------------------------------------------
// The spec's GETs that change things (a departure's notify, imports restart and update-items) declare
// @ChangesState() (their own tests refuse them without the write proof). The mechanism is tested on a route of its own,
// in an app wired like the real one (applySecurityEdge + the global guard).

let probeCalls = 0;
@Controller('probe')
class ProbeController {
  @Get('notify')
  @ChangesState()
  notify() {
    probeCalls++;
    return { message: 'Уведомления будут отправлены в ближайшее время!' };
  }

  @Get('read')
  read() {
    return { ok: true };
  }
}

@Module({ controllers: [ProbeController], providers: [{ provide: APP_GUARD, useClass: StateChangingGetGuard }] })
class ProbeModule {}

describe('@ChangesState(): a GET that changes things needs the same CSRF proof as a write', () => {
  let probe: NestExpressApplication;
  let url: string;
  beforeAll(async () => {
    probe = await NestFactory.create<NestExpressApplication>(ProbeModule, { logger: false });
    applySecurityEdge(probe, { allowedHosts: allowedHostNames(undefined) });
    probe.setGlobalPrefix('api');
    await probe.listen(0, '127.0.0.1');
    url = `http://127.0.0.1:${(probe.getHttpServer().address() as AddressInfo).port}`;
  });
  afterAll(() => probe?.close());

  it('without the XSRF header: 419, and the handler does not run', async () => {
    const client = new ApiClient(url);
    await client.request('GET', '/api/sanctum/csrf-cookie').catch(() => undefined);
    client.cookies.set('XSRF-TOKEN', 'token-of-the-page');
    for (const headers of [{}, { 'X-XSRF-TOKEN': 'another-token' }] as Record<string, string>[]) {
      const response = await client.get('/api/probe/notify', { headers });
      expect(response.status).toBe(419);
      expect(response.body).toEqual({ message: MESSAGES.auth.csrfMismatch });
    }
    expect(probeCalls).toBe(0);
  });

  it('with a foreign Origin: 403', async () => {
    const client = new ApiClient(url);
    client.cookies.set('XSRF-TOKEN', 'token-of-the-page');
    const response = await client.get('/api/probe/notify', { headers: { 'X-XSRF-TOKEN': 'token-of-the-page', Origin: 'http://evil.example' } });
    expect(response.status).toBe(403);
    expect(probeCalls).toBe(0);
  });

  it('with the header equal to the cookie: runs; a GET without the mark needs no proof', async () => {
    const client = new ApiClient(url);
    client.cookies.set('XSRF-TOKEN', 'token%20of%20the%20page');
    const response = await client.get('/api/probe/notify', { headers: { 'X-XSRF-TOKEN': 'token of the page' } });
    expect(response.status).toBe(200);
    expect(probeCalls).toBe(1);
    expect((await new ApiClient(url).get('/api/probe/read')).status).toBe(200);
  });
});
