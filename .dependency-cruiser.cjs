// One-way layers of the shop, checked by `npm run layers` (docs/decisions/015-enforced-layers.md).
// dependency-cruiser runs from tools/layers with its own TypeScript 5.9 (the root TypeScript 7 has no JS API).

const API = '^apps/api/src/';
const WEB = '^apps/web/src/';
const SHARED = '^packages/shared/src/';

/** A routes file of an API module: `routes.ts` or `*-routes.ts`. */
const ROUTES_FILE = `${API}modules/[^/]+/(?:routes|[^/]*-routes)\\.ts$`;

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'No import cycles anywhere: layers only point one way.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-circular-between-modules',
      severity: 'error',
      comment:
        'No cycle between API module folders either, even when no single file closes it (cart ↔ coupons). Routes files calling a workflow are the one allowed way up, so workflows are left out.',
      scope: 'folder',
      from: { path: `${API}modules/` },
      to: { path: `${API}modules/`, circular: true },
    },
    {
      name: 'no-unresolvable',
      severity: 'error',
      comment: 'Every import must resolve, or the check would silently see less than there is.',
      from: {},
      to: { couldNotResolve: true },
    },
    {
      name: 'shared-imports-no-app',
      severity: 'error',
      comment: 'packages/shared is below both apps: it imports nothing from them.',
      from: { path: SHARED },
      to: { path: '^apps/' },
    },

    // ---- API ----
    {
      name: 'api-module-only-through-service',
      severity: 'error',
      comment:
        'A module is used from outside its folder only through its service.ts (its routes files only by app.ts, see below).',
      from: { path: API, pathNot: `${API}modules/` },
      to: {
        path: `${API}modules/`,
        pathNot: [`${API}modules/[^/]+/service\\.ts$`, ROUTES_FILE],
      },
    },
    {
      name: 'api-module-internals-stay-inside',
      severity: 'error',
      comment: 'The same rule for files inside another module: only its service.ts is public.',
      from: { path: `${API}modules/([^/]+)/` },
      to: {
        path: `${API}modules/[^/]+/`,
        pathNot: [`${API}modules/$1/`, `${API}modules/[^/]+/service\\.ts$`, ROUTES_FILE],
      },
    },
    {
      name: 'api-routes-only-from-app',
      severity: 'error',
      comment:
        'Routes files are registered by app.ts and imported by nothing else (no module imports another one’s routes).',
      from: { path: API, pathNot: `${API}app\\.ts$` },
      to: { path: ROUTES_FILE },
    },
    {
      name: 'api-routes-no-db',
      severity: 'error',
      comment: 'Route handlers parse, call a service and reply: the database is the services’ business.',
      from: { path: ROUTES_FILE },
      to: { path: `${API}db/` },
    },
    {
      name: 'api-db-is-the-bottom',
      severity: 'error',
      comment: 'db/ (seed data included) imports no module, workflow or platform code.',
      from: { path: `${API}db/` },
      to: { path: `${API}(?:modules|workflows|platform)/` },
    },
    {
      name: 'api-seed-only-from-start',
      severity: 'error',
      comment: 'The demo seed sits on top, beside the start-up: only server.ts and the command-line tools run it.',
      from: { path: API, pathNot: `${API}(?:server\\.ts$|cli/|seed/)` },
      to: { path: `${API}seed/` },
    },
    {
      name: 'api-platform-below-modules',
      severity: 'error',
      comment: 'platform/ serves the modules and workflows; it never imports them.',
      from: { path: `${API}platform/` },
      to: { path: `${API}(?:modules|workflows)/` },
    },
    {
      name: 'api-modules-below-workflows',
      severity: 'error',
      comment: 'Workflows compose modules; a module never calls a workflow (only routes files may).',
      from: { path: `${API}modules/`, pathNot: ROUTES_FILE },
      to: { path: `${API}workflows/` },
    },
    {
      name: 'api-provider-only-through-payments',
      severity: 'error',
      comment:
        'The payments module alone talks to the payment provider (docs/decisions/016-payments-module.md); the start-up wiring builds it.',
      from: { path: API, pathNot: [`${API}modules/payments/`, `${API}platform/`, `${API}(?:app|server)\\.ts$`] },
      to: { path: `${API}platform/payments/` },
    },
    {
      name: 'api-shipping-provider-only-through-shipping',
      severity: 'error',
      comment:
        'The shipping and delivery modules alone talk to the courier service (docs/decisions/037-shipping-providers.md, 039-shipping.md); the start-up wiring builds it.',
      from: {
        path: API,
        pathNot: [
          `${API}modules/(?:shipping|delivery)/`,
          `${API}platform/shipping/`,
          `${API}platform/deps\\.ts$`,
          `${API}(?:app|server)\\.ts$`,
        ],
      },
      to: { path: `${API}platform/shipping/` },
    },

    // ---- web ----
    {
      name: 'web-nothing-imports-app',
      severity: 'error',
      comment:
        'app/ (router, store, shells) sits on top: only the entries (start.ts, main.tsx, the server renderer in server/) and app/ itself import it.',
      from: { path: WEB, pathNot: [`${WEB}(main\\.tsx|start\\.ts)$`, `${WEB}server/`, `${WEB}app/`] },
      to: { path: `${WEB}app/` },
    },
    {
      name: 'web-feature-imports-no-feature',
      severity: 'error',
      comment: 'Features do not import each other; compose them in app/.',
      from: { path: `${WEB}features/([^/]+)/` },
      to: { path: `${WEB}features/[^/]+/`, pathNot: `${WEB}features/$1/` },
    },
    {
      name: 'web-lower-layers-import-no-feature',
      severity: 'error',
      comment: 'components/, api/ and the session/store layer are below the features and app/.',
      from: { path: `${WEB}(?:components|api|session|store)/` },
      to: { path: `${WEB}(?:features|app)/` },
    },
  ],

  // The check must see the code: a parser that silently reads nothing would pass every rule above.
  required: [
    {
      name: 'sanity-api-app-registers-routes',
      severity: 'error',
      comment: 'If app.ts no longer reaches a routes file, the TypeScript parser is not working.',
      module: { path: `${API}app\\.ts$` },
      to: { path: ROUTES_FILE },
    },
    {
      name: 'sanity-web-main-reaches-app',
      severity: 'error',
      comment: 'If main.tsx no longer reaches app/, the .tsx parser is not working.',
      module: { path: `${WEB}main\\.tsx$` },
      to: { path: `${WEB}app/` },
    },
  ],

  options: {
    exclude: {
      path: ['\\.test\\.tsx?$', '^apps/api/test/', '^apps/web/src/test/'],
    },
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'types', 'default'],
      extensions: ['.ts', '.tsx', '.mjs', '.js', '.d.ts'],
    },
    reporterOptions: {
      text: { highlightFocused: true },
    },
  },
};
