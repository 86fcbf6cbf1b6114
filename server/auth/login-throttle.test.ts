/**
 * The sign-in throttle under concurrency (issue 8): at most LOGIN_MAX_ATTEMPTS password checks per
 * login per minute, however many requests arrive at once; and expired sessions do not pile up.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../shared/messages.js';
import { Role } from '../../shared/roles.js';
import { SESSION_IDLE_MS, SESSION_LIFETIME_MS } from '../common/auth/session.service.js';
import { startTestApp, type TestApp } from '../test/test-app.js';
import { LOGIN_MAX_ATTEMPTS } from './login-throttle.service.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

const attemptsOf = async (login: string) =>
  (await app.db.query<{ count: number }>('SELECT count(*)::int AS count FROM login_attempts WHERE login = $1', [login]))[0]!.count;

describe('the sign-in throttle under parallel requests', () => {
  it(`30 simultaneous wrong passwords for one login: ${LOGIN_MAX_ATTEMPTS} reach the password check, the rest are 429`, async () => {
    const victim = await app.createUser();
    const replies = await Promise.all(Array.from({ length: 30 }, (_, n) => app.client().login(victim.email, `wrong-${n}`)));
    const statuses = replies.map((reply) => reply.status);
    expect(statuses.filter((status) => status === 422)).toHaveLength(LOGIN_MAX_ATTEMPTS);
    expect(statuses.filter((status) => status === 429)).toHaveLength(30 - LOGIN_MAX_ATTEMPTS);
    for (const reply of replies.filter((r) => r.status === 429)) {
      expect(reply.body.message).toBe(MESSAGES.auth.throttled(reply.body.retry_after));
    }
    expect(await attemptsOf(victim.email)).toBe(LOGIN_MAX_ATTEMPTS);
    // Even the right password waits for the minute to pass.
    expect((await app.client().login(victim.email, victim.password)).status).toBe(429);
  });

  it('the case and spaces of the login do not open more attempts', async () => {
    const victim = await app.createUser();
    const variants = [victim.email, victim.email.toUpperCase(), ` ${victim.email} `, `${victim.email}\t`];
    const replies = await Promise.all(Array.from({ length: 20 }, (_, n) => app.client().login(variants[n % variants.length]!, `wrong-${n}`)));
    expect(replies.filter((reply) => reply.status === 422)).toHaveLength(LOGIN_MAX_ATTEMPTS);
  });
});

describe('expired sessions', () => {
  it('are deleted when someone signs in, while live ones stay', async () => {
    const idle = await app.signInAs(Role.Manager);
    const old = await app.signInAs(Role.Manager);
    const live = await app.signInAs(Role.Manager);
    await app.db.query(`UPDATE sessions SET last_seen_at = now() - make_interval(secs => $2) WHERE user_id = $1`, [idle.user.id, SESSION_IDLE_MS / 1000 + 60]);
    await app.db.query(`UPDATE sessions SET created_at = now() - make_interval(secs => $2) WHERE user_id = $1`, [old.user.id, SESSION_LIFETIME_MS / 1000 + 60]);
    // Old failed attempts of any login are pruned too.
    await app.db.query(`INSERT INTO login_attempts (login, created_at) VALUES ('stale@example.test', now() - interval '2 hours')`);

    await app.signInAs(Role.Accountant);

    const left = await app.db.query<{ user_id: number }>('SELECT user_id FROM sessions WHERE user_id = ANY($1)', [[idle.user.id, old.user.id, live.user.id]]);
    expect(left).toEqual([{ user_id: live.user.id }]);
    expect(await attemptsOf('stale@example.test')).toBe(0);
  });

  it(`a session older than its lifetime is refused even while in use`, async () => {
    const { client, user } = await app.signInAs(Role.Manager);
    expect((await client.post('/api/me')).status).toBe(200);
    await app.db.query(`UPDATE sessions SET created_at = now() - make_interval(secs => $2) WHERE user_id = $1`, [user.id, SESSION_LIFETIME_MS / 1000 + 1]);
    expect((await client.post('/api/me')).status).toBe(401);
  });
});
