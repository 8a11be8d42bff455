import react from '@vitejs/plugin-react';
import { build, defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { compression } from 'vite-plugin-compression2';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_IMAGE_KEY } from './src/contract/cipher.js';
import { LandingScreen } from './src/contract/landing-screens.js';
import { chunkGraph, type Manifest } from './src/server/http/chunk-graph.js';

// The image key is fixed at build time: the service worker decrypts images with it.
const imageKey = process.env.IMAGE_KEY ?? DEFAULT_IMAGE_KEY;

// The app is written against React 19's API and ships on preact/compat: React's runtime alone is about
// 68 KB gzip, which leaves no room for the home screen inside its 120 KB budget (see README, "UI runtime").
// UI_RUNTIME=react builds the same code on React itself; the bundle benchmark measures both.
export const uiRuntime = process.env.UI_RUNTIME === 'react' ? 'react' : 'preact';
const runtimeAlias =
  uiRuntime === 'react'
    ? []
    : [
        { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
        { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
        { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
        { find: /^react-dom$/, replacement: 'preact/compat' },
        { find: /^react$/, replacement: 'preact/compat' },
      ];

/** Where the server-side first-screen renderer is built (a dot folder: never served). */
export const PRERENDER_OUT_DIR = '.ssr';

/**
 * V8's explicit compile hint on every chunk: a chunk is compiled whole while it streams in, on a
 * background thread, instead of function by function on the main thread as each is first called. A
 * chunk a page loads, it runs at once (the app's start, the player's set-up): that lazy compiling was
 * about half of every long task after the first paint (Lighthouse TBT /home ~400 → ~210 ms,
 * /vod/detail ~470 → ~235 ms on one machine). Chromium 136+; other engines ignore the comment.
 *
 * It must be the file's first line (V8 ignores it below other code: measured). Minifying drops comments,
 * and Vite's import analysis puts its prelude (__vite__mapDeps) first in its own generateBundle, which
 * runs after every user plugin's: so the hint goes in right after that hook, and before the manifest's,
 * after which the brotli/gzip twins are written. A file's name keeps the hash of its code without the
 * comment (the same for every build of that code).
 */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad';
function compileHints(): Plugin {
  return {
    name: 'inkreel:compile-hints',
    apply: 'build',
    configResolved(config) {
      const analysis = config.plugins.find((p) => p.name === 'vite:build-import-analysis');
      const original = analysis?.generateBundle;
      if (!analysis || typeof original !== 'function')
        throw new Error('compile hints: no vite:build-import-analysis generateBundle to follow');
      analysis.generateBundle = async function (this: unknown, ...args: Parameters<typeof original>) {
        await original.apply(this as ThisParameterType<typeof original>, args);
        for (const out of Object.values(args[1])) {
          if (out.type === 'chunk' && !out.code.startsWith(COMPILE_HINT))
            out.code = `${COMPILE_HINT}\n${out.code}`;
        }
      };
    },
  };
}

/** A server has no service worker: the prerender sees a registration that never needs a refresh. */
function noServiceWorkerOnServer(): Plugin {
  const id = 'virtual:pwa-register/react';
  return {
    name: 'inkreel:no-sw-on-server',
    resolveId: (source) => (source === id ? `\0${id}` : null),
    load: (resolved) =>
      resolved === `\0${id}`
        ? `export function useRegisterSW() { const none = [false, () => {}];
           return { needRefresh: none, offlineReady: none, updateServiceWorker: async () => {} }; }`
        : null,
  };
}

/**
 * Where the app is being built (`--outDir` included): the prerender's and the service worker's builds,
 * which have configs of their own, write into it or read from it.
 */
const appBuild = { outDir: 'dist' };
function rememberOutDir(): Plugin {
  return {
    name: 'inkreel:remember-out-dir',
    apply: 'build',
    configResolved(config) {
      appBuild.outDir = config.build.outDir;
    },
  };
}

/**
 * For the service worker's build: `virtual:shell-preloads`, each landing screen's path and the chunks
 * its route needs that index.html does not already name (sw/shell-preloads.ts). Read from the app's
 * build manifest, which is on disk by the time the worker is built (after the app's bundle is written).
 */
function shellPreloads(): Plugin {
  const id = 'virtual:shell-preloads';
  return {
    name: 'inkreel:shell-preloads',
    resolveId: (source) => (source === id ? `\0${id}` : null),
    load(resolved) {
      if (resolved !== `\0${id}`) return null;
      const manifestFile = join(appBuild.outDir, '.vite', 'manifest.json');
      const indexFile = join(appBuild.outDir, 'index.html');
      if (!existsSync(manifestFile) || !existsSync(indexFile))
        throw new Error(`shell preloads: no ${manifestFile} or ${indexFile} to read`);
      const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
      const index = readFileSync(indexFile, 'utf8');
      const screens = Object.values(LandingScreen).map((s) => ({
        path: s.path.source,
        files: chunkGraph(manifest, s.module).files.filter((f) => !index.includes(`"${f}"`)),
      }));
      return `export default ${JSON.stringify(screens)};`;
    },
  };
}

/**
 * After the app, the same sources once more for the server: app/prerender/render.tsx, which renders a
 * landing page's first screen with the app's components (server/http/prerender.ts). Everything is
 * bundled (no package left external) so the UI runtime's alias holds there too.
 */
function prerenderBuild(): Plugin {
  return {
    name: 'inkreel:prerender-build',
    apply: 'build',
    async closeBundle() {
      if (process.env.INKREEL_SSR_BUILD) return;
      process.env.INKREEL_SSR_BUILD = '1';
      try {
        await build({
          configFile: false,
          logLevel: 'warn',
          define: { __IMAGE_KEY__: JSON.stringify(imageKey) },
          resolve: { alias: runtimeAlias },
          publicDir: false,
          plugins: [react(), noServiceWorkerOnServer()],
          ssr: { noExternal: true, target: 'node' },
          build: {
            ssr: 'src/app/prerender/render.tsx',
            outDir: `${appBuild.outDir}/${PRERENDER_OUT_DIR}`,
            emptyOutDir: true,
            target: 'node20',
            rollupOptions: { output: { entryFileNames: 'render.mjs' } },
          },
        });
      } finally {
        delete process.env.INKREEL_SSR_BUILD;
      }
    },
  };
}

export default defineConfig({
  define: {
    __IMAGE_KEY__: JSON.stringify(imageKey),
  },
  envPrefix: 'VITE_',
  resolve: { alias: runtimeAlias },
  plugins: [
    react(),
    rememberOutDir(),
    prerenderBuild(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      injectManifest: {
        buildPlugins: { vite: [shellPreloads()] },
        globPatterns: ['**/*.{js,css,html,svg,png,webp,ico,woff2,webmanifest}'],
        // Pages for visitors the app itself never serves (desktop, in-app browsers), and build metadata.
        // The video player's libraries (about 700 KB) are fetched only by those who open a video.
        globIgnores: [
          '**/desktop.*',
          '**/open-in-browser.*',
          '.vite/**',
          'assets/hls-*.js',
          'assets/hls.worker-*.js',
          'assets/plyr-*.js',
        ],
      },
      manifest: false,
      devOptions: { enabled: false },
    }),
    compileHints(),
    // Brotli (quality 11) and gzip twins of every text file, written once here so the server never
    // compresses a static file per request (@fastify/static serves them by Accept-Encoding).
    compression({
      algorithms: ['brotliCompress', 'gzip'],
      include: /\.(html|css|js|mjs|json|svg|webmanifest|txt)$/,
      exclude: /(^|[\\/])\.vite[\\/]/,
      threshold: 1024,
      logLevel: 'silent',
    }),
  ],
  build: {
    target: 'es2022',
    // dist/.vite/manifest.json: the module graph the bundle benchmark follows.
    manifest: true,
    rollupOptions: {
      treeshake: {
        // The contract only declares values (schemas, strings, constants): a module none of whose exports
        // a chunk uses is left out, so importing Msg from the barrel does not drag zod into the entry.
        moduleSideEffects: (id: string) => !/[\\/]src[\\/]contract[\\/]/.test(id),
      },
    },
    sourcemap: false,
    chunkSizeWarningLimit: 800,
  },
  server: {
    proxy: {
      '/api': 'http://127.0.0.1:8080',
      '/h5': 'http://127.0.0.1:8080',
      '/media': 'http://127.0.0.1:8080',
    },
  },
});
