/**
 * Bundle budget: gzip size of the JavaScript a screen needs, following the built module graph
 * (dist/.vite/manifest.json): the entry's static imports plus the screen's lazy chunk and its imports.
 * Target: /home ≤ 120 KB gzip; plyr, hls.js and video code only on video routes.
 * The shipped build runs on preact/compat; the same code is also built on React itself (UI_RUNTIME=react)
 * into a scratch folder, so the report shows what the runtime choice costs.
 * Run alone: `npx tsx tests/bench/bundle.ts` (builds first when dist/ is missing or stale).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildDist, distIsStale } from '../e2e/global-setup';

interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

const ROOT = resolve(import.meta.dirname, '..', '..');
const DIST = join(ROOT, 'dist');
const REACT_DIST = join(ROOT, 'node_modules', '.cache', 'inkreel', 'dist-react');
export const HOME_BUDGET_BYTES = 120 * 1024;

/** Screens measured: route and the module its route file lazy-loads. */
export const SCREENS = [
  { route: '/home', module: 'src/app/features/home/HomePage.tsx' },
  { route: '/book/read/:id/:number', module: 'src/app/features/reader/ReaderPage.tsx' },
  { route: '/book/:bookId', module: 'src/app/features/comics/BookHomePage.tsx' },
  { route: '/user', module: 'src/app/features/account/MinePage.tsx' },
  { route: '/vod/detail', module: 'src/app/features/video/VodDetailPage.tsx' },
] as const;

/** Modules that must stay off non-video screens. */
const VIDEO_ONLY = [
  /^node_modules\/plyr\//,
  /^node_modules\/hls\.js\//,
  /^src\/app\/features\/(video|player)\//,
];

function staticClosure(m: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key) || !m[key]) return seen;
  seen.add(key);
  for (const i of m[key].imports ?? []) staticClosure(m, i, seen);
  return seen;
}

export interface ScreenFigure {
  route: string;
  jsFiles: number;
  jsRawBytes: number;
  jsGzipBytes: number;
  cssGzipBytes: number;
  videoModules: string[];
}

const readManifest = (dist: string) =>
  JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as Manifest;

export function measure(manifest: Manifest, dist = DIST): ScreenFigure[] {
  const gz = (file: string) => gzipSync(readFileSync(join(dist, file))).length;
  const entry = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
  if (!entry) throw new Error('no entry in the manifest');
  return SCREENS.map(({ route, module }) => {
    if (!manifest[module]) throw new Error(`${module} is not a chunk of the build`);
    const keys = new Set([...staticClosure(manifest, entry), ...staticClosure(manifest, module)]);
    const js = [...keys].map((k) => manifest[k]!.file).filter((f) => f.endsWith('.js'));
    const css = new Set([...keys].flatMap((k) => manifest[k]!.css ?? []));
    return {
      route,
      jsFiles: js.length,
      jsRawBytes: js.reduce((n, f) => n + readFileSync(join(dist, f)).length, 0),
      jsGzipBytes: js.reduce((n, f) => n + gz(f), 0),
      cssGzipBytes: [...css].reduce((n, f) => n + gz(f), 0),
      videoModules: [...keys].filter((k) => VIDEO_ONLY.some((re) => re.test(k))),
    };
  });
}

/** The same sources built on React's own runtime, for comparison only (never served). */
function measureOnReact(): ScreenFigure[] {
  rmSync(REACT_DIST, { recursive: true, force: true });
  const r = spawnSync(
    'flock',
    ['/tmp/inkreel-vite-build.lock', 'npx', 'vite', 'build', '--outDir', REACT_DIST],
    {
      cwd: ROOT,
      encoding: 'utf8',
      env: { ...process.env, NODE_ENV: 'production', UI_RUNTIME: 'react' },
    },
  );
  if (r.status !== 0) throw new Error(`vite build (React runtime) failed:\n${r.stdout}\n${r.stderr}`);
  try {
    return measure(readManifest(REACT_DIST), REACT_DIST);
  } finally {
    rmSync(REACT_DIST, { recursive: true, force: true });
  }
}

export async function benchBundle() {
  if (distIsStale() || !existsSync(join(DIST, '.vite', 'manifest.json'))) buildDist();
  const screens = measure(readManifest(DIST));
  const home = screens.find((s) => s.route === '/home')!;
  const leaks = screens.filter((s) => !s.route.startsWith('/vod') && s.videoModules.length > 0);
  return {
    screens,
    homeWithinBudget: home.jsGzipBytes <= HOME_BUDGET_BYTES,
    videoCodeOnlyOnVideoRoutes: leaks.length === 0,
    leaks: leaks.map((s) => ({ route: s.route, modules: s.videoModules })),
    onReactRuntime: measureOnReact().map(({ route, jsGzipBytes }) => ({ route, jsGzipBytes })),
  };
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const r = await benchBundle();
  for (const s of r.screens)
    console.log(
      `${s.route.padEnd(24)} JS ${kb(s.jsGzipBytes).padStart(9)} gzip (${kb(s.jsRawBytes)} raw, ${s.jsFiles} files)` +
        `  CSS ${kb(s.cssGzipBytes)} gzip${s.videoModules.length ? `  video: ${s.videoModules.join(', ')}` : ''}`,
    );
  for (const s of r.onReactRuntime)
    console.log(
      `${s.route.padEnd(24)} JS ${kb(s.jsGzipBytes).padStart(9)} gzip on React's runtime (not shipped)`,
    );
  console.log(`home ≤ ${kb(HOME_BUDGET_BYTES)}: ${r.homeWithinBudget ? 'yes' : 'NO'}`);
  console.log(`plyr/hls.js/video code only on video routes: ${r.videoCodeOnlyOnVideoRoutes ? 'yes' : 'NO'}`);
  if (!r.homeWithinBudget || !r.videoCodeOnlyOnVideoRoutes) process.exitCode = 1;
}
