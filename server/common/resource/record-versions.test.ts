/**
 * The version check on every edited record (issue 8, ARCHITECTURE.md §7): every table a form
 * edits carries `version`; GET, lists and saves answer it; a save with the version it read passes
 * and raises it; a save with an older one is refused with 409 {message, data, saved_by, saved_at}
 * and writes nothing; a save without one (outside clients) is accepted as before. Status and token
 * changes, switches and child lists count as changes; opening a record ("not new any more") does not.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../shared/messages.js';
import { Role } from '../../../shared/roles.js';
import { createDataSource } from '../../database/data-source.js';
import { SERVER_RESOURCES } from '../../resources.js';
import { createSample, EDITABLE_RESOURCES } from '../../test/resource-samples.js';
import { startTestApp, type ApiClient, type TestApp, type TestUser } from '../../test/test-app.js';

let app: TestApp;
let admin: ApiClient;
let colleague: ApiClient;
let colleagueUser: TestUser;

beforeAll(async () => {
  app = await startTestApp();
  ({ client: admin } = await app.signInAs(Role.Administrator));
  ({ client: colleague, user: colleagueUser } = await app.signInAs(Role.Administrator, { surname: 'Коллегина', name: 'Мария', patronymic: null }));
});
afterAll(() => app?.close());

const resourceAt = (path: string) => SERVER_RESOURCES.find((resource) => resource.definition.path === path)!;

describe('every table a form edits is versioned', () => {
  it('has version, updated_by_id, updated_at and the trigger that raises the version', async () => {
    const dataSource = createDataSource(app.db.url, { poolSize: 1 });
    await dataSource.initialize();
    try {
      for (const resource of EDITABLE_RESOURCES) {
        const table = dataSource.getMetadata(resource.entity).tableName;
        const columns = (await app.db.query<{ column_name: string }>(`SELECT column_name FROM information_schema.columns WHERE table_name = $1`, [table])).map(
          (row) => row.column_name,
        );
        expect(columns, table).toEqual(expect.arrayContaining(['version', 'updated_by_id', 'updated_at']));
        expect(await app.db.query(`SELECT tgname FROM pg_trigger WHERE tgrelid = $1::regclass AND tgname = $2`, [table, `trg_${table}_version`]), table).toHaveLength(1);
      }
    } finally {
      await dataSource.destroy();
    }
  });
});

describe.each(EDITABLE_RESOURCES.map((resource) => [resource.definition.path, resource] as const))('%s', (path, resource) => {
  it('answers the version everywhere, raises it on a save, refuses a stale save with 409 and accepts a save without one', async () => {
    const { row, sample } = await createSample(admin, resource);
    const url = `/api${path}/${row.id}`;
    expect(row.version).toBe(1);
    expect((await admin.get(url)).body.data.version).toBe(1);
    const listed = (await admin.get(`/api${path}?limit=100&ascending=0`)).body.data.find((item: { id: number }) => item.id === row.id);
    expect(listed?.version).toBe(1);

    // A colleague saves first, with the version they read.
    const first = await colleague.put(url, { ...sample.change, version: 1 });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data.version).toBe(2);
    const current = (await admin.get(url)).body.data;
    expect(current.version).toBe(2);

    // The second save still carries version 1: refused, nothing written, told who and when.
    const stale = await admin.put(url, { ...sample.change, version: 1 });
    expect(stale.status).toBe(409);
    expect(Object.keys(stale.body).sort()).toEqual(['data', 'message', 'saved_at', 'saved_by']);
    expect(stale.body.data).toEqual(current);
    expect(stale.body.saved_by).toBe(`${colleagueUser.surname} ${colleagueUser.name}`);
    expect(Date.now() - new Date(stale.body.saved_at).getTime()).toBeLessThan(60_000);
    expect(stale.body.message).toBe(MESSAGES.version.conflict(stale.body.saved_by, new Date(stale.body.saved_at)));
    expect((await admin.get(url)).body.data).toEqual(current);

    // With the version it has now, or with none at all (an outside client), the save goes through.
    expect((await admin.put(url, { version: 2 })).status).toBe(200);
    const unversioned = await admin.put(url, {});
    expect(unversioned.status, JSON.stringify(unversioned.body)).toBe(200);
    // Saving what is stored changes nothing, so the version stays.
    expect(unversioned.body.data.version).toBe(2);

    const badVersion = await admin.put(url, { version: 'two' });
    expect(badVersion.status).toBe(422);
    expect(badVersion.body.errors).toEqual({ version: [MESSAGES.validation.integer] });
  });
});

describe('changes outside the form count too', () => {
  it('a list switch raises the version, and refuses a stale one', async () => {
    const { row } = await createSample(admin, resourceAt('/clients'));
    const off = await colleague.put(`/api/clients/${row.id}/active`, { is_active: false, version: 1 });
    expect(off.body).toMatchObject({ status: 'CHANGED', is_active: false, version: 2 });
    const stale = await admin.put(`/api/clients/${row.id}/active`, { is_active: true, version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.data).toMatchObject({ id: row.id, is_active: false, version: 2 });
    expect((await admin.put(`/api/clients/${row.id}`, { name: 'Поздняя', version: 1 })).status).toBe(409);
  });

  it('an agency status transition and its social-network token raise the version; a stale transition is refused', async () => {
    const agency = (await admin.post('/api/agencies', { legal_name: 'ООО «Версия»' })).body.data;
    const approved = await colleague.put(`/api/agencies/${agency.id}/approve`, { version: 1 });
    expect(approved.body).toMatchObject({ status: 'CHANGED', agency_status: 2, version: 2 });
    const stale = await admin.put(`/api/agencies/${agency.id}/contract`, { version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.data).toMatchObject({ status: 2, version: 2 });
    expect((await admin.get(`/api/agencies/${agency.id}`)).body.data.status).toBe(2);
    // Without a version it goes through (the list's buttons of outside clients).
    expect((await admin.put(`/api/agencies/${agency.id}/contract`)).body).toMatchObject({ agency_status: 3, version: 3 });

    const token = await admin.post(`/api/agencies/${agency.id}/vk-token/generate`);
    expect(token.body.version).toBe(4);
    // The dialog that asked for the token saves with the version the token reply gave it.
    expect((await admin.put(`/api/agencies/${agency.id}`, { info: 'С токеном', version: token.body.version })).status).toBe(200);
    const removed = await admin.delete(`/api/agencies/${agency.id}/vk-token`);
    expect(removed.body).toMatchObject({ vk_token: null, version: 6 });
    const [stored] = await app.db.query<{ updated_by_id: number }>('SELECT updated_by_id FROM agencies WHERE id = $1', [agency.id]);
    expect(stored!.updated_by_id).not.toBeNull();
  });

  it('a change of a child list alone (a direction\'s cities) raises the version', async () => {
    const { row } = await createSample(admin, resourceAt('/directions'));
    const city = (await admin.post('/api/cities', { name: 'Ещё город', country_id: (await admin.get('/api/countries?limit=1')).body.data[0].id, slug: 'one-more-city' })).body.data;
    const changed = await admin.put(`/api/directions/${row.id}`, { cities: [...row.cities.map((item: { id: number }) => item.id), city.id], version: 1 });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.data).toMatchObject({ version: 2, cities: expect.arrayContaining([{ id: city.id, name: 'Ещё город' }]) });
    expect((await admin.put(`/api/directions/${row.id}`, { cities: [city.id], version: 1 })).status).toBe(409);
  });

  it('opening a client or an agency (it stops being new) is no change of its data', async () => {
    for (const path of ['/clients', '/agencies']) {
      const { row, sample } = await createSample(admin, resourceAt(path));
      expect(row.is_new).toBe(true);
      await colleague.get(`/api/${path.slice(1)}/${row.id}`);
      const [stored] = await app.db.query<{ is_new: boolean; version: number }>(`SELECT is_new, version FROM ${path.slice(1)} WHERE id = $1`, [row.id]);
      expect(stored).toEqual({ is_new: false, version: 1 });
      expect((await admin.put(`/api/${path.slice(1)}/${row.id}`, { ...sample.change, version: 1 })).status).toBe(200);
    }
  });
});
