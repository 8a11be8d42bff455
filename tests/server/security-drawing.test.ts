import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoOf } from '../../src/server/composition-root.js';
import { DemoRecipes, MAX_WAITING_DRAWINGS, MAX_WAITING_PER_CLIENT } from '../../src/server/demo/recipes.js';
import { demoStories } from '../../src/server/demo/seed.js';
import { FsMediaStore, fsMediaRoot } from '../../src/server/infra/media/fs-media-store.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/**
 * The demo's drawing on demand (demo/draw-queue.ts) against clients that are many addresses: an IPv6
 * host rotating through its /64, and many IPv4 addresses each within its own share. Before: 30
 * thumbnails from 30 addresses of one /64 were all queued (no 503), and 200 addresses queued 198.
 */
const thumbUrl = (hash: string) => `/media/img/${hash}_180_0.img`;

/** The app's store, whose picture writes wait until the test lets them through. */
class HeldStore extends FsMediaStore {
  private open!: () => void;
  private readonly gate = new Promise<void>((r) => (this.open = r));
  release() {
    this.open();
  }
  override async write(key: string, data: Parameters<FsMediaStore['write']>[1]) {
    if (key.startsWith('img/')) await this.gate;
    return super.write(key, data);
  }
}

describe('security: demo drawing on demand', () => {
  let t: TestApp;
  let recipes: DemoRecipes;
  beforeAll(async () => {
    t = await createTestApp({}, undefined, {
      media: new FsMediaStore(fsMediaRoot(mkdtempSync(join(tmpdir(), 'inkreel-drawing-')))),
    });
    recipes = new DemoRecipes(demoStories());
  });
  afterAll(() => t.close());

  // The test's requests come from loopback, a trusted proxy by default: X-Forwarded-For names the client.
  const get = (url: string, address: string) =>
    t.app.inject({ method: 'GET', url, headers: { 'x-forwarded-for': address } });

  it('counts the addresses of one IPv6 /64 as one client', { timeout: 60_000 }, async () => {
    const thumbs = Array.from({ length: 30 }, (_, i) => recipes.thumb(4, i + 1));
    const page = recipes.page(5, 1, 1, 1).parts[0]!;
    await recipes.save(t.ctx);
    const flood = thumbs.map((h, i) => get(thumbUrl(h), `2001:db8:1:2::${(i + 1).toString(16)}`));
    const reader = get(`/media/img/${page}_500_0.img`, '2001:db8:9:9::1');
    const answers = await Promise.all(flood);
    const drawn = answers.filter((r) => r.statusCode === 200).length;
    expect(drawn).toBeLessThanOrEqual(MAX_WAITING_PER_CLIENT + 2);
    expect(answers.filter((r) => r.statusCode === 503).length).toBe(30 - drawn);
    // Another /64 is another client.
    expect((await reader).statusCode).toBe(200);
  });

  it(
    'bounds the drawings waiting for all clients together, and still draws ahead meanwhile',
    { timeout: 60_000 },
    async () => {
      const store = new HeldStore(fsMediaRoot(mkdtempSync(join(tmpdir(), 'inkreel-drawing-'))));
      const held = await createTestApp({}, undefined, { media: store });
      try {
        const r = new DemoRecipes(demoStories());
        const thumbs = Array.from({ length: 200 }, (_, i) => r.thumb(i % 10, Math.floor(i / 10) + 1));
        const ahead = r.thumb(12, 1);
        await r.save(held.ctx);
        const drawing = demoOf(held.app)!.drawing;
        // 200 addresses, one picture each: two drawings run (held), the rest wait or are refused.
        const flood = thumbs.map((h, i) =>
          held.app.inject({
            method: 'GET',
            url: thumbUrl(h),
            headers: { 'x-forwarded-for': `198.18.${i >> 8}.${i & 255}` },
          }),
        );
        const waiting = () => Object.values(drawing.load().waiting).reduce((a, b) => a + b, 0);
        await expect.poll(() => drawing.load().running, { timeout: 10_000 }).toBe(2);
        await expect.poll(waiting, { timeout: 10_000 }).toBe(MAX_WAITING_DRAWINGS);
        // The ahead job is never turned away by a flood (its run would fail for good).
        const drawnAhead = drawing.draw(ahead, { requester: '(ahead)', ahead: true });
        await expect.poll(waiting, { timeout: 10_000 }).toBe(MAX_WAITING_DRAWINGS + 1);
        store.release();
        const answers = await Promise.all(flood);
        const refused = answers.filter((a) => a.statusCode === 503);
        expect(refused.length).toBe(200 - 2 - MAX_WAITING_DRAWINGS);
        for (const a of refused) expect(a.headers['retry-after']).toBe('1');
        expect(await drawnAhead).toBe(true);
      } finally {
        store.release();
        await held.close();
      }
    },
  );
});
