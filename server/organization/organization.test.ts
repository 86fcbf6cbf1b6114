/** The organisation details (/api/organization, issue 28): read by every role, saved by the administrator only, version-checked, validated under each field. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../shared/messages.js';
import { ORGANIZATION_FIELDS, type OrganizationRecord } from '../../shared/resources/organization.js';
import { Role } from '../../shared/roles.js';
import { createDataSource } from '../database/data-source.js';
import { startTestApp, type ApiClient, type TestApp, type TestUser } from '../test/test-app.js';
import { ORGANIZATION_SAMPLE } from '../test/organization-sample.js';
import { readOrganization } from './organization.service.js';

let app: TestApp;
let admin: ApiClient, accountant: ApiClient, manager: ApiClient;
let adminUser: TestUser;

beforeAll(async () => {
  app = await startTestApp();
  const signedIn = await Promise.all([app.signInAs(Role.Administrator), app.signInAs(Role.Accountant), app.signInAs(Role.Manager)]);
  [admin, accountant, manager] = signedIn.map((entry) => entry.client) as [ApiClient, ApiClient, ApiClient];
  adminUser = signedIn[0].user;
});
afterAll(() => app?.close());


const stored = async () => (await app.db.query<Record<string, unknown>>(`SELECT ${ORGANIZATION_FIELDS.join(', ')}, version, updated_by_id FROM organization`))[0]!;
const current = async (): Promise<OrganizationRecord> => (await admin.get('/api/organization')).body.data;

describe('GET /api/organization', () => {
  it('answers the record with its version to every role, every field empty on a fresh install', async () => {
    for (const client of [admin, accountant, manager]) {
      const reply = await client.get('/api/organization');
      expect(reply.status).toBe(200);
      expect(reply.body).toEqual({ data: { ...Object.fromEntries(ORGANIZATION_FIELDS.map((field) => [field, ''])), version: 1 } });
    }
    expect((await app.client().get('/api/organization')).status).toBe(401);
  });
});

describe('PUT /api/organization', () => {
  it('saves the administrator’s details, trimmed, in the table, and GET reads them back with the next version', async () => {
    const { version } = await current();
    const reply = await admin.put('/api/organization', { ...ORGANIZATION_SAMPLE, legal_name: `  ${ORGANIZATION_SAMPLE.legal_name} `, inn: 9102012345, bik: '043 510 607', email: 'Office@Siyanie.TEST', version });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ data: { ...ORGANIZATION_SAMPLE, version: version + 1 } });
    expect(await stored()).toEqual({ ...ORGANIZATION_SAMPLE, version: version + 1, updated_by_id: adminUser.id });
    for (const client of [accountant, manager]) expect((await client.get('/api/organization')).body.data).toEqual({ ...ORGANIZATION_SAMPLE, version: version + 1 });
  });

  it('keeps what a body leaves out, clears what it sends empty, and raises no version for a save that changes nothing', async () => {
    const before = await current();
    const same = await admin.put('/api/organization', { version: before.version });
    expect(same.body.data).toEqual(before);
    const cleared = await admin.put('/api/organization', { phone: '', email: null, version: before.version });
    expect(cleared.status).toBe(200);
    expect(cleared.body.data).toEqual({ ...before, phone: '', email: '', version: before.version + 1 });
    expect(await stored()).toMatchObject({ legal_name: before.legal_name, phone: '', email: '' });
  });

  it('is refused to the accountant and the manager with 403, nothing changed', async () => {
    const before = await stored();
    for (const client of [accountant, manager]) {
      const reply = await client.put('/api/organization', { legal_name: 'ООО «Захват»' });
      expect(reply.status).toBe(403);
      expect(reply.body).toEqual({ message: MESSAGES.auth.forbidden });
    }
    expect(await stored()).toEqual(before);
  });

  it('answers 422 under each wrong field in Russian, nothing changed', async () => {
    const before = await stored();
    const reply = await admin.put('/api/organization', { inn: '12345', ogrn: '1149102012345', bik: 'БИК', email: 'не почта', legal_name: 'я'.repeat(256) });
    expect(reply.status).toBe(422);
    expect(reply.body.errors).toEqual({
      legal_name: [MESSAGES.validation.maxLength(255)],
      inn: [MESSAGES.organization.digitCount([10, 12])],
      bik: [MESSAGES.validation.digits],
      email: [MESSAGES.validation.email],
    });
    expect(reply.body.message).toBe(MESSAGES.validation.maxLength(255));
    expect((await admin.put('/api/organization', ['не объект'])).status).toBe(422);
    expect((await admin.put('/api/organization', { version: 'вчера' })).body.errors).toEqual({ version: [MESSAGES.validation.integer] });
    expect(await stored()).toEqual(before);
  });

  it('answers 409 with the record as it is now and who saved it to a save of a stale version, nothing changed', async () => {
    const read = await current();
    expect((await admin.put('/api/organization', { registry_number: 'РТО 000001', version: read.version })).status).toBe(200);
    const after = await stored();
    const stale = await admin.put('/api/organization', { registry_number: 'РТО 999999', version: read.version });
    expect(stale.status).toBe(409);
    const [{ full_name: savedBy }] = await app.db.query<{ full_name: string }>('SELECT full_name FROM users WHERE id = $1', [adminUser.id]);
    expect(stale.body).toMatchObject({ data: { ...read, registry_number: 'РТО 000001', version: read.version + 1 }, saved_by: savedBy });
    expect(stale.body.message).toBe(MESSAGES.version.conflict(savedBy, new Date(stale.body.saved_at)));
    expect(await stored()).toEqual(after);
  });
});

describe('readOrganization', () => {
  it('gives the document generator the stored details inside its transaction', async () => {
    const dataSource = createDataSource(app.db.url, { poolSize: 1 });
    await dataSource.initialize();
    try {
      const read = await dataSource.transaction((manager) => readOrganization(manager));
      expect(read).toEqual(await current());
    } finally {
      await dataSource.destroy();
    }
  });
});
