/**
 * Every rich-text field the renderer edits is sanitized by its form's real save (issue 25): the
 * fields are read from shared/rich-text-fields.ts — the list RichTextEditor takes its `field` from —
 * and each form is POSTed with `<script>`, `onerror=` and a `javascript:` link in every one of them,
 * then read back (GET) with all three gone and the text kept. Each field's limit there is its
 * schema's: that many characters of text are taken whatever the markup, one more is refused on the
 * field's path.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toPayloadBody } from '../../../shared/editor.js';
import { MESSAGES } from '../../../shared/messages.js';
import { RICH_TEXT_FIELDS, type RichTextForm } from '../../../shared/rich-text-fields.js';
import { Role } from '../../../shared/roles.js';
import { createHotelHandbooks, hotelPayload } from '../../test/hotel-fixtures.js';
import type { ApiResponse } from '../../test/api-client.js';
import { startTestApp, type ApiClient, type TestApp } from '../../test/test-app.js';
import { insertTourGround, tourPayload } from '../../test/tour-fixtures.js';
import { daysFromToday, insertCities, insertTransportation } from '../../test/transport-fixtures.js';

type Body = Record<string, any>;

const ATTACK = '<p>Текст<script>alert(1)</script><img src="https://example.com/a.png" onerror="alert(2)" /><a href="javascript:alert(3)">ссылка</a></p>';
const CLEAN = '<p>Текст<img src="https://example.com/a.png" /><a>ссылка</a></p>';

let app: TestApp;
let manager: ApiClient;
let names = 0;
const unique = (name: string) => `${name} ${++names}`;

/** How a form is saved and read: a valid body with a row in every list a field's path goes through. */
interface FormSave {
  sample(): Body;
  create(body: Body): Promise<ApiResponse>;
  read(id: number): Promise<Body>;
}

/** One entry per form of the list (a form added there does not compile here until it has one), made once the ground the samples name exists. */
let FORMS: Record<RichTextForm, FormSave>;

beforeAll(async () => {
  app = await startTestApp();
  ({ client: manager } = await app.signInAs(Role.Manager));
  const countryId = (await manager.post('/api/countries', { name: 'Россия' })).body.data.id as number;
  const handbooks = await createHotelHandbooks(app.db.query, 'Разметка');
  const tourGround = await insertTourGround(app.db);
  const [from, to] = (await insertCities(app.db, ['Ростов', 'Таганрог'])) as [number, number];
  const transportation = await insertTransportation(app.db);
  const [vendor] = await app.db.query<{ id: number }>(`INSERT INTO vendors (name) VALUES ('Автоколонна') RETURNING id`);
  const read = (path: string) => async (id: number) => {
    const reply = await manager.get(`/api/${path}/${id}`);
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    return reply.body.data as Body;
  };
  const pair = (first: string, second: string) => [{ id: 1, [first]: 'Вопрос', [second]: '<p>Ответ</p>' }];

  const city: FormSave = {
    sample: () => ({
      name: unique('Город'),
      country_id: countryId,
      seo_settings: { hotel: { faq: pair('question', 'answer') }, bus_tickets: { faq: pair('question', 'answer'), advantages: pair('title', 'text') } },
    }),
    create: (body) => manager.post('/api/cities', body),
    read: read('cities'),
  };
  const hotel: FormSave = { sample: () => hotelPayload(handbooks, unique('Отель')), create: (body) => manager.post('/api/hotels', toPayloadBody(body)), read: read('hotels') };
  const tour: FormSave = { sample: () => tourPayload(tourGround, unique('Тур')), create: (body) => manager.post('/api/tours', toPayloadBody(body)), read: read('tours') };
  const transport: FormSave = {
    sample: () => ({
      transportation_id: transportation,
      vendor_id: vendor!.id,
      name: unique('Рейс'),
      duration: 1,
      adult_price: 1000,
      child_price: 800,
      start_date: daysFromToday(1),
      finish_date: daysFromToday(60),
      departure_type: 2,
      dates: [{ start_date: daysFromToday(10) }],
      routes: { start: { point_city_id: from, start_time: '08:00' }, intermediates: [], finish: { point_city_id: to, finish_time: '10:00' } },
      tariffs: [{ from_position: 0, to_position: 1, tariff: 1000 }],
      catalog: { seo_settings: { advantages: pair('title', 'text'), faq: pair('question', 'answer') } },
    }),
    create: (body) => manager.post('/api/transports', toPayloadBody(body)),
    read: read('transports'),
  };
  const catalogSection: FormSave = {
    sample: () => ({ name: unique('Раздел'), seo_content: { advantages: pair('title', 'text') } }),
    create: (body) => manager.post('/api/catalog-sections', body),
    read: read('catalog-sections'),
  };
  FORMS = { city, hotel, tour, transport, catalogSection };
});
afterAll(() => app?.close());

const valueAt = (record: unknown, path: string): unknown => path.split('.').reduce<any>((node, key) => node?.[key], record);

function setAt(record: Body, path: string, value: unknown): void {
  const keys = path.split('.');
  const last = keys.pop()!;
  let node: any = record;
  for (const key of keys) node = node[key] ??= {};
  node[last] = value;
}

/** The listed path in a body: each `*` is each row of that list, which the sample must have. */
function concretePaths(body: Body, path: string): string[] {
  let paths = [''];
  for (const key of path.split('.')) {
    paths = paths.flatMap((prefix) => {
      const at = (next: string | number) => (prefix ? `${prefix}.${next}` : String(next));
      if (key !== '*') return [at(key)];
      const rows = valueAt(body, prefix);
      expect(Array.isArray(rows) && rows.length > 0, `the sample has a row in ${prefix}`).toBe(true);
      return (rows as unknown[]).map((_, index) => at(index));
    });
  }
  return paths;
}

/** The sample of a form with `html` in every listed field (or only in `only`). */
function filled(form: RichTextForm, html: string, only?: string): { body: Body; paths: string[] } {
  const body = FORMS[form].sample();
  const paths = Object.keys(RICH_TEXT_FIELDS[form])
    .filter((path) => only === undefined || path === only)
    .flatMap((path) => concretePaths(body, path));
  for (const path of paths) setAt(body, path, html);
  return { body, paths };
}

const forms = Object.keys(RICH_TEXT_FIELDS) as RichTextForm[];
const fields = forms.flatMap((form) => Object.entries(RICH_TEXT_FIELDS[form]).map(([path, max]) => [form, path, max] as const));

describe('rich-text fields of every form the renderer edits', () => {
  it("lists the tour day's description, the field that once skipped the sanitizer", () => {
    expect(Object.keys(RICH_TEXT_FIELDS.tour)).toContain('days.*.description');
  });

  it.each(forms)('%s: saved with a script, a handler and a javascript: link in every field, reads back with none of them', async (form) => {
    const { body, paths } = filled(form, ATTACK);
    const created = await FORMS[form].create(body);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const stored = await FORMS[form].read(created.body.data.id as number);
    for (const path of paths) expect(valueAt(stored, path), path).toBe(CLEAN);
    expect(JSON.stringify(stored)).not.toMatch(/<script|onerror|javascript:/i);
  });

  it.each(fields)('%s %s: %i characters of text are taken whatever the markup, one more is refused there', async (form, path, max) => {
    const taken = filled(form, `<p><strong>${'a'.repeat(max - 1)}</strong><em>b</em></p>`, path);
    const created = await FORMS[form].create(taken.body);
    expect(created.status, JSON.stringify(created.body).slice(0, 500)).toBe(201);

    const refused = filled(form, `<p>${'a'.repeat(max + 1)}</p>`, path);
    const reply = await FORMS[form].create(refused.body);
    expect(reply.status).toBe(422);
    for (const concrete of refused.paths) expect(reply.body.errors[concrete], concrete).toEqual([MESSAGES.validation.maxLength(max)]);
  });
});
