/**
 * A PUT that leaves a key out keeps what is stored (issue 8 "Stored content"). The rule on every
 * resource: an absent key keeps the stored value (a child list too); `null` or `""` clears it; a
 * list that is sent is the whole list.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../shared/messages.js';
import { Role } from '../../../shared/roles.js';
import { createSample, EDITABLE_RESOURCES } from '../../test/resource-samples.js';
import { startTestApp, type ApiClient, type TestApp } from '../../test/test-app.js';

let app: TestApp;
let manager: ApiClient;
let admin: ApiClient;

beforeAll(async () => {
  app = await startTestApp();
  ({ client: manager } = await app.signInAs(Role.Manager));
  ({ client: admin } = await app.signInAs(Role.Administrator));
});
afterAll(() => app?.close());

/** What the record is, without what changes on every save. */
const data = ({ version: _version, updated_at: _updated, ...row }: Record<string, unknown>) => row;

describe('the agency PUT of the issue', () => {
  const agency = {
    legal_name: 'ООО «Полное»',
    brand: 'Полный бренд',
    inn: '9102012345',
    site: 'https://full.test',
    legal_address: 'Симферополь',
    actual_address: 'Ялта',
    company_email: 'office@full.test',
    company_phone: '+7 (3652) 12-34-56',
    contact_name: 'Иванова Мария',
    contact_phone: '+7 (978) 123-45-67',
    contact_email: 'maria@full.test',
    contract_number: 'Д-1',
    login: 'full-agency',
    password: 'Cabinet-Pass-1',
    commission_type: 2,
    commission_sum: 15,
    info: 'Работают с 2019 года',
    is_active: false,
    has_search_module: true,
    search_module_url: 'https://full.test/search',
    vk_settings: { vk_group_id: 'club12345' },
  };

  it('a PUT of the legal name alone keeps the inactive state, the search module, the group id, the commission and every optional text', async () => {
    const created = await manager.post('/api/agencies', agency);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.data.id as number;
    const [passwordBefore] = await app.db.query<{ password_encrypted: string }>('SELECT password_encrypted FROM agencies WHERE id = $1', [id]);

    const renamed = await manager.put(`/api/agencies/${id}`, { legal_name: 'ООО «Переименованное»' });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(data(renamed.body.data)).toEqual({ ...data(created.body.data), legal_name: 'ООО «Переименованное»' });
    expect(renamed.body.data).toMatchObject({ is_active: false, has_search_module: true, commission_type: 2, commission_sum: 15, vk_settings: { vk_group_id: 'club12345' } });
    const [passwordAfter] = await app.db.query<{ password_encrypted: string }>('SELECT password_encrypted FROM agencies WHERE id = $1', [id]);
    expect(passwordAfter).toEqual(passwordBefore);

    // null and "" clear; what is left out stays.
    const cleared = await manager.put(`/api/agencies/${id}`, { brand: null, info: '', search_module_url: '', vk_settings: { vk_group_id: null } });
    expect(cleared.status, JSON.stringify(cleared.body)).toBe(200);
    expect(data(cleared.body.data)).toEqual({
      ...data(renamed.body.data),
      brand: null,
      info: null,
      search_module_url: null,
      vk_settings: { vk_token: null, vk_group_id: null },
    });

    // Limits that tie fields together hold against what is stored: 150 with the stored type "percent" is over 100.
    const tooMuch = await manager.put(`/api/agencies/${id}`, { commission_sum: 150 });
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.errors).toEqual({ commission_sum: [MESSAGES.validation.max(100)] });
    // A required field cannot be cleared.
    const noName = await manager.put(`/api/agencies/${id}`, { legal_name: '' });
    expect(noName.status).toBe(422);
    expect(noName.body.errors).toEqual({ legal_name: [MESSAGES.validation.required] });
  });
});

describe('child lists', () => {
  it('a list left out is kept, a list sent is the whole list, an empty list clears it', async () => {
    const country = (await manager.post('/api/countries', { name: 'Россия' })).body.data.id as number;
    const ids: number[] = [];
    for (const [name, slug] of [['Адлер', 'adler'], ['Сириус', 'sirius'], ['Хоста', 'khosta']]) {
      ids.push((await manager.post('/api/cities', { name, country_id: country, slug })).body.data.id as number);
    }
    const [adler, sirius, khosta] = ids as [number, number, number];
    const sochi = await manager.post('/api/cities', {
      name: 'Сочи',
      country_id: country,
      slug: 'sochi',
      near_cities: [adler, sirius],
      railway_transfer_cities: [khosta],
      aviation_transfer_cities: [adler],
    });
    const id = sochi.body.data.id as number;
    const listIds = (row: Record<string, { id: number }[]>, list: string) => row[list]!.map((city) => city.id).sort();

    const renamed = (await manager.put(`/api/cities/${id}`, { name: 'Большой Сочи' })).body.data;
    expect(listIds(renamed, 'near_cities')).toEqual([adler, sirius].sort());
    expect(listIds(renamed, 'railway_transfer_cities')).toEqual([khosta]);
    expect(listIds(renamed, 'aviation_transfer_cities')).toEqual([adler]);

    const replaced = (await manager.put(`/api/cities/${id}`, { near_cities: [khosta], aviation_transfer_cities: [] })).body.data;
    expect(listIds(replaced, 'near_cities')).toEqual([khosta]);
    expect(listIds(replaced, 'railway_transfer_cities')).toEqual([khosta]);
    expect(listIds(replaced, 'aviation_transfer_cities')).toEqual([]);
    expect(replaced.name).toBe('Большой Сочи');
  });
});

describe('every resource', () => {
  it.each(EDITABLE_RESOURCES.map((resource) => [resource.definition.path, resource] as const))('%s: an empty PUT changes nothing; a PUT of one field changes that field only', async (path, resource) => {
    const { row, sample } = await createSample(admin, resource);
    const url = `/api${path}/${row.id}`;
    const empty = await admin.put(url, {});
    expect(empty.status, JSON.stringify(empty.body)).toBe(200);
    expect(empty.body.data).toEqual(row.updated_at === undefined ? row : { ...row, updated_at: expect.any(String) });

    const changed = await admin.put(url, sample.change);
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const [field] = Object.keys(sample.change) as [string];
    const untouched = (record: Record<string, unknown>) => {
      const { [field]: _changed, ...rest } = data(record);
      return rest;
    };
    expect(untouched(changed.body.data)).toEqual(untouched(row));
    expect(changed.body.data[field]).not.toEqual(row[field]);
  });
});
