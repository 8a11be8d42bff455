/**
 * The demo as a plugin (issue 30 items 5 and 6): DEMO=0 starts an empty service that works and writes
 * nothing of the demo; a bad DEMO stops the start with one line; with the demo on, pictures drawn on
 * demand are shared fairly between clients, capped per client and dropped when their request goes away.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api, HomeIndex, VodIndexData } from '../../src/contract/index.js';
import { demoOf } from '../../src/server/composition-root.js';
import { CONFIG_ERROR_EXIT, ConfigError, loadConfig } from '../../src/server/config.js';
import { DemoRecipes, MAX_WAITING_PER_CLIENT } from '../../src/server/demo/recipes.js';
import { demoStories } from '../../src/server/demo/seed.js';
import { FsMediaStore, fsMediaRoot } from '../../src/server/infra/media/fs-media-store.js';
import { imageKeyOf } from '../../src/server/media/keys.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

const thumbUrl = (hash: string) => `/media/img/${hash}_180_0.img`;

/** The real server (main.ts) on a fresh data folder, as `npm start` runs it after the build. */
function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: process.cwd(),
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  const ended = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  return { child, ended, out: () => stdout, err: () => stderr };
}

async function freePort(): Promise<number> {
  const { createServer } = await import('node:net');
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

/** Every file under a folder, relative to it. */
function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name).slice(dir.length + 1));
}

describe('DEMO setting', () => {
  it('refuses a value it does not know, in one line', () => {
    expect(loadConfig({}).demo).toBe(true);
    expect(loadConfig({ DEMO: '0' }).demo).toBe(false);
    expect(loadConfig({ DEMO: '1' }).demo).toBe(true);
    expect(() => loadConfig({ DEMO: 'maybe' })).toThrow(ConfigError);
    expect(() => loadConfig({ DEMO: 'maybe' })).toThrow(/^DEMO: expected 1 or 0, got "maybe"$/);
  });

  it(
    'DEMO=maybe stops npm start with that line and the configuration exit code',
    { timeout: 60_000 },
    async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'inkreel-demo-'));
      try {
        const server = startServer({ DEMO: 'maybe', DATA_DIR: dataDir, PORT: '0' });
        expect(await server.ended).toBe(CONFIG_ERROR_EXIT);
        expect(server.err().trim().split('\n')).toEqual(['DEMO: expected 1 or 0, got "maybe"']);
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  );
});

describe('DEMO=0: the real server starts empty and works', () => {
  let dataDir: string;
  let server: ReturnType<typeof startServer>;
  let base: string;
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'inkreel-demo-off-'));
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    server = startServer({ DEMO: '0', DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'info' });
    // Healthy, or the server ended: the condition a balancer waits on.
    for (;;) {
      if (server.child.exitCode !== null) throw new Error(`server ended: ${server.err()}`);
      const ok = await fetch(`${base}/healthz`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      await new Promise((r) => setTimeout(r, 100));
    }
  }, 120_000);
  afterAll(async () => {
    (server.child as ChildProcess).kill('SIGTERM');
    await server.ended;
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers empty lists, no picture, and keeps the service’s own price list', async () => {
    const home = HomeIndex.parse(
      ((await (await fetch(`${base}${Api.homeIndex}`)).json()) as { data: unknown }).data,
    );
    expect(home.recommendList).toEqual([]);
    expect(home.newList).toEqual([]);
    expect(home.adList).toEqual([]);
    const vods = VodIndexData.parse(
      ((await (await fetch(`${base}${Api.vodIndex}`)).json()) as { data: unknown }).data,
    );
    expect(vods).toEqual([]);
    const picture = await fetch(`${base}${thumbUrl('ab'.repeat(16))}`);
    expect(picture.status).toBe(204);
    // A new visitor registers, sees the packages and the channels of a new install.
    const reg = (await (
      await fetch(`${base}${Api.register}`, { method: 'POST', headers: { 'x-trace-id': 't-demo-off-1' } })
    ).json()) as { data: { token: string; userId: number; account: string } };
    const recharge = (await (
      await fetch(`${base}${Api.recharge}?appType=wap_browser`, {
        headers: {
          authorization: `Bearer ${reg.data.token}`,
          'x-user-id': String(reg.data.userId),
          'x-account': reg.data.account,
          'x-trace-id': 't-demo-off-2',
        },
      })
    ).json()) as { result: boolean; data: { payConfigs: unknown[] } };
    expect(recharge.result).toBe(true);
    expect(recharge.data.payConfigs.length).toBeGreaterThan(0);
  });

  it('draws no picture, makes no video and writes no demo file', () => {
    expect(filesUnder(join(dataDir, 'media'))).toEqual([]);
    expect(server.out()).not.toMatch(/demo catalogue/);
  });
});

/** The app's own store, whose writes of chosen keys wait until the test lets them through. */
class GatedStore extends FsMediaStore {
  readonly held = new Set<string>();
  private open: () => void = () => undefined;
  private gate: Promise<void> = Promise.resolve();
  /** Writes of these pictures wait until release(): their drawings keep their places meanwhile. */
  hold(...hashes: string[]) {
    for (const h of hashes) this.held.add(h);
    this.gate = new Promise<void>((r) => (this.open = r));
  }
  release() {
    this.held.clear();
    this.open();
  }
  override async write(key: string, data: Parameters<FsMediaStore['write']>[1]) {
    if ([...this.held].some((h) => key.includes(h))) await this.gate;
    return super.write(key, data);
  }
}

describe('demo pictures drawn on demand (DEMO on)', () => {
  let t: TestApp;
  let base: string;
  let recipes: DemoRecipes;
  let store: GatedStore;
  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'inkreel-demo-draw-'));
    store = new GatedStore(fsMediaRoot(dir));
    t = await createTestApp({}, undefined, { media: store });
    recipes = new DemoRecipes(demoStories());
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    // fetch keeps connections alive: close them, or close waits for their idle timeout.
    t.app.server.closeAllConnections();
    await t.close();
  });

  const get = (url: string, ip: string, signal?: AbortSignal) =>
    fetch(`${base}${url}`, { headers: { 'x-forwarded-for': ip }, signal });

  it(
    'refuses a client its drawings beyond its share (503, ask again), while another reader’s page is drawn',
    { timeout: 60_000 },
    async () => {
      const thumbs = Array.from({ length: 30 }, (_, i) => recipes.thumb(1, i + 1));
      const page = recipes.page(2, 1, 1, 1).parts[0]!;
      await recipes.save(t.ctx);
      // The flood's drawings finish only when the test says (a loaded machine once let one finish and
      // free a place while the flood was still arriving): the counts below are then exact.
      store.hold(...thumbs);
      const flood = thumbs.map((h) => get(thumbUrl(h), '203.0.113.50'));
      const drawing = demoOf(t.app)!.drawing;
      const refusedSoFar: Response[] = [];
      for (const p of flood) void p.then((r) => r.status === 503 && refusedSoFar.push(r));
      // Two drawing and the client's waiting places: the rest are told to come back, at once.
      const taken = MAX_WAITING_PER_CLIENT + 2;
      await expect.poll(() => refusedSoFar.length, { timeout: 20_000 }).toBe(thumbs.length - taken);
      expect(drawing.load().running).toBe(2);
      const reader = get(`/media/img/${page}_500_0.img`, '198.51.100.50');
      store.release();
      const answers = await Promise.all(flood);
      const refused = answers.filter((r) => r.status === 503);
      expect(answers.filter((r) => r.status === 200).length).toBe(taken);
      expect(refused.length).toBe(thumbs.length - taken);
      for (const r of refused) {
        expect(r.headers.get('retry-after')).toBe('1');
        expect(r.headers.get('cache-control')).toBe('no-store');
      }
      expect((await reader).status).toBe(200);
      // Asked again later, a refused picture is drawn.
      const again = thumbs[answers.findIndex((r) => r.status === 503)]!;
      expect((await get(thumbUrl(again), '203.0.113.50')).status).toBe(200);
    },
  );

  it('drops a drawing whose request was cancelled before it started', { timeout: 60_000 }, async () => {
    const busy = Array.from({ length: 2 }, (_, i) => recipes.page(3, 1, i + 1, 1).parts[0]!);
    const cancelled = Array.from({ length: 4 }, (_, i) => recipes.thumb(3, i + 1));
    await recipes.save(t.ctx);
    // Two pages hold both drawing slots (their writes wait for the test); the thumbnails asked meanwhile
    // wait in line, then their client leaves.
    store.hold(...busy);
    const running = busy.map((h) => get(`/media/img/${h}_500_0.img`, '198.51.100.60'));
    const drawing = demoOf(t.app)!.drawing;
    await expect.poll(() => drawing.load().running, { timeout: 10_000 }).toBe(2);
    const leave = new AbortController();
    const waiting = cancelled.map((h) => get(thumbUrl(h), '203.0.113.60', leave.signal).catch(() => null));
    await expect.poll(() => drawing.load().waiting['203.0.113.60'] ?? 0, { timeout: 10_000 }).toBe(4);
    leave.abort();
    await Promise.all(waiting);
    await expect.poll(() => drawing.load().waiting['203.0.113.60'] ?? 0, { timeout: 10_000 }).toBe(0);
    store.release();
    for (const r of await Promise.all(running)) expect(r.status).toBe(200);
    await expect.poll(() => drawing.load().running, { timeout: 10_000 }).toBe(0);
    for (const h of cancelled) expect(await t.ctx.media.exists(imageKeyOf(h, 180))).toBe(false);
  });

  it('with DEMO=0 the same recipes draw nothing', async () => {
    const off = await createTestApp({ DEMO: '0' });
    try {
      expect(demoOf(off.app)).toBeNull();
      const r = new DemoRecipes(demoStories());
      const hash = r.thumb(0, 1);
      await r.save(off.ctx);
      const res = await off.app.inject({ method: 'GET', url: thumbUrl(hash) });
      expect(res.statusCode).toBe(204);
      expect(await off.ctx.media.exists(imageKeyOf(hash, 180))).toBe(false);
    } finally {
      await off.close();
    }
  });
});
