/**
 * Staff passwords (issue 8 "Sign-in and passwords"): argon2id hashes computed off the main thread,
 * old bcrypt hashes still accepted and upgraded at the next sign-in, passwords neither trimmed nor
 * truncated, and a bounded queue of password checks that makes a flood wait instead of refusing it.
 */
import { parseOptions } from '@node-rs/argon2';
import { hashSync as bcryptHashSync } from '@node-rs/bcrypt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../shared/messages.js';
import { USER_FIELD_MAX } from '../../shared/resources/users.js';
import { Role } from '../../shared/roles.js';
import { startTestApp, type TestApp } from '../test/test-app.js';
import { createLimiter } from '../common/limiter.js';
import { ARGON2_POLICY, DUMMY_HASH, hashPassword, PASSWORD_CHECKS_AT_ONCE, verifyPassword } from './passwords.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

const hashOf = async (id: number) => (await app.db.query<{ password_hash: string }>('SELECT password_hash FROM users WHERE id = $1', [id]))[0]!.password_hash;

/** Hashes written by the previous code (bcryptjs, cost 10) and by Laravel ($2y$), of 'legacy-password-1'. */
const BCRYPTJS_HASH = '$2b$10$wRc2FKQwHIA6FSewnXGhRe1rCaEsiVDITC7q/lX3XiJKyD3Tnx3RC';
const LARAVEL_HASH = '$2y$10$k31vFWGoCNm5aDuIMdk.i.8jspBxrYrGc3Yd3IFSibJigIIU9sB8G';

describe('password hashes', () => {
  it('are argon2id with the current policy', async () => {
    const hash = await hashPassword('some-password-1');
    expect(hash).toMatch(/^\$argon2id\$v=19\$/);
    expect(parseOptions(hash)).toMatchObject(ARGON2_POLICY);
    expect(await verifyPassword('some-password-1', hash)).toBe(true);
    expect(await verifyPassword('some-password-2', hash)).toBe(false);
  });

  it('the dummy hash of unknown logins is a constant argon2id hash of the same cost, so an unknown login is not faster', () => {
    expect(DUMMY_HASH).toMatch(/^\$argon2id\$v=19\$/);
    expect(parseOptions(DUMMY_HASH)).toMatchObject(ARGON2_POLICY);
  });

  it('a user created through the API gets an argon2id hash', async () => {
    const { client } = await app.signInAs(Role.Administrator);
    const created = await client.post('/api/users', {
      surname: 'Хешев',
      name: 'Арг',
      patronymic: null,
      email: 'argon.user@example.test',
      password: 'argon-password-1',
      role: Role.Manager,
      is_active: true,
    });
    expect(created.status).toBe(201);
    expect(await hashOf(created.body.data.id)).toMatch(/^\$argon2id\$/);
    expect((await app.client().login('argon.user@example.test', 'argon-password-1')).status).toBe(200);
  });
});

describe('bcrypt hashes of the previous version and of the original system', () => {
  it.each([
    ['bcryptjs ($2b$)', BCRYPTJS_HASH],
    ['Laravel ($2y$)', LARAVEL_HASH],
  ])('%s still sign in, and are re-hashed to argon2id at that sign-in', async (_, legacyHash) => {
    const user = await app.createUser();
    await app.db.query('UPDATE users SET password_hash = $1 WHERE id = $2', [legacyHash, user.id]);

    expect((await app.client().login(user.email, 'legacy-password-2')).status).toBe(422);
    expect(await hashOf(user.id)).toBe(legacyHash);

    expect((await app.client().login(user.email, 'legacy-password-1')).status).toBe(200);
    const upgraded = await hashOf(user.id);
    expect(upgraded).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword('legacy-password-1', upgraded)).toBe(true);
    // And the upgraded hash keeps working.
    expect((await app.client().login(user.email, 'legacy-password-1')).status).toBe(200);
  });

  it('a long password under a truncating bcrypt hash is re-hashed whole, so only the full password signs in afterwards', async () => {
    // 50 characters, 98 bytes in UTF-8: bcrypt only ever saw the first 72 bytes.
    const password = 'Пароль'.repeat(8) + 'ab';
    const user = await app.createUser();
    await app.db.query('UPDATE users SET password_hash = $1 WHERE id = $2', [bcryptHashSync(password, 4), user.id]);
    expect((await app.client().login(user.email, password)).status).toBe(200);
    expect(await hashOf(user.id)).toMatch(/^\$argon2id\$/);
    expect((await app.client().login(user.email, password.slice(0, 40) + 'zzzzzzzzzz')).status).toBe(422);
  });
});

describe('password text', () => {
  it('is not trimmed: spaces around a password are part of it', async () => {
    const { client } = await app.signInAs(Role.Administrator);
    const created = await client.post('/api/users', {
      surname: 'Пробелов',
      name: 'Пётр',
      email: 'spaces@example.test',
      password: '  spaced password  ',
      role: Role.Manager,
      is_active: true,
    });
    expect(created.status).toBe(201);
    expect((await app.client().login('spaces@example.test', 'spaced password')).status).toBe(422);
    expect((await app.client().login('spaces@example.test', '  spaced password  ')).status).toBe(200);
  });

  it('is never truncated: a 50-character Cyrillic password (98 bytes) counts to its last character', async () => {
    const password = 'Пароль'.repeat(8) + 'ab';
    const { client } = await app.signInAs(Role.Administrator);
    const created = await client.post('/api/users', {
      surname: 'Длиннов',
      name: 'Дмитрий',
      email: 'long.password@example.test',
      password,
      role: Role.Manager,
      is_active: true,
    });
    expect(created.status).toBe(201);
    expect((await app.client().login('long.password@example.test', password.slice(0, -1) + 'c')).status).toBe(422);
    expect((await app.client().login('long.password@example.test', password)).status).toBe(200);
  });

  it('longer than the limit is refused with a message, not cut', async () => {
    const { client } = await app.signInAs(Role.Administrator);
    const tooLong = 'x'.repeat(USER_FIELD_MAX + 1);
    const created = await client.post('/api/users', { surname: 'Лимитов', name: 'Лев', email: 'limit@example.test', password: tooLong, role: Role.Manager, is_active: true });
    expect(created.status).toBe(422);
    expect(created.body.errors).toEqual({ password: [MESSAGES.validation.maxLength(USER_FIELD_MAX)] });
    expect(await app.db.query(`SELECT 1 FROM users WHERE email = 'limit@example.test'`)).toEqual([]);

    const signIn = await app.client().login('limit@example.test', 'y'.repeat(256));
    expect(signIn.status).toBe(422);
    expect(signIn.body.errors).toEqual({ password: [MESSAGES.validation.maxLength(255)] });
  });

  it('a password of spaces only is refused as empty, on create and in the sign-in form', async () => {
    const { client } = await app.signInAs(Role.Administrator);
    const created = await client.post('/api/users', { surname: 'Пустов', name: 'Павел', email: 'blank@example.test', password: '         ', role: Role.Manager, is_active: true });
    expect(created.status).toBe(422);
    expect(created.body.errors).toEqual({ password: [MESSAGES.validation.required] });
    expect((await app.client().login('blank@example.test', '   ')).body.errors).toEqual({ password: [MESSAGES.validation.required] });
  });
});

describe('the queue of password checks', () => {
  it('runs at most PASSWORD_CHECKS_AT_ONCE at a time, and every waiting check gets its turn in order', async () => {
    const limit = createLimiter(2);
    let running = 0;
    let most = 0;
    const finished: number[] = [];
    const task = (n: number) =>
      limit(async () => {
        running++;
        most = Math.max(most, running);
        await new Promise((resolve) => setTimeout(resolve, 5));
        running--;
        finished.push(n);
        return n * 10;
      });
    expect(await Promise.all([1, 2, 3, 4, 5, 6, 7, 8].map(task))).toEqual([10, 20, 30, 40, 50, 60, 70, 80]);
    expect(most).toBe(2);
    expect(finished).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    // A failing task frees its place.
    await expect(limit(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await limit(async () => 'next')).toBe('next');
    expect(PASSWORD_CHECKS_AT_ONCE).toBeGreaterThanOrEqual(1);
  });

  it('a flood of wrong sign-ins for many logins waits its turn: nobody is refused but by the per-login limit', async () => {
    const users = await Promise.all(Array.from({ length: 20 }, () => app.createUser()));
    const victim = users[0]!;
    const replies = await Promise.all([
      ...users.map((user) => app.client().login(user.email, 'wrong-password')),
      ...Array.from({ length: 20 }, (_, n) => app.client().login(`nobody-${n}@example.test`, 'wrong-password')),
    ]);
    expect(replies.map((reply) => reply.status)).toEqual(replies.map(() => 422));
    // The right password still gets through right after the flood.
    expect((await app.client().login(victim.email, victim.password)).status).toBe(200);
  });
});
