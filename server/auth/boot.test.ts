/** GET /api/boot: the renderer's one call before its first screen (issue 9 "Renderer"). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE, XSRF_COOKIE } from '../../shared/api.js';
import { Role } from '../../shared/roles.js';
import { cookieAttributes, startTestApp, type TestApp } from '../test/test-app.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

describe('GET /api/boot', () => {
  it('tells a visitor of an empty database to create the first administrator, without a 401, and sets the XSRF cookie', async () => {
    const client = app.client();
    const reply = await client.get('/api/boot');

    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ user: null, setup_required: true });
    expect(reply.headers.get('cache-control')).toBe('no-store');
    expect(cookieAttributes(reply, XSRF_COOKIE)?.value).toMatch(/.{20,}/);
    expect(cookieAttributes(reply, SESSION_COOKIE)).toBeUndefined();
  });

  it('answers the signed-in user once users exist, and its XSRF cookie is the one later writes send', async () => {
    const user = await app.createUser({ role: Role.Manager, surname: 'Петрова', name: 'Анна', patronymic: null });
    const client = app.client();

    const visitor = await client.get('/api/boot');
    expect(visitor.body).toEqual({ user: null, setup_required: false });

    // The client has no cookie but boot's: the sign-in below sends it as X-XSRF-TOKEN.
    expect([...client.cookies.keys()]).toEqual([XSRF_COOKIE]);
    expect((await client.login(user.email, user.password)).status).toBe(200);

    const signedIn = await client.get('/api/boot');
    expect(signedIn.status).toBe(200);
    expect(signedIn.body).toEqual({ user: { id: user.id, name: 'Петрова Анна', email: user.email, role: Role.Manager }, setup_required: false });
    // A browser that has the cookie keeps it: open tabs go on sending the same token.
    expect(cookieAttributes(signedIn, XSRF_COOKIE)).toBeUndefined();
  });

  it('leaves the Sanctum endpoints of outside clients as they were', async () => {
    const client = app.client();
    expect((await client.csrf()).status).toBe(204);
    expect((await client.post('/api/me')).status).toBe(401);
    expect((await client.get('/api/setup')).body).toEqual({ required: false });
  });
});
