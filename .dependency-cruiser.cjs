/**
 * The layering of the code, checked by dependency-cruiser in `npm test` (npm run check:layers):
 * the renderer never imports server code and Electron main only the server's entry points (it boots
 * the API in its own process), shared/ imports neither side, migrations import no server code, a feature
 * of the renderer never imports another feature, the renderer's common code imports no feature
 * (features/screens.ts, the registry, is the one place that knows them all), and no module reaches
 * itself through its imports (tests/layers/ proves that rule bites, on a fixture outside these folders).
 */
module.exports = {
  forbidden: [
    {
      name: 'no-server-in-renderer',
      comment: 'The renderer talks to the server over HTTP only.',
      severity: 'error',
      from: { path: '^renderer/' },
      to: { path: '^server/' },
    },
    {
      name: 'main-starts-the-server-only-through-its-entry',
      comment:
        'Electron main boots the API in its own process (ARCHITECTURE.md §1): it may call the server\'s entry points (startServer, its configuration, serve mode, the start-up timer) and nothing inside the server (its tests may name what they mock).',
      severity: 'error',
      from: { path: '^main/', pathNot: '\\.test\\.ts$' },
      to: { path: '^server/', pathNot: '^server/(bootstrap|config|serve|startup)\\.ts$' },
    },
    {
      name: 'shared-imports-neither-side',
      comment: 'shared/ is used by both sides, so it depends on neither.',
      severity: 'error',
      from: { path: '^shared/' },
      to: { path: '^(renderer|main|server|migrations)/' },
    },
    {
      name: 'migrations-do-not-import-server',
      comment:
        'A migration must mean the same thing forever, while server code changes: what a migration needs of it is a copy frozen beside it (migrations/frozen/README.md) or inline.',
      severity: 'error',
      from: { path: '^migrations/' },
      to: { path: '^server/' },
    },
    {
      name: 'no-renderer-in-server-or-main',
      severity: 'error',
      from: { path: '^(server|main)/' },
      to: { path: '^renderer/' },
    },
    {
      name: 'features-do-not-import-each-other',
      comment: 'What two features share belongs in renderer/src/common (or shared/).',
      severity: 'error',
      from: { path: '^renderer/src/features/([^/]+)/' },
      to: { path: '^renderer/src/features/[^/]+/', pathNot: '^renderer/src/features/$1/' },
    },
    {
      name: 'common-does-not-import-features-or-app',
      comment: 'Common code serves every feature and the app shell; it knows neither (a definition says what it needs, e.g. `invalidates`).',
      severity: 'error',
      from: { path: '^renderer/src/common/' },
      to: { path: '^renderer/src/(features|app)/' },
    },
    {
      name: 'no-circular',
      comment:
        'No module reaches itself through its imports, type-only ones included (tsPreCompilationDeps below): a runtime circle works only by which file loads first, and a type-only one still ties two modules into one. Move what both need into the lower module or a small one of its own.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'spreadsheets-only-through-the-export-writer',
      comment:
        'Every xlsx is written by server/exports/xlsx.ts (streamXlsx), whose test holds that text from user data is never a formula (=1+2, @SUM(A1)): another writer would slip past it (issue 25). Tests read workbooks with exceljs freely.',
      severity: 'error',
      from: { path: '^(renderer|main|shared|server|migrations)/', pathNot: '^server/exports/xlsx\\.ts$|^server/test/|\\.test\\.ts$' },
      to: { path: '(^|/)node_modules/exceljs/' },
    },
    {
      name: 'everything-resolves',
      comment: 'An import the checker cannot resolve would slip past every rule above.',
      severity: 'error',
      from: { path: '^(renderer|main|shared|server|migrations)/' },
      to: { couldNotResolve: true, path: '^(\\.|@shared/)' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|dist)/' },
    // Type-only imports count too: a type from the server in the renderer is still a dependency on it.
    tsPreCompilationDeps: true,
    // The renderer's `@shared/...` alias, and NodeNext's './x.js' naming './x.ts', resolved as tsc does.
    tsConfig: { fileName: 'tsconfig.depcruise.json' },
    enhancedResolveOptions: {
      extensions: ['.ts', '.tsx', '.cts', '.js', '.cjs', '.mjs', '.json', '.d.ts'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
    },
  },
};
