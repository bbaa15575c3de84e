// The import rules of docs/architecture.md, checked by `npm run lint` (scripts/check-imports.ts); the
// modules' order comes from module-order.json.
// Violations known when a rule was introduced are listed in .dependency-cruiser-known-violations.json
// and tolerated until fixed; any other violation fails the build. Paths are relative to the root.

/** Files that answer HTTP requests of a module. */
const ROUTE_FILES = [
  // `routes.ts` and `<name>-routes.ts` in every module.
  '^src/modules/[^/]+/(routes|[^/]+-routes)\\.ts$',
  // The console is an HTTP adapter over the node's own API: its page files register routes, read
  // forms and render pages; frame.ts holds the signed-in page's session cookie.
  '^src/modules/console/(pages|[^/]+-pages?)\\.ts$',
  '^src/modules/console/frame\\.ts$',
];

/** The HTTP adapter layer: the only code that may import src/http/ (see docs/architecture.md). */
const HTTP_ADAPTER = ['^src/http/', '^src/(app|server)\\.ts$', ...ROUTE_FILES];

/** The modules' layers, highest first: the one written order of src/modules (module-order.json). */
const { layers: MODULE_LAYERS } = require('./module-order.json');

const folderOf = (modules) => `^src/modules/(${modules.join('|')})/`;

/**
 * One rule a layer: its modules import no module of their own layer or of a higher one (a module's
 * own files excepted). Together they forbid every cycle between modules, since a cycle has to climb.
 */
const moduleOrder = MODULE_LAYERS.map((modules, index) => ({
  name: 'module-order',
  comment: `${modules.join(', ')} import only modules of the layers below theirs (module-order.json).`,
  severity: 'error',
  from: { path: folderOf(modules) },
  to: { path: folderOf(MODULE_LAYERS.slice(0, index + 1).flat()), pathNot: '^src/modules/$1/' },
}));

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cycle',
      comment: 'No import cycle anywhere in src, type-only imports included.',
      severity: 'error',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'domain-imports-only-domain',
      comment: 'domain/ is pure code: of ours it imports only domain/.',
      severity: 'error',
      from: { path: '^src/domain/' },
      to: { path: '^src/', pathNot: '^src/domain/' },
    },
    {
      name: 'db-imports-only-db-and-domain',
      comment: 'db/ is below every module and the core: of ours it imports only db/ and domain/.',
      severity: 'error',
      from: { path: '^src/db/' },
      to: { path: '^src/', pathNot: '^src/(db|domain)/' },
    },
    {
      name: 'core-apart-from-modules-and-http',
      comment: 'The core (and context.ts) know no module and no HTTP: services use them without Fastify.',
      severity: 'error',
      from: { path: ['^src/core/', '^src/context\\.ts$'] },
      to: { path: '^src/(modules|http)/' },
    },
    {
      name: 'no-module-cycle',
      comment: 'No cycle between module folders, whatever the order says: a module never reaches itself.',
      severity: 'error',
      scope: 'folder',
      from: { path: '^src/modules/' },
      to: { circular: true },
    },
    ...moduleOrder,
    {
      name: 'module-through-its-service',
      comment:
        'A module reaches another module only through its service.ts (and schemas.ts for types and schema composition); the other files are private.',
      severity: 'error',
      from: { path: '^src/modules/([^/]+)/' },
      to: {
        path: '^src/modules/',
        pathNot: ['^src/modules/$1/', '^src/modules/[^/]+/(service|schemas)\\.ts$'],
      },
    },
    {
      name: 'routes-never-import-a-store',
      comment: 'Routes (and console pages) go through a service; SQL stays behind it.',
      severity: 'error',
      from: { path: ROUTE_FILES },
      to: { path: '(^|/|-)store\\.ts$' },
    },
    {
      name: 'http-only-in-the-adapter',
      comment:
        'Only the HTTP adapter layer (http/, app.ts, server.ts, route files, console pages) imports http/.',
      severity: 'error',
      from: { path: '^src/', pathNot: HTTP_ADAPTER },
      to: { path: '^src/http/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Tests may import whatever they exercise.
    exclude: { path: '\\.test\\.ts$' },
    // Type-only imports are dependencies too: a cycle through types is still a cycle.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    // Packages that declare their entry points only in package.json "exports".
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
    },
    reporterOptions: {
      // The module graph of docs/module-graph.svg (npm run docs:graph): our code only, one node per
      // module folder and per layer (domain, db, http, core, locales), files at the root of src as they are.
      dot: {
        collapsePattern: '^src/(modules/[^/]+|domain|db|http|core|locales|types)/',
        filters: { includeOnly: { path: '^src/' } },
      },
    },
  },
};
