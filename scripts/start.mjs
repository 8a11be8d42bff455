#!/usr/bin/env node
// One command to run Inkreel: build the PWA when its sources are newer than dist/, then start the
// server (API + built app on one port). Environment variables pass through to both.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const distDir = process.env.DIST_DIR ?? join(root, 'dist');
const index = join(distDir, 'index.html');
/** What the build reads: app, service worker, static files, the shared contract and the build config. */
const SOURCES = ['src/app', 'src/contract', 'sw', 'public', 'index.html', 'vite.config.ts', 'package.json'];
/** Build-time settings baked into the bundle: a change means a rebuild even with old sources. */
const stampFile = join(distDir, '.inkreel-build.json');

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

function buildSettings() {
  const baked = Object.entries(process.env)
    .filter(([k]) => k === 'IMAGE_KEY' || k === 'UI_RUNTIME' || k.startsWith('VITE_'))
    .sort(([a], [b]) => a.localeCompare(b));
  // Hashed so the key itself is never written next to the public files.
  return createHash('sha256').update(JSON.stringify(baked)).digest('hex');
}

function needsBuild() {
  if (!existsSync(index)) return 'no build yet';
  const built = statSync(index).mtimeMs;
  const changed = SOURCES.find((s) => newestMtime(join(root, s)) > built);
  if (changed) return `${changed} changed`;
  let stamp = null;
  try {
    stamp = JSON.parse(readFileSync(stampFile, 'utf8')).settings;
  } catch {
    return 'build settings unknown';
  }
  return stamp === buildSettings() ? null : 'build settings changed';
}

/** sysexits' EX_CONFIG: the server and its CLIs refuse a setting with one line and this code (config.ts). */
const CONFIG_ERROR_EXIT = 78;

/** A child node process: a promise of how it ended, with the child itself to stop it. */
function run(args, opts = {}) {
  const child = spawn(process.execPath, args, { cwd: root, stdio: 'inherit', env: process.env, ...opts });
  const ended = new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code, signal) => resolve({ code, signal }));
  });
  return Object.assign(ended, { child });
}

const reason = needsBuild();
if (reason) {
  console.log(`[start] building the app (${reason}) while the database is prepared…`);
  const started = Date.now();
  const vite = join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  // The demo catalogue (pictures, videos) is generated meanwhile: a first start waits for the
  // longer of the two, not their sum. The server itself only checks that it is there.
  const building = run([vite, 'build', '--outDir', distDir, '--emptyOutDir']);
  const seeding = run(['--import', 'tsx', join(root, 'src/server/demo/cli.ts')]);
  // A refused setting: the seed's one line is the whole answer, the server would refuse it too.
  void seeding.then(({ code }) => {
    if (code !== CONFIG_ERROR_EXIT) return;
    building.child.kill();
    process.exit(code);
  });
  const [build, seed] = await Promise.all([building, seeding]);
  if (build.code !== 0) {
    console.error('[start] vite build failed');
    process.exit(build.code ?? 1);
  }
  if (seed.code !== 0) console.warn('[start] seeding failed; the server retries it on start');
  writeFileSync(stampFile, JSON.stringify({ settings: buildSettings(), builtAt: new Date().toISOString() }));
  console.log(`[start] built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/**
 * The server runs from one esbuild bundle of our own sources (packages stay external): loading
 * ~100 TypeScript files through tsx on every start costs seconds. Rebuilt when a server source is
 * newer; without esbuild the server runs through tsx as in development.
 */
async function serverEntry() {
  const bundle = join(root, 'node_modules', '.cache', 'inkreel', 'server.mjs');
  const sources = ['src/server', 'src/contract', 'package.json'];
  const built = existsSync(bundle) ? statSync(bundle).mtimeMs : 0;
  if (built && !sources.some((s) => newestMtime(join(root, s)) > built))
    return ['--enable-source-maps', bundle];
  try {
    const { build } = await import('esbuild');
    await build({
      entryPoints: [join(root, 'src/server/main.ts')],
      outfile: bundle,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      packages: 'external',
      sourcemap: true,
      logLevel: 'warning',
    });
    return ['--enable-source-maps', bundle];
  } catch (err) {
    console.warn(
      `[start] server bundle failed, running through tsx: ${err instanceof Error ? err.message : err}`,
    );
    return ['--import', 'tsx', join(root, 'src/server/main.ts')];
  }
}

const server = spawn(process.execPath, await serverEntry(), {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});
// The server shuts down gracefully on SIGTERM/SIGINT; pass them on and leave with its exit code.
for (const signal of ['SIGTERM', 'SIGINT']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
