/** The Sanctum-style session protocol of ARCHITECTURE.md §3: CSRF, sign-in, throttle, sessions in PostgreSQL. */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE, XSRF_COOKIE } from '../../shared/api.js';
import { MESSAGES } from '../../shared/messages.js';
import { Role } from '../../shared/roles.js';
import { cookieAttributes, startTestApp, type TestApp } from '../test/test-app.js';
import { LOGIN_MAX_ATTEMPTS } from './login-throttle.service.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const sessionsOf = (userId: number) =>
  app.db.query<{ token_hash: string }>('SELECT token_hash FROM sessions WHERE user_id = $1', [userId]);

describe('CSRF protection', () => {
  it('GET /api/sanctum/csrf-cookie sets a readable XSRF-TOKEN cookie', async () => {
    const response = await app.client().csrf();
    expect(response.status).toBe(204);
    const cookie = cookieAttributes(response, XSRF_COOKIE);
    expect(cookie?.value).toMatch(/^[\w-]{20,}$/);
    expect(cookie?.attributes).toContain('path=/');
    expect(cookie?.attributes).not.toContain('httponly');
  });

  it('refuses a non-GET request without X-XSRF-TOKEN or with a wrong one with 419, also for login', async () => {
    const user = await app.createUser({ role: Role.Manager });
    const credentials = { login: user.email, password: user.password };
    const client = app.client();
    const expect419 = async (request: Promise<{ status: number; body: unknown }>, what: string) => {
      const response = await request;
      expect(response.status, what).toBe(419);
      expect(response.body, what).toEqual({ message: MESSAGES.auth.csrfMismatch });
    };

    await expect419(client.post('/api/login', credentials, { xsrf: false }), 'no cookie, no header');
    await client.csrf();
    await expect419(client.post('/api/login', credentials, { xsrf: false }), 'cookie, no header');
    await expect419(client.post('/api/login', credentials, { xsrf: 'wrong-token' }), 'cookie, wrong header');
    expect(await sessionsOf(user.id)).toEqual([]);

    expect((await client.login(user.email, user.password)).status).toBe(200);
    const token = decodeURIComponent(client.cookies.get(XSRF_COOKIE)!);
    // A signed-in client is refused too, and nothing happens: logout without the header keeps the session.
    await expect419(client.post('/api/me', undefined, { xsrf: false }), 'signed in, no header');
    await expect419(client.post('/api/logout', undefined, { xsrf: `${token}x` }), 'signed in, wrong header');
    await expect419(client.post('/api/countries', { name: 'Атлантида' }, { xsrf: token.slice(1) }), 'signed in, shorter header');
    expect(await sessionsOf(user.id)).toHaveLength(1);
    expect(await app.db.query(`SELECT 1 FROM countries WHERE name = 'Атлантида'`)).toEqual([]);
    expect((await client.post('/api/me', undefined, { xsrf: token })).status).toBe(200);
  });
});

describe('sign-in', () => {
  it('signs in: an httpOnly session cookie, the user in the reply and from POST /api/me, a hashed session row', async () => {
    const user = await app.createUser({ role: Role.Accountant, surname: 'Петрова', name: 'Анна', patronymic: null, email: 'anna.petrova@example.test' });
    const client = app.client();
    // The login is the e-mail, case and surrounding spaces do not matter.
    const response = await client.login('  Anna.Petrova@Example.TEST ', user.password);

    expect(response.status).toBe(200);
    expect(response.body).toEqual({ data: { id: user.id, name: 'Петрова Анна', email: 'anna.petrova@example.test', role: Role.Accountant } });
    const session = cookieAttributes(response, SESSION_COOKIE);
    expect(session?.attributes).toEqual(expect.arrayContaining(['httponly', 'path=/', 'samesite=lax']));
    // A fresh XSRF token comes with the new session.
    expect(cookieAttributes(response, XSRF_COOKIE)?.attributes).not.toContain('httponly');

    const me = await client.post('/api/me');
    expect(me.status).toBe(200);
    expect(me.body).toEqual({ id: user.id, name: 'Петрова Анна', email: 'anna.petrova@example.test', role: Role.Accountant });

    // Only the SHA-256 of the cookie token is stored.
    expect(await sessionsOf(user.id)).toEqual([{ token_hash: sha256(decodeURIComponent(session!.value)) }]);
  });

  it('refuses a wrong password and an unknown login with 422 errors.login, and starts no session', async () => {
    const user = await app.createUser();
    const client = app.client();
    for (const [login, password] of [
      [user.email, 'wrong-password'],
      ['nobody@example.test', user.password],
    ]) {
      const response = await client.login(login!, password!);
      expect(response.status).toBe(422);
      expect(response.body).toEqual({
        message: MESSAGES.auth.wrongCredentials,
        errors: { login: [MESSAGES.auth.wrongCredentials] },
      });
      expect(client.cookies.has(SESSION_COOKIE)).toBe(false);
    }
    expect(await sessionsOf(user.id)).toEqual([]);
    expect((await client.post('/api/me')).status).toBe(401);
  });

  it('refuses an inactive user with 422 errors.login even with the right password', async () => {
    const user = await app.createUser({ is_active: false });
    const response = await app.client().login(user.email, user.password);
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({ login: [MESSAGES.auth.inactiveUser] });
    expect(await sessionsOf(user.id)).toEqual([]);
  });

  it('validates the sign-in form', async () => {
    const response = await app.client().post('/api/login', { login: '', password: '' });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({ login: [MESSAGES.validation.required], password: [MESSAGES.validation.required] });
  });

  it(`throttles the ${LOGIN_MAX_ATTEMPTS + 1}th failed attempt within a minute per login (429), keyed by login in PostgreSQL`, async () => {
    const victim = await app.createUser();
    const bystander = await app.createUser();
    const client = app.client();

    for (let attempt = 1; attempt <= LOGIN_MAX_ATTEMPTS; attempt++) {
      expect((await client.login(victim.email, `wrong-${attempt}`)).status).toBe(422);
    }
    const attempts = await app.db.query<{ count: number }>('SELECT count(*)::int AS count FROM login_attempts WHERE login = $1', [victim.email]);
    expect(attempts).toEqual([{ count: LOGIN_MAX_ATTEMPTS }]);

    // Now even the right password is refused, whatever the case of the login.
    const throttled = await client.login(victim.email.toUpperCase(), victim.password);
    expect(throttled.status).toBe(429);
    expect(throttled.body.message).toMatch(/^Слишком много попыток входа\. Повторите попытку через \d+ сек\.$/);
    expect(throttled.body.retry_after).toBeGreaterThan(0);
    expect(throttled.body.retry_after).toBeLessThanOrEqual(60);
    expect(await sessionsOf(victim.id)).toEqual([]);

    // Another login from the same address (every desktop request comes from 127.0.0.1) is not throttled.
    expect((await app.client().login(bystander.email, bystander.password)).status).toBe(200);
  });

  it('forgets failed attempts after a successful sign-in', async () => {
    const user = await app.createUser();
    const client = app.client();
    for (let attempt = 1; attempt < LOGIN_MAX_ATTEMPTS; attempt++) await client.login(user.email, 'wrong-password');
    expect((await client.login(user.email, user.password)).status).toBe(200);
    expect(await app.db.query('SELECT 1 FROM login_attempts WHERE login = $1', [user.email])).toEqual([]);
  });

  it('gives a new session on every sign-in and ends the previous one of this browser', async () => {
    const user = await app.createUser();
    const client = app.client();
    await client.login(user.email, user.password);
    const first = client.cookies.get(SESSION_COOKIE)!;
    await client.login(user.email, user.password);
    const second = client.cookies.get(SESSION_COOKIE)!;

    expect(second).not.toBe(first);
    expect(await sessionsOf(user.id)).toEqual([{ token_hash: sha256(decodeURIComponent(second)) }]);
    const stale = app.client();
    stale.cookies.set(SESSION_COOKIE, first);
    expect((await stale.post('/api/me')).status).toBe(401);
  });
});

describe('sessions', () => {
  it('answers 401 without a session', async () => {
    const client = app.client();
    const me = await client.post('/api/me');
    expect(me.status).toBe(401);
    expect(me.body).toEqual({ message: MESSAGES.auth.unauthenticated });
    expect((await client.get('/api/users')).status).toBe(401);
    expect((await client.get('/api/countries')).status).toBe(401);

    const forged = app.client();
    forged.cookies.set(SESSION_COOKIE, 'not-a-session');
    expect((await forged.post('/api/me')).status).toBe(401);
  });

  it('logout ends the session: the row is gone, the cookie is cleared, the next request is 401', async () => {
    const { client, user } = await app.signInAs(Role.Manager);
    const token = client.cookies.get(SESSION_COOKIE)!;
    expect(await sessionsOf(user.id)).toHaveLength(1);

    const logout = await client.post('/api/logout');
    expect(logout.status).toBe(204);
    expect(client.cookies.has(SESSION_COOKIE)).toBe(false);
    expect(await sessionsOf(user.id)).toEqual([]);
    expect((await client.post('/api/me')).status).toBe(401);

    // Replaying the old cookie does not bring the session back.
    const replay = app.client();
    replay.cookies.set(SESSION_COOKIE, token);
    expect((await replay.post('/api/me')).status).toBe(401);
  });

  it('an expired session (idle for more than 12 hours) is refused', async () => {
    const { client, user } = await app.signInAs(Role.Manager);
    await app.db.query(`UPDATE sessions SET last_seen_at = now() - interval '13 hours' WHERE user_id = $1`, [user.id]);
    expect((await client.post('/api/me')).status).toBe(401);
  });

  it('a second server instance on the same database accepts the same session cookie', async () => {
    const { client, user } = await app.signInAs(Role.Accountant);
    const another = await app.startAnotherServer();
    expect(another.url).not.toBe(app.url);

    const sameBrowser = client.withBaseUrl(another.url);
    const me = await sameBrowser.post('/api/me');
    expect(me.status).toBe(200);
    expect(me.body.id).toBe(user.id);

    // Signing out on one instance signs out on all of them.
    expect((await sameBrowser.post('/api/logout')).status).toBe(204);
    expect((await client.post('/api/me')).status).toBe(401);
  });
});
