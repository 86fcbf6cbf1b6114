/**
 * Start-up (issue 9): the server is built into a few bundle files (scripts/bundle-node.mjs) and its
 * heavy libraries load on first use. These tests build the bundle afresh into a folder of their own
 * and run it in child processes, as `npm run serve` and the desktop app do.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleNode, PROJECT_ROOT } from '../scripts/bundle-node.mjs';
import { Role } from '../shared/roles.js';
import { insertApplication } from './test/application-fixtures.js';
import { eventually } from './test/data-folder.js';
import { ApiClient, createTestDatabase, type TestDatabase } from './test/test-app.js';

/** Libraries few requests need: never part of what a start loads (scripts/bundle-node.mjs keeps them external). */
const HEAVY = /[\\/]node_modules[\\/](exceljs|docx|nodemailer|sanitize-html|postcss|pdfkit|fontkit)[\\/]/;
/** zod's error texts in other languages than English and Russian (the bundle leaves them out). */
const OTHER_ZOD_LOCALE = /node_modules\/zod\/v4\/locales\/(?!(en|ru|index)\.js$)/;

/** Inside the project (test-results/ is git-ignored), so the external packages resolve from node_modules. */
const outdir = path.join(PROJECT_ROOT, 'test-results', `startup-bundle-${randomBytes(4).toString('hex')}`);
let metafile: Awaited<ReturnType<typeof bundleNode>>['modules'];

beforeAll(async () => {
  ({ modules: metafile } = await bundleNode({ outdir }));
}, 180_000);

afterAll(() => rmSync(outdir, { recursive: true, force: true }));

/** The project-relative source files that went into the given bundle files. */
function inputsOf(files: string[]): string[] {
  return files.flatMap((file) => Object.keys(metafile.outputs[path.relative(PROJECT_ROOT, file)]?.inputs ?? {}));
}

/**
 * Imports `entry` in a fresh Node process and lists every file it loaded: ES modules (through a
 * module hook that notes each one) and CommonJS modules (require.cache).
 */
async function filesLoadedByImporting(entry: string): Promise<{ esm: string[]; commonjs: string[] }> {
  const log = path.join(outdir, `loaded-${randomBytes(4).toString('hex')}.txt`);
  const hooks = path.join(outdir, 'record-hooks.mjs');
  const recorder = path.join(outdir, 'record-imports.mjs');
  writeFileSync(log, '');
  writeFileSync(
    hooks,
    `import { appendFileSync } from 'node:fs';
let log;
export function initialize(data) { log = data.log; }
export async function load(url, context, next) { appendFileSync(log, url + '\\n'); return next(url, context); }
`,
  );
  writeFileSync(
    recorder,
    `import { createRequire, register } from 'node:module';
import { readFileSync } from 'node:fs';
const [entry, hooks, log] = process.argv.slice(2);
register(hooks, { data: { log } });
await import(entry);
const esm = readFileSync(log, 'utf8').split('\\n').filter((url) => url.startsWith('file:'));
process.stdout.write(JSON.stringify({ esm, commonjs: Object.keys(createRequire(import.meta.url).cache) }));
`,
  );
  const output = await new Promise<string>((resolve, reject) => {
    const child = spawn(process.execPath, [recorder, pathToFileURL(entry).href, pathToFileURL(hooks).href, log], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(stdout) : reject(new Error(`import of ${entry} failed (${code}): ${stderr}`))));
  });
  const loaded = JSON.parse(output) as { esm: string[]; commonjs: string[] };
  return { esm: loaded.esm.map((url) => fileURLToPath(url)), commonjs: loaded.commonjs };
}

describe('start-up', () => {
  it('importing the server module graph loads no exceljs, docx, nodemailer, sanitize-html or pdfkit: they are loaded on first use', async () => {
    const loaded = await filesLoadedByImporting(path.join(outdir, 'server/bootstrap.js'));
    const inputs = inputsOf(loaded.esm);

    // The whole server was imported (the Nest modules, TypeORM), in a handful of files…
    expect(inputs).toContain('server/app.module.ts');
    expect(inputs.some((input) => input.includes('node_modules/typeorm/'))).toBe(true);
    expect(loaded.esm.filter((file) => file.startsWith(outdir)).length).toBeLessThan(15);
    // …without the heavy libraries, neither bundled nor from node_modules.
    expect(inputs.filter((input) => HEAVY.test(`/${input}`))).toEqual([]);
    expect([...loaded.esm, ...loaded.commonjs].filter((file) => HEAVY.test(file))).toEqual([]);
    expect(inputs.filter((input) => OTHER_ZOD_LOCALE.test(input))).toEqual([]);

    // The server imports each of them on first use (`await import()`), from node_modules.
    const importedOnFirstUse = Object.values(metafile.outputs).flatMap((output) =>
      output.imports.filter((imported) => imported.kind === 'dynamic-import' && imported.external).map((imported) => imported.path),
    );
    expect(importedOnFirstUse).toEqual(expect.arrayContaining(['exceljs', 'nodemailer', 'pdfkit']));
  });

  describe('the bundled server in serve mode', () => {
    let db: TestDatabase;
    let stop: (() => Promise<void>) | undefined;

    beforeAll(async () => {
      db = await createTestDatabase();
    });
    afterAll(async () => {
      await stop?.();
      await db.drop();
    });

    it('answers the API (NestJS injection works in the bundle), prints its time to ready, exports xlsx and makes an application’s PDFs', async () => {
      const child = spawn(process.execPath, [path.join(outdir, 'server/serve.js')], {
        env: { ...process.env, DATABASE_URL: db.url, HOST: '127.0.0.1', PORT: '0', ADMIN_EMAIL: 'admin@example.test', ADMIN_PASSWORD: 'bundle-password' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
      stop = async () => {
        child.kill('SIGTERM');
        await exited;
      };
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      const ready = await new Promise<RegExpMatchArray>((resolve, reject) => {
        let stdout = '';
        child.stdout.on('data', (chunk: Buffer) => {
          stdout += chunk.toString();
          const match = /running at (http:\/\/[^\s]+)\/ \(ready in (\d+) ms\)/.exec(stdout);
          if (match) resolve(match);
        });
        child.on('exit', (code) => reject(new Error(`serve.js exited (${code}): ${stderr}`)));
      });
      expect(Number(ready[2])).toBeGreaterThan(0);

      const client = new ApiClient(ready[1]!);
      expect((await client.get('/api/health')).status).toBe(200);
      expect((await client.login('admin@example.test', 'bundle-password')).status).toBe(200);
      expect((await client.post('/api/me')).body).toMatchObject({ email: 'admin@example.test', role: Role.Administrator });

      const exported = await client.getBytes('/api/clients/export');
      expect(exported.status).toBe(200);
      expect(exported.headers.get('content-type')).toContain('spreadsheetml');
      expect(exported.body.subarray(0, 2).toString()).toBe('PK'); // a zip: the xlsx container

      // Rich text is cleaned by sanitize-html, loaded from node_modules on this first use.
      const country = await client.post('/api/countries', { name: 'Страна сборки' });
      const city = await client.post('/api/cities', {
        name: 'Город сборки',
        country_id: country.body.data.id,
        slug: 'bundle-city',
        seo_settings: { hotel: { description: '<p onclick="x()">Текст<script>alert(1)</script></p>' } },
      });
      expect(city.status).toBe(201);
      expect(city.body.data.seo_settings.hotel.description).toBe('<p>Текст</p>');

      // The voucher and contract: pdfkit loaded from node_modules by the job, the DejaVu fonts found from the bundle.
      const application = await insertApplication(db, { tourists: [{ last_name: 'Сборкина', first_name: 'Ольга' }] });
      expect((await client.get(`/api/applications/${application.id}/documents/regenerate`, { proof: true })).status).toBe(200);
      const paths = await eventually(
        async () => {
          const rows = await db.query<{ path: string | null }>(`SELECT path FROM application_documents WHERE application_id = $1 AND kind IS NOT NULL`, [application.id]);
          return rows.length === 2 && rows.every((row) => row.path !== null) ? rows.map((row) => row.path!) : undefined;
        },
        20_000,
        'the documents made by the job',
      );
      const pdf = await client.getBytes(`/api/storage/${paths[0]}`);
      expect(pdf.headers.get('content-type')).toContain('application/pdf');
      expect(pdf.body.subarray(0, 5).toString()).toBe('%PDF-');
      expect(stderr).toBe('');
    }, 60_000);
  });
});
