/**
 * e2e global setup: a fresh build when the sources changed, then the real server on a free port with
 * a temporary DATA_DIR (it seeds the demo catalogue on start), serving a private snapshot of dist/ so a
 * rebuild by someone else cannot change files under a running test. Tests read `inject('baseUrl')`.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { waitForDemoVideos } from '../bench/server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The dist/ snapshot the server serves ('' against an outside server). */
    distDir: string;
    /** The server's DATA_DIR ('' against an outside server): tests add security cases to its database. */
    dataDir: string;
  }
}

const ROOT = resolve(import.meta.dirname, '..', '..');
const DIST = join(ROOT, 'dist');
/** What the built app depends on. */
const SOURCES = [
  'src/app',
  'src/client',
  'src/contract',
  'sw',
  'public',
  'index.html',
  'vite.config.ts',
  'package-lock.json',
];
const HEALTH_TIMEOUT_MS = 180_000;

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const e of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, e)));
  return newest;
}

export function distIsStale(): boolean {
  const built = join(DIST, 'index.html');
  const sw = join(DIST, 'sw.js');
  if (!existsSync(built) || !existsSync(sw)) return true;
  const builtAt = Math.min(statSync(built).mtimeMs, statSync(sw).mtimeMs);
  return SOURCES.some((s) => newestMtime(join(ROOT, s)) > builtAt);
}

/** `vite build` into dist/, one at a time on this machine. */
export function buildDist() {
  // One build at a time on this machine: several engineers run e2e in the same tree.
  const r = spawnSync('flock', ['/tmp/inkreel-vite-build.lock', 'npx', 'vite', 'build'], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (r.status !== 0) throw new Error(`vite build failed:\n${r.stdout}\n${r.stderr}`);
}

function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', rej);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (typeof addr === 'object' && addr ? res(addr.port) : rej(new Error('no port'))));
    });
  });
}

async function waitHealthy(url: string, proc: ChildProcess, log: () => string) {
  const until = Date.now() + HEALTH_TIMEOUT_MS;
  while (Date.now() < until) {
    if (proc.exitCode !== null) throw new Error(`server exited (${proc.exitCode}):\n${log()}`);
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`server not healthy after ${HEALTH_TIMEOUT_MS} ms:\n${log()}`);
}

function stop(proc: ChildProcess): Promise<void> {
  if (proc.exitCode !== null || proc.signalCode !== null) return Promise.resolve();
  return new Promise((res) => {
    const kill = setTimeout(() => proc.kill('SIGKILL'), 10_000);
    proc.once('exit', () => {
      clearTimeout(kill);
      res();
    });
    proc.kill('SIGTERM');
  });
}

export default async function setup(project: TestProject) {
  if (process.env.E2E_BASE_URL) {
    // Against a server someone already runs (e.g. `npm start`).
    project.provide('baseUrl', process.env.E2E_BASE_URL.replace(/\/$/, ''));
    project.provide('distDir', '');
    project.provide('dataDir', '');
    return;
  }
  if (distIsStale()) buildDist();
  const work = mkdtempSync(join(tmpdir(), 'inkreel-e2e-'));
  const distCopy = join(work, 'dist');
  cpSync(DIST, distCopy, { recursive: true });
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;

  let output = '';
  const proc = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: join(work, 'data'),
      DIST_DIR: distCopy,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      // Tests only: cheaper password hashing keeps registrations quick on a shared 2-core machine.
      SCRYPT_COST_LOG2: '12',
      // Every answer the app gets is checked against its call's schema.
      CHECK_ANSWERS: '1',
      // Signed video URLs last 90 s, so a play outlives one and the player's renewal is exercised.
      MEDIA_URL_TTL_S: '90',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  proc.stdout?.on('data', keep);
  proc.stderr?.on('data', keep);

  try {
    await waitHealthy(baseUrl, proc, () => output);
    // The first files' tests would otherwise share the 2 cores with the seed's ffmpeg (timeouts seen).
    await waitForDemoVideos(join(work, 'data'), { alive: () => proc.exitCode === null });
  } catch (err) {
    await stop(proc);
    rmSync(work, { recursive: true, force: true });
    throw err;
  }
  project.provide('baseUrl', baseUrl);
  project.provide('distDir', distCopy);
  project.provide('dataDir', join(work, 'data'));

  return async () => {
    await stop(proc);
    rmSync(work, { recursive: true, force: true });
  };
}
