/**
 * A valid record of every editable resource of SERVER_RESOURCES, for the tests that run over all of
 * them (version check, absent keys, fuzzing). A resource added to SERVER_RESOURCES without a sample
 * here fails `resourceSample` — write one, and every such test covers the new resource.
 */
import { randomBytes } from 'node:crypto';
import { SERVER_RESOURCES } from '../resources.js';
import type { ServerResource } from '../common/resource/server-resource.js';
import type { ApiClient } from './api-client.js';
import { startTestSupplier, SUPPLIER_LOGIN, SUPPLIER_PASSWORD } from './supplier-server.js';

export interface Sample {
  /** A valid create body (JSON), or the multipart form of a resource whose create takes a file. */
  body: Record<string, unknown>;
  /** A PUT body of one field that changes the record's data (and no field derived from another). */
  change: Record<string, unknown>;
  multipart?: boolean;
}

type SampleOf = (admin: ApiClient, n: number) => Promise<Sample>;

const named = (prefix: string): SampleOf => async (_admin, n) => ({ body: { name: `${prefix} ${n}` }, change: { name: `${prefix} изменено ${n}` } });

/** A dependency created once per server (a country for cities, a city for hotel directions…). */
const dependencies = new WeakMap<ApiClient, Map<string, Promise<number>>>();
function once(admin: ApiClient, key: string, create: () => Promise<number>): Promise<number> {
  let byKey = dependencies.get(admin);
  if (!byKey) dependencies.set(admin, (byKey = new Map()));
  let id = byKey.get(key);
  if (!id) byKey.set(key, (id = create()));
  return id;
}
async function created(response: Promise<{ status: number; body: any }>): Promise<number> {
  const { status, body } = await response;
  if (status !== 201) throw new Error(`Sample dependency not created: ${status} ${JSON.stringify(body)}`);
  return body.data.id as number;
}
const countryId = (admin: ApiClient) => once(admin, 'country', () => created(admin.post('/api/countries', { name: `Страна образцов ${randomBytes(3).toString('hex')}` })));
const cityId = (admin: ApiClient) =>
  once(admin, 'city', async () => created(admin.post('/api/cities', { name: 'Город образцов', country_id: await countryId(admin), slug: `samples-${randomBytes(3).toString('hex')}` })));
const infrastructureTypeId = (admin: ApiClient) => once(admin, 'infrastructure type', () => created(admin.post('/api/hotels/infrastructure-types', { name: 'Тип образцов' })));

/** A vendor connected to a local supplier (server/test/supplier-server.ts) whose types are cached: what an import names. */
const importVendorId = (admin: ApiClient) =>
  once(admin, 'import vendor', async () => {
    const supplier = await startTestSupplier({ hotels: 2 });
    const id = await created(
      admin.post('/api/vendors', { name: 'Сервис образцов', is_external_service: true, payload: { protocol: 'v1', base_url: supplier.url, login: SUPPLIER_LOGIN, password: SUPPLIER_PASSWORD } }),
    );
    const updated = await admin.get('/api/imports/update-items', { proof: true });
    if (updated.status !== 200) throw new Error(`Sample vendor data not updated: ${updated.status} ${JSON.stringify(updated.body)}`);
    return id;
  });

const SAMPLES: Record<string, SampleOf> = {
  '/users': async (_admin, n) => ({
    body: { surname: 'Образцов', name: 'Иван', email: `sample${n}.${randomBytes(2).toString('hex')}@example.test`, password: 'sample-password', role: 3 },
    change: { is_active: false },
  }),
  '/countries': named('Страна'),
  '/cities': async (admin, n) => ({
    body: { name: `Город ${n}`, country_id: await countryId(admin), slug: `sample-city-${n}-${randomBytes(2).toString('hex')}`, seo_settings: { hotel: { description: '<p>Текст</p>' } } },
    change: { name: `Город изменено ${n}` },
  }),
  '/directions': async (admin, n) => ({ body: { name: `Направление ${n}`, cities: [await cityId(admin)], sort: 5 }, change: { sort: 7 } }),
  '/hotels/directions': async (admin, n) => ({ body: { name: `Направление ${n}`, city_id: await cityId(admin), info: 'Инфо' }, change: { info: `Инфо ${n}` } }),
  '/vendors': async (_admin, n) => ({ body: { name: `Поставщик ${n}`, inn: '7701234567', payload: { login: 'api' } }, change: { comment: `Комментарий ${n}` } }),
  '/hotels/meals': async (_admin, n) => ({ body: { name: `Питание ${n}`, category_type: 2 }, change: { name: `Питание изменено ${n}` } }),
  '/hotels/accommodations': named('Условие'),
  '/hotels/services': async (_admin, n) => ({ body: { name: `Услуга ${n}`, icon: 'wifi' }, change: { icon: 'pool' } }),
  '/hotels/promotions': async (_admin, n) => ({
    body: { name: `Акция ${n}`, description: 'Скидка', date_from: '2027-01-01', date_to: '2027-02-01', discount: true, percent: 10 },
    change: { percent: 15 },
  }),
  '/hotels/infrastructure-types': named('Тип'),
  '/hotels/infrastructures': async (admin, n) => ({ body: { name: `Инфраструктура ${n}`, infrastructure_type_id: await infrastructureTypeId(admin) }, change: { is_filter: true } }),
  '/hotels/rooms/types': named('Тип номера'),
  '/hotels/rooms/places': async (_admin, n) => ({ body: { name: `Размещение ${n}`, places_count: 2, adv_places_count: 1 }, change: { places_count: 3 } }),
  '/hotels/rooms/descriptions': named('Описание'),
  '/hotels/rooms/services': named('Услуга номера'),
  '/hotels/rooms/equipment': named('Оснащение'),
  '/hotels/rooms/furniture': named('Мебель'),
  '/hotels/rooms/bathroom': named('Ванная'),
  '/tours/excursion/categories': named('Категория'),
  '/tours/excursion/trade-offers': async (_admin, n) => ({ body: { name: `Предложение ${n}`, icon: 'star' }, change: { icon: 'gift' } }),
  '/tours/types': named('Тип тура'),
  '/agencies/files': async (_admin, n) => ({ body: { description: `Документ ${n}`, sort: '5' }, change: { description: `Новое описание ${n}` }, multipart: true }),
  '/clients': async (_admin, n) => ({
    body: { surname: 'Образцова', name: 'Анна', phone: `+7 901 ${String(n).padStart(7, '0')}`, email: `client${n}.${randomBytes(2).toString('hex')}@example.test` },
    change: { email: `changed${n}.${randomBytes(2).toString('hex')}@example.test` },
  }),
  '/imports': async (admin, n) => ({
    body: { vendor_id: await importVendorId(admin), type: 'hotels', items: [{ id: `H${n}`, name: `Отель ${n}` }] },
    change: { items: [{ id: `X${n}`, name: `Другой отель ${n}` }] },
  }),
  '/transportation': async (_admin, n) => ({
    body: { kind: 1, name: `Автобус ${n} ${randomBytes(2).toString('hex')}`, seats: 47, rear_seats: 5, rows: 11, columns_at_door: 2, second_door: true, second_door_rows: 5, second_door_length: 1 },
    change: { name: `Автобус изменено ${n} ${randomBytes(2).toString('hex')}` },
  }),
  '/agencies': async (_admin, n) => ({
    body: { legal_name: `Агентство ${n}`, brand: 'Бренд', commission_type: 2, commission_sum: 10, login: `agency-${n}-${randomBytes(2).toString('hex')}` },
    change: { brand: `Бренд ${n}` },
  }),
};

/** Every resource the generic machinery lets a form create and edit (the mapping list's rows come from imports only: its own test). */
export const EDITABLE_RESOURCES = SERVER_RESOURCES.filter((resource) => !resource.definition.readOnly && !resource.definition.createdByServer && !resource.definition.path.includes(':'));

let counter = 0;

export async function resourceSample(admin: ApiClient, resource: ServerResource): Promise<Sample> {
  const sample = SAMPLES[resource.definition.path];
  if (!sample) throw new Error(`No sample record for ${resource.definition.path}: add one to server/test/resource-samples.ts`);
  return sample(admin, ++counter);
}

/** Creates a record of the resource (multipart with a PDF where the resource takes a file); its row as the reply gives it. */
export async function createSample(admin: ApiClient, resource: ServerResource): Promise<{ row: Record<string, any>; sample: Sample }> {
  const sample = await resourceSample(admin, resource);
  const path = `/api${resource.definition.path}`;
  let response;
  if (sample.multipart) {
    const form = new FormData();
    for (const [key, value] of Object.entries(sample.body)) form.append(key, String(value));
    form.append('file', new Blob([Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(256)])], { type: 'application/pdf' }), 'sample.pdf');
    response = await admin.postForm(path, form);
  } else {
    response = await admin.post(path, sample.body);
  }
  if (response.status !== 201) throw new Error(`Sample of ${resource.definition.path} not created: ${response.status} ${JSON.stringify(response.body)}`);
  return { row: response.body.data, sample };
}
