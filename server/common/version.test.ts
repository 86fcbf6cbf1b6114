/**
 * The version check on a table of its own: the database raises `version` on every change of data
 * (not of ignored marks), records who changed it, and a save with a stale version gets 409.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DataSource } from 'typeorm';
import { versionedTableSql } from '../../migrations/versioning.js';
import { Role } from '../../shared/roles.js';
import { createDataSource } from '../database/data-source.js';
import { startTestApp, type TestApp } from '../test/test-app.js';
import { actAs, assertCurrentVersion, VersionConflict } from './version.js';

let app: TestApp;
let db: DataSource;
beforeAll(async () => {
  app = await startTestApp();
  await app.db.query('CREATE TABLE versioned_things (id serial PRIMARY KEY, name text NOT NULL, is_new boolean NOT NULL DEFAULT true)');
  for (const sql of versionedTableSql('versioned_things', ['is_new'])) await app.db.query(sql);
  db = createDataSource(app.db.url, { poolSize: 2 });
  await db.initialize();
});
afterAll(async () => {
  await db?.destroy();
  await app?.close();
});

const row = async (id: number) =>
  (await app.db.query<{ version: number; updated_by_id: number | null; name: string }>('SELECT version, updated_by_id, name FROM versioned_things WHERE id = $1', [id]))[0]!;

describe('the version trigger', () => {
  it('raises the version on a change of data, records the author, and ignores marks and no-op updates', async () => {
    const { user } = await app.signInAs(Role.Manager, { surname: 'Петрова', name: 'Анна', patronymic: null });
    const [{ id }] = await app.db.query<{ id: number }>(`INSERT INTO versioned_things (name) VALUES ('Первая') RETURNING id`);
    expect(await row(id)).toMatchObject({ version: 1, updated_by_id: null });

    await db.transaction(async (manager) => {
      await actAs(manager, user.id);
      await manager.query(`UPDATE versioned_things SET name = 'Вторая' WHERE id = $1`, [id]);
    });
    expect(await row(id)).toMatchObject({ version: 2, updated_by_id: user.id, name: 'Вторая' });

    await app.db.query('UPDATE versioned_things SET is_new = false WHERE id = $1', [id]); // a mark
    await app.db.query(`UPDATE versioned_things SET name = 'Вторая' WHERE id = $1`, [id]); // nothing changes
    expect((await row(id)).version).toBe(2);

    // An aggregate whose children changed raises the root's version itself.
    await app.db.query('UPDATE versioned_things SET version = version + 1 WHERE id = $1', [id]);
    expect(await row(id)).toMatchObject({ version: 3, updated_by_id: null });
  });
});

describe('assertCurrentVersion', () => {
  it('passes the current or a missing version and refuses a stale one with 409 naming who saved and when', async () => {
    const { user } = await app.signInAs(Role.Manager, { surname: 'Сидоров', name: 'Пётр', patronymic: null });
    const [{ id }] = await app.db.query<{ id: number }>(`INSERT INTO versioned_things (name) VALUES ('Запись') RETURNING id`);
    await db.transaction(async (manager) => {
      await actAs(manager, user.id);
      await manager.query(`UPDATE versioned_things SET name = 'Изменена' WHERE id = $1`, [id]);
    });

    const check = (sent: number | undefined) =>
      db.transaction((manager) => assertCurrentVersion(manager, 'versioned_things', id, sent, async () => ({ id, name: 'Изменена', version: 2 })));
    await expect(check(2)).resolves.toBeUndefined();
    await expect(check(undefined)).resolves.toBeUndefined();

    const refusal = await check(1).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(VersionConflict);
    const conflict = refusal as VersionConflict;
    expect(conflict.getStatus()).toBe(409);
    expect(conflict.body).toMatchObject({ data: { id, name: 'Изменена', version: 2 }, saved_by: 'Сидоров Пётр' });
    expect(new Date(conflict.body.saved_at).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(conflict.body.message).toContain('Сидоров Пётр');

    await expect(db.transaction((manager) => assertCurrentVersion(manager, 'versioned_things', 999_999, 1, async () => null))).rejects.toMatchObject({ status: 404 });
  });
});
