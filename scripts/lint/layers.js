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
  el('client', 'src/client'),
  el('sw', 'sw'),
  el('server-ports', 'src/server/ports'),
  el('server-infra', 'src/server/infra'),
  el('server-db', 'src/server/db'),
  el('server-demo', 'src/server/demo'),
  el('server-media', 'src/server/media'),
  el('server-services', 'src/server/services'),
  el('server-http', 'src/server/http'),
  el('server-routes', 'src/server/routes'),
  el('server', 'src/server'),
  el('app-lib', 'src/app/lib'),
  el('app-components', 'src/app/components'),
  el('app-feature', 'src/app/features/*', { capture: ['feature'] }),
  el('app-routes', 'src/app/routes'),
  el('app', 'src/app'),
];

// Files of the server's top folder: configuration and the shared context type sit below every layer;
// the rest (composition-root.ts, main.ts, app.ts…) wires the layers together. Command-line entry points
// inside a layer start the server's pieces like main.ts does.
const files = [
  { category: 'config', pattern: 'src/server/config.ts' },
  { category: 'context', pattern: 'src/server/context.ts' },
  { category: 'wiring', pattern: 'src/server/*.ts' },
  {
    category: 'cli',
    pattern: [
      'src/server/demo/cli.ts',
      'src/server/media/ingest-cli.ts',
      'src/server/media/media-cli.ts',
      'src/server/services/refunds/cli.ts',
    ],
  },
];

const types = (...t) => ({ element: { types: { anyOf: t } } });
const to = (...t) => ({ to: types(...t) });
const toFile = (...categories) => ({ to: { file: { categories: { anyOf: categories } } } });
const packages = (...sources) => ({ to: { module: { origin: ['external', 'core'], source: sources } } });
const anyPackage = { to: { module: { origin: ['external', 'core'] } } };
const base = [toFile('config', 'context'), to('contract', 'server-ports')];

const SERVER_LAYERS = [
  'server-ports',
  'server-infra',
  'server-db',
  'server-demo',
  'server-media',
  'server-services',
  'server-http',
  'server-routes',
];
const APP_LAYERS = ['app-lib', 'app-components', 'app-feature', 'app-routes'];
/** Node's file system module, however it is spelled. */
const FILE_SYSTEM = ['fs', 'fs/*', 'node:fs', 'node:fs/*'];
const feature = (name) => ({ element: { type: 'app-feature', captured: { feature: name } } });

const policies = [
  // The contract is shared by app, service worker and server: it stands on its schema library only.
  { from: types('contract'), allow: [to('contract'), packages('zod')] },
  // Browser code the page and its service worker share (the download queue's database and transitions,
  // the picture envelope): the contract and Dexie only, never the app or the worker, so neither of
  // them keeps a copy of what the other owns.
  { from: types('client'), allow: [to('client', 'contract'), packages('dexie')] },
  // The service worker: the contract, the shared client code, Workbox and its IndexedDB helper, and the
  // landing screens' chunks the build hands it (vite.config.ts, shellPreloads).
  {
    from: types('sw'),
    allow: [
      to('sw', 'contract', 'client'),
      packages('workbox-*', 'idb-keyval', 'idb', 'virtual:shell-preloads'),
    ],
  },

  // Server, bottom up: each layer may use packages, the contract, config and context, and the
  // layers named here (never one above it).
  { from: types('server', ...SERVER_LAYERS), allow: [anyPackage, to('contract')] },
  { from: { file: { categories: 'config' } }, allow: [] },
  // The context is a type: it may name a service's class by type (the password hasher), never run one.
  {
    from: { file: { categories: 'context' } },
    allow: [
      toFile('config'),
      to('server-db', 'server-ports'),
      { ...to('server-services'), dependency: { kind: 'type' } },
    ],
  },
  { from: { file: { categories: 'wiring' } }, allow: [to('server', ...SERVER_LAYERS)] },
  { from: { file: { categories: 'cli' } }, allow: [toFile('wiring')] },
  // Ports are interfaces only: what the rest of the server needs from the outside world.
  { from: types('server-ports'), allow: [to('server-ports', 'contract')] },
  // Adapters implement ports on a disk, a database or a remote service; only the wiring picks them.
  { from: types('server-infra'), allow: [...base, to('server-infra', 'server-db', 'server-media')] },
  { from: types('server-db'), allow: [to('server-db', 'server-ports'), toFile('config')] },
  // Media (files, ffmpeg, images) never calls into services; services use media (play files, adverts).
  { from: types('server-media'), allow: [...base, to('server-media', 'server-db')] },
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
  // The demo is a plugin over the ports, as an operator would use them: it writes the catalogue and its
  // media through services, stores and jobs; nothing but the wiring uses it.
  {
    from: types('server-demo'),
    allow: [...base, to('server-demo', 'server-services', 'server-media', 'server-db')],
  },
  // Routes and services never touch files, by import, export or dynamic import: media goes through
  // ctx.media (ports/media-store.ts), other files through an adapter in infra/ or a module in http/.
  {
    from: types('server-routes', 'server-services'),
    disallow: [packages(...FILE_SYSTEM)],
    message: 'Routes and services never touch files: use ctx.media (the MediaStore port) or an adapter.',
  },

  // App, bottom up: never the server. lib/ and components/ never import a feature.
  { from: types('app', ...APP_LAYERS), allow: [anyPackage, to('contract', 'client')] },
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
