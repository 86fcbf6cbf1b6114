/**
 * Property-based fuzzing of every create, update and switch endpoint and every list's query string
 * (issue 8 "Bad input never reaches a 500"), generated from SERVER_RESOURCES so new resources join
 * by themselves: wrong types, NUL and other control characters and lone surrogates, 10 000-character
 * strings, huge numbers, deep nesting, unknown fields. Whatever comes, the answer is never a 5xx, a
 * refusal is in Russian (no English word in its message or errors), a refused request writes
 * nothing, and no error is logged.
 *
 * fast-check prints the seed and the shrunk input of a failure; replay it with
 * `fc.assert(property, { seed, path })`.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '../../../shared/roles.js';
import { createDataSource } from '../../database/data-source.js';
import { createSample, EDITABLE_RESOURCES } from '../../test/resource-samples.js';
import { englishWords } from '../../test/russian-text.js';
import { startTestApp, type ApiClient, type ApiResponse, type TestApp } from '../../test/test-app.js';
import type { ServerResource } from '../resource/server-resource.js';

let app: TestApp;
let admin: ApiClient;
const tables = new Map<ServerResource, string>();

beforeAll(async () => {
  // No job workers: a job run by an accepted save (an import saved active) would change the record between a refusal's two reads.
  app = await startTestApp({ env: { JOB_WORKERS: 'off' } });
  ({ client: admin } = await app.signInAs(Role.Administrator));
  const dataSource = createDataSource(app.db.url, { poolSize: 1 });
  await dataSource.initialize();
  for (const resource of EDITABLE_RESOURCES) tables.set(resource, dataSource.getMetadata(resource.entity).tableName);
  await dataSource.destroy();
});
afterAll(() => app?.close());

/**
 * Runs of each property per resource: about 30 s for the whole file on the build machines.
 * FUZZ_SCALE=10 searches ten times as long (run it after touching input handling).
 */
const SCALE = Math.max(1, Number(process.env.FUZZ_SCALE) || 1);
const RUNS = { create: 12 * SCALE, update: 12 * SCALE, switch: 4 * SCALE, list: 8 * SCALE };
const TIMEOUT_MS = 120_000 * SCALE;

/**
 * JSON nested `depth` levels, built only when the body is serialized: fast-check's own printing of
 * a failing input is recursive, so the value it holds is this small stand-in.
 */
class Nested {
  constructor(readonly depth: number) {}
  toJSON(): unknown {
    let value: unknown = 1;
    for (let level = 0; level < this.depth; level++) value = level % 2 ? [value] : { a: value };
    return value;
  }
  [fc.toStringMethod](): string {
    return `<JSON nested ${this.depth} levels>`;
  }
}
const nested = (depth: number) => new Nested(depth);

/** Values nobody should send. */
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, true, false, 0, -1, -0, 1.5, 2 ** 31, -(2 ** 31) - 1, 2 ** 53 + 1, 1e20, 1e19 * 10, 1e308, -1e308, '', ' ', '0', 'true', 'null'),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ maxLength: 20 }).map((text) => `${text}\u0000${text}`),
  fc.tuple(fc.string({ maxLength: 10 }), fc.constantFrom('\u0007', '\u000b', '\u001b', '\u0008')).map(([text, control]) => `${text}${control}${text}`),
  fc.constantFrom('\ud800', 'a\udfffb', '\udc00\ud800', '<script>alert(1)</script>', "'; DROP TABLE users; --", '%00', '../../etc/passwd', '{{7*7}}'),
  fc.constantFrom('я'.repeat(10_000), 'x'.repeat(10_001), '1'.repeat(400)),
  fc.integer({ min: 2, max: 2000 }).map((depth) => nested(depth)),
  fc.array(fc.jsonValue({ maxDepth: 3 }), { maxLength: 5 }),
  fc.dictionary(fc.string({ maxLength: 10 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }),
  fc.jsonValue({ maxDepth: 4 }),
);

/** A body: a valid record with some fields replaced by hostile values and some unknown fields added, or no object at all. */
function hostileBody(valid: Record<string, unknown>, fields: string[]): fc.Arbitrary<unknown> {
  const keys = fc.constantFrom(...fields, 'id', 'version', 'created_at', 'is_new', 'status', 'password_hash', 'unknown_field', '__proto__', 'constructor');
  return fc.oneof(
    { weight: 6, arbitrary: fc.dictionary(keys, hostileValue, { maxKeys: 4 }).map((changes) => ({ ...valid, ...changes })) },
    { weight: 2, arbitrary: fc.dictionary(keys, hostileValue, { maxKeys: 6 }) },
    { weight: 1, arbitrary: fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.integer({ min: 33, max: 2000 }).map((depth) => nested(depth))) },
  );
}

/** Percent-encodes every byte of the UTF-8 text (a lone surrogate becomes U+FFFD), or sends a malformed encoding as is. */
const queryText: fc.Arbitrary<string> = fc.oneof(
  hostileValue.map((value) => [...Buffer.from(typeof value === 'string' ? value : JSON.stringify(value) ?? '')].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('')),
  fc.constantFrom('%', '%E0%A4%A', '%ZZ', '%00', '1%00', '99999999999999999999', '-99999999999999999999', '1e400', 'NaN', '0x10', '1&page=0'),
);

function hostileQuery(resource: ServerResource): fc.Arbitrary<string> {
  const filters = Object.keys((resource.definition.filters as { shape?: object } | undefined)?.shape ?? {});
  const keys = fc.constantFrom('query', 'page', 'limit', 'orderBy', 'ascending', 'city_id', 'is_active', 'level', ...filters, ...resource.definition.sortable, 'unknown', 'query[]');
  return fc.array(fc.tuple(keys, queryText), { minLength: 1, maxLength: 5 }).map((pairs) => pairs.map(([key, value]) => `${key}=${value}`).join('&'));
}

const count = async (table: string) => (await app.db.query<{ count: number }>(`SELECT count(*)::int AS count FROM ${table}`))[0]!.count;
/** Never a 5xx; a refusal says why in Russian (words of the request itself aside). */
const noServerError = (response: ApiResponse, what: string, sent?: unknown) => {
  expect(response.status, `${what} → ${response.status} ${JSON.stringify(response.body).slice(0, 300)}`).toBeLessThan(500);
  if (response.status >= 400) expect(englishWords(response.body, sent), `${what} → ${JSON.stringify(response.body).slice(0, 300)}`).toEqual([]);
};

/** The query as the server reads it (a malformed escape left as sent). */
const decodeURIComponentSafe = (query: string) => {
  try {
    return decodeURIComponent(query);
  } catch {
    return query;
  }
};

describe.each(EDITABLE_RESOURCES.map((resource) => [resource.definition.path, resource] as const))('%s', (path, resource) => {
  it('create, update, switches and the list answer hostile input without a 5xx, and a refusal writes nothing', async () => {
    const { row, sample } = await createSample(admin, resource);
    const table = tables.get(resource)!;
    const fields = [...new Set([...Object.keys(sample.body), ...Object.keys(row)])];
    const url = `/api${path}`;

    await fc.assert(
      fc.asyncProperty(hostileBody(sample.body, fields), async (body) => {
        const before = await count(table);
        const response = await admin.post(url, body);
        noServerError(response, `POST ${url} ${JSON.stringify(body).slice(0, 200)}`, body);
        if (response.status >= 400) expect(await count(table), `POST ${url} refused but wrote`).toBe(before);
      }),
      { numRuns: RUNS.create },
    );

    // Opened once first: opening a client or an agency clears its "new" mark, which is no write of a PUT.
    await admin.get(`${url}/${row.id}`);
    let stored = (await admin.get(`${url}/${row.id}`)).body.data;
    await fc.assert(
      fc.asyncProperty(hostileBody({}, fields), async (body) => {
        const response = await admin.put(`${url}/${row.id}`, body);
        noServerError(response, `PUT ${url}/${row.id} ${JSON.stringify(body).slice(0, 200)}`, body);
        const now = (await admin.get(`${url}/${row.id}`)).body.data;
        if (response.status >= 400) expect(now, `PUT ${url} refused but wrote`).toEqual(stored);
        stored = now;
      }),
      { numRuns: RUNS.update },
    );

    for (const segment of Object.keys(resource.definition.switches ?? {})) {
      await fc.assert(
        fc.asyncProperty(hostileBody({}, [resource.definition.switches![segment]!]), async (body) => {
          const response = await admin.put(`${url}/${row.id}/${segment}`, body);
          noServerError(response, `PUT ${url}/${row.id}/${segment} ${JSON.stringify(body).slice(0, 200)}`, body);
        }),
        { numRuns: RUNS.switch },
      );
    }

    await fc.assert(
      fc.asyncProperty(hostileQuery(resource), async (query) => {
        noServerError(await admin.get(`${url}?${query}`), `GET ${url}?${query.slice(0, 200)}`, decodeURIComponentSafe(query));
      }),
      { numRuns: RUNS.list },
    );
  }, TIMEOUT_MS);
});

it('no request of the fuzzing was logged as a server error', async () => {
  expect(await app.db.query(`SELECT title, left(msg, 300) AS msg FROM logs WHERE level >= 400`)).toEqual([]);
});
