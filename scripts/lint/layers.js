import boundaries from 'eslint-plugin-boundaries';

/**
 * Layer rules (DEVELOPERS.md, "Layers"), checked on every import, export and dynamic import by
 * eslint-plugin-boundaries: what no policy allows is refused. Files outside these layers (tests,
 * scripts, build settings) are not checked.
 */

// Each folder is one element; the first pattern that matches a file names its element, so the
// layers come before the top folders that hold them.
const el = (type, pattern, extra = {}) => ({ type, pattern, partialMatch: false, ...extra });
const elements = [
  el('contract', 'src/contract'),
  el('sw', 'sw'),
  el('server-db', 'src/server/db'),
  el('server-demo', 'src/server/demo'),
  el('server-media', 'src/server/media'),
  el('server-services', 'src/server/services'),
  el('server-http', 'src/server/http'),
  el('server-routes', 'src/server/routes'),
  el('server-seed', 'src/server/seed'),
  el('server', 'src/server'),
  el('app-lib', 'src/app/lib'),
  el('app-components', 'src/app/components'),
  el('app-feature', 'src/app/features/*', { capture: ['feature'] }),
  el('app-routes', 'src/app/routes'),
  el('app', 'src/app'),
];

// Files of the server's top folder: configuration and the shared context type sit below every layer;
// the rest (app.ts, main.ts, bootstrap.ts…) wires the layers together. Command-line entry points
// inside a layer start the server's pieces like main.ts does.
const files = [
  { category: 'config', pattern: 'src/server/config.ts' },
  { category: 'context', pattern: 'src/server/context.ts' },
  { category: 'wiring', pattern: 'src/server/*.ts' },
  { category: 'cli', pattern: ['src/server/seed/cli.ts', 'src/server/media/ingest-cli.ts'] },
];

const types = (...t) => ({ element: { types: { anyOf: t } } });
const to = (...t) => ({ to: types(...t) });
const toFile = (...categories) => ({ to: { file: { categories: { anyOf: categories } } } });
const packages = (...sources) => ({ to: { module: { origin: ['external', 'core'], source: sources } } });
const anyPackage = { to: { module: { origin: ['external', 'core'] } } };
const base = [toFile('config', 'context'), to('contract')];

const SERVER_LAYERS = [
  'server-db',
  'server-demo',
  'server-media',
  'server-services',
  'server-http',
  'server-routes',
  'server-seed',
];
const APP_LAYERS = ['app-lib', 'app-components', 'app-feature', 'app-routes'];
const feature = (name) => ({ element: { type: 'app-feature', captured: { feature: name } } });

const policies = [
  // The contract is shared by app, service worker and server: it stands on its schema library only.
  { from: types('contract'), allow: [to('contract'), packages('zod')] },
  // The service worker: the contract, Workbox and its IndexedDB helper, and the landing screens' chunks
  // the build hands it (vite.config.ts, shellPreloads).
  {
    from: types('sw'),
    allow: [to('sw', 'contract'), packages('workbox-*', 'idb-keyval', 'idb', 'virtual:shell-preloads')],
  },

  // Server, bottom up: each layer may use packages, the contract, config and context, and the
  // layers named here (never one above it).
  { from: types('server', ...SERVER_LAYERS), allow: [anyPackage, to('contract')] },
  { from: { file: { categories: 'config' } }, allow: [] },
  { from: { file: { categories: 'context' } }, allow: [toFile('config'), to('server-db')] },
  { from: { file: { categories: 'wiring' } }, allow: [to('server', ...SERVER_LAYERS)] },
  { from: { file: { categories: 'cli' } }, allow: [toFile('wiring')] },
  { from: types('server-db'), allow: [to('server-db'), toFile('config')] },
  { from: types('server-demo'), allow: [to('server-demo')] },
  // Media (files, ffmpeg, images) never calls into services; services use media (play files, adverts).
  { from: types('server-media'), allow: [...base, to('server-media', 'server-demo', 'server-db')] },
  { from: types('server-services'), allow: [...base, to('server-services', 'server-media', 'server-db')] },
  // Services never reach up into HTTP or routes; HTTP helpers never into routes.
  {
    from: types('server-http'),
    allow: [...base, to('server-http', 'server-services', 'server-media', 'server-db')],
  },
  {
    from: types('server-routes'),
    allow: [...base, to('server-routes', 'server-http', 'server-services', 'server-media', 'server-db')],
  },
  {
    from: types('server-seed'),
    allow: [...base, to('server-seed', 'server-demo', 'server-services', 'server-media', 'server-db')],
  },

  // App, bottom up: never the server. lib/ and components/ never import a feature.
  { from: types('app', ...APP_LAYERS), allow: [anyPackage, to('contract')] },
  { from: types('app-lib'), allow: [to('app-lib')] },
  { from: types('app-components'), allow: [to('app-components', 'app-lib')] },
  { from: types('app-feature'), allow: [to('app-feature', 'app-components', 'app-lib')] },
  { from: types('app-routes'), allow: [to('app-routes', 'app-feature', 'app-components', 'app-lib')] },
  { from: types('app'), allow: [to('app', ...APP_LAYERS)] },
  // Features use one another one way only: support (contact links, service hours) serves account,
  // purchase and home and uses no other feature; account uses purchase, never the reverse.
  { from: feature('support'), disallow: [{ to: feature('!support') }] },
  { from: feature('purchase'), disallow: [{ to: feature('account') }] },
];

export const layers = [
  {
    files: ['src/**/*.{ts,tsx}', 'sw/**/*.ts'],
    plugins: { boundaries },
    settings: {
      'import/resolver': { './scripts/lint/ts-resolver.cjs': {} },
      'boundaries/elements': elements,
      'boundaries/files': files,
      'boundaries/files-single-match': true,
      'boundaries/legacy-templates': false,
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        { default: 'disallow', checkAllOrigins: true, checkUnknownLocals: true, policies },
      ],
    },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
];
