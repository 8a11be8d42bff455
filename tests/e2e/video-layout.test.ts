import type { Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Msg, VOD_SHELF_SIZE, type Envelope, type VodIndexData } from '../../src/contract';
import { firstWithTrial, fullTrialVideos } from './demo-videos';
import { baseUrl, dismissDialogs, launchMobile, type Mobile, playerUp } from './helpers';

/**
 * The video screens' layout on a 390×844 phone (issue 29 item 8): every two-column grid of videos is
 * full (no hole beside a last odd card) on the video home, a type's page and the detail page's
 * 更多精彩推荐; on the detail page the picture fills the player from the first paint (no black band
 * under the poster), the player keeps its height when menus open and the controls hide, and the
 * start advert's picture covers the player (no grey letterbox).
 */

async function getJson<T>(path: string): Promise<T> {
  const res = await fetch(`${baseUrl()}${path}`);
  const body = (await res.json()) as Envelope<T>;
  expect(body.result).toBe(true);
  return body.data;
}

interface GridShape {
  cards: number;
  /** The right edge of the grid's first row and of its last row (px). */
  firstRowRight: number;
  lastRowRight: number;
  lastRowLeft: number;
  firstRowLeft: number;
}

/** Each video grid under `scope`: its cards and the extent of its first and last rows. */
const gridShapes = (page: Page, scope: string) =>
  page.$$eval(`${scope} .vod-grid`, (grids) =>
    grids.map((g): GridShape => {
      const boxes = [...g.querySelectorAll(':scope > .vod-card')].map((c) => c.getBoundingClientRect());
      const row = (top: number) => boxes.filter((b) => Math.abs(b.top - top) < 1);
      const first = row(Math.min(...boxes.map((b) => b.top)));
      const last = row(Math.max(...boxes.map((b) => b.top)));
      return {
        cards: boxes.length,
        firstRowLeft: Math.min(...first.map((b) => b.left)),
        firstRowRight: Math.max(...first.map((b) => b.right)),
        lastRowLeft: Math.min(...last.map((b) => b.left)),
        lastRowRight: Math.max(...last.map((b) => b.right)),
      };
    }),
  );

/** No hole: the last row reaches as far right as the first (a full row of two, or one card across). */
function expectFull(shapes: GridShape[]) {
  expect(shapes.length).toBeGreaterThan(0);
  for (const s of shapes) {
    expect(s.cards).toBeGreaterThan(0);
    expect(Math.abs(s.lastRowLeft - s.firstRowLeft)).toBeLessThan(1);
    expect(Math.abs(s.lastRowRight - s.firstRowRight)).toBeLessThan(1);
  }
}

/** Boxes of the detail page's player parts, rounded to a px (null where the part is not there). */
const playerBoxes = (page: Page) =>
  page.evaluate(() => {
    const box = (sel: string) => {
      const e = document.querySelector(sel);
      if (!e) return null;
      const r = e.getBoundingClientRect();
      return { top: r.top, bottom: r.bottom, left: r.left, right: r.right, height: r.height };
    };
    return {
      slot: box('#root .vod-player-slot'),
      poster: box('#root .vod-slot-poster'),
      bar: box('#root .vod-player-slot .ink-danmu-bar'),
      player: box('#root .ink-player'),
      video: box('#root .ink-player video'),
      plyrPoster: box('#root .plyr__poster'),
      info: box('#root .vod-info'),
    };
  });

describe('video screens at 390×844', () => {
  let m: Mobile;
  let page: Page;

  beforeAll(async () => {
    // No service worker: the page's own requests are the ones this test holds back.
    m = await launchMobile({ serviceWorkers: 'block' });
    page = m.page;
    await page.goto('/vod');
    await dismissDialogs(page);
  });
  afterAll(async () => {
    await m?.close();
  });

  it('the video home: every shelf a full grid of two columns', async () => {
    const shelves = await getJson<VodIndexData>('/api/vod/index');
    for (const s of shelves) expect(s.vods).toHaveLength(VOD_SHELF_SIZE);
    await page.goto('/vod');
    await page.locator('.vod-shelf .vod-card').first().waitFor();
    expect((await gridShapes(page, '#root')).length).toBe(shelves.length);
    expectFull(await gridShapes(page, '#root'));
    await page.screenshot({ path: '/tmp/video-layout-home.png' });
  });

  it("a type's page: its videos in full rows", async () => {
    const shelves = await getJson<VodIndexData>('/api/vod/index');
    for (const s of shelves.slice(0, 3)) {
      await page.goto(`/vod/category?cid=${s.typeId}`);
      await page.locator('.vod-list .list-end').waitFor();
      expectFull(await gridShapes(page, '#root'));
    }
    await page.screenshot({ path: '/tmp/video-layout-category.png', fullPage: true });
  });

  it('a detail page: the poster fills the player from the first paint; 更多精彩推荐 is full', async () => {
    // A video with a trial (the player shows), whose watch answer is held: the page shows the video's
    // poster (its public info) in the player's place first.
    const vod = await firstWithTrial(await fullTrialVideos());
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const hold = async (route: Route) => {
      await held;
      await route.continue();
    };
    await page.route('**/api/vod/watch', hold);
    await page.goto(`/vod/detail?vodId=${vod.vodId}`);
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('#root .vod-player-slot .vod-slot-poster img');
      return !!img && img.complete && img.naturalWidth > 0;
    });
    const early = await playerBoxes(page);
    await page.screenshot({ path: '/tmp/video-layout-detail-preview.png' });
    // The poster at the top of the slot, 16:9 of the width; right under it the comment bar's place
    // shows the bar (its placeholder), down to the slot's end: no black band.
    expect(early.poster!.top).toBeCloseTo(early.slot!.top, 0);
    expect(early.poster!.height).toBeCloseTo((390 * 9) / 16, 0);
    expect(early.bar).not.toBeNull();
    expect(early.bar!.top).toBeCloseTo(early.poster!.bottom, 0);
    expect(early.bar!.bottom).toBeCloseTo(early.slot!.bottom, 0);
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/vod/watch'));
    release();
    await answered;
    await page.unroute('**/api/vod/watch', hold);

    // With the watch answer: the player over the poster, the same box; nothing below moves.
    await page.locator('#root .ink-player').waitFor({ timeout: 30_000 });
    const later = await playerBoxes(page);
    expect(later.player!.top).toBeCloseTo(early.poster!.top, 0);
    expect(later.player!.height).toBeCloseTo(early.poster!.height, 0);
    expect(later.slot!.height).toBeCloseTo(early.slot!.height, 0);

    // 更多精彩推荐: a full grid.
    await page.locator('#vod-more').waitFor();
    await page.locator('.vod-shelf .vod-card').first().waitFor();
    expectFull(await gridShapes(page, '.vod-shelf'));
  });

  it('the start advert covers the player; the picture fills it; menus and controls keep its height', async () => {
    const candidates = await fullTrialVideos();
    // A new visitor, on the first video it gets a trial of (the start advert comes with the trial).
    await m.close();
    m = await launchMobile({ serviceWorkers: 'block' });
    page = m.page;
    for (const c of candidates) {
      await page.goto(`/vod/detail?vodId=${c.vodId}`);
      const player = page.locator('.ink-player');
      const panel = page.getByRole('region', { name: Msg.trialOver });
      await Promise.race([player.waitFor({ timeout: 30_000 }), panel.waitFor({ timeout: 30_000 })]);
      if (await player.count()) break;
    }
    await playerUp(page, 30_000);
    const ad = page.locator('.ink-start-ad');
    await ad.waitFor({ timeout: 15_000 });
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('.ink-start-ad img');
      return !!img && img.complete && img.naturalWidth > 0;
    });
    // The picture as drawn (its object-fit) covers the advert's box, which is the player's.
    const cover = await page.evaluate(() => {
      const img = document.querySelector<HTMLImageElement>('.ink-start-ad img')!;
      const box = img.getBoundingClientRect();
      const adBox = document.querySelector('.ink-start-ad')!.getBoundingClientRect();
      const playerBox = document.querySelector('.ink-player')!.getBoundingClientRect();
      const fit = getComputedStyle(img).objectFit;
      const sx = box.width / img.naturalWidth;
      const sy = box.height / img.naturalHeight;
      const scale = fit === 'cover' ? Math.max(sx, sy) : fit === 'contain' ? Math.min(sx, sy) : NaN;
      const drawn =
        fit === 'fill'
          ? { w: box.width, h: box.height }
          : { w: img.naturalWidth * scale, h: img.naturalHeight * scale };
      return { box, adBox, playerBox, drawn };
    });
    await page.screenshot({ path: '/tmp/video-layout-start-advert.png' });
    expect(cover.adBox.height).toBeCloseTo(cover.playerBox.height, 0);
    expect(cover.box.width).toBeCloseTo(cover.adBox.width, 0);
    expect(cover.box.height).toBeCloseTo(cover.adBox.height, 0);
    expect(cover.drawn.w).toBeGreaterThanOrEqual(cover.box.width - 0.5);
    expect(cover.drawn.h).toBeGreaterThanOrEqual(cover.box.height - 0.5);
    await ad.waitFor({ state: 'detached', timeout: 15_000 });

    // Playing: the picture fills the player box, which is 16:9 of the width.
    const prompt = page.locator('.ink-autoplay');
    await prompt.waitFor({ timeout: 5_000 }).catch(() => undefined);
    if (await prompt.count()) await prompt.click();
    await expect
      .poll(() => page.evaluate(() => document.querySelector('video')?.currentTime ?? 0), { timeout: 20_000 })
      .toBeGreaterThan(1);
    const playing = await playerBoxes(page);
    await page.screenshot({ path: '/tmp/video-layout-detail-playing.png' });
    expect(playing.player!.height).toBeCloseTo((390 * 9) / 16, 0);
    for (const part of [playing.video!, playing.plyrPoster!]) {
      expect(part.top).toBeCloseTo(playing.player!.top, 0);
      expect(part.bottom).toBeCloseTo(playing.player!.bottom, 0);
      expect(part.right - part.left).toBeCloseTo(390, 0);
    }
    const size = await page.evaluate(() => {
      const v = document.querySelector('video')!;
      return v.videoWidth / v.videoHeight;
    });
    expect(size).toBeCloseTo(16 / 9, 1);

    // Menus and controls: the player, its slot and the page below keep their places.
    const steady = async (what: string) => {
      const now = await playerBoxes(page);
      for (const k of ['slot', 'player', 'info'] as const) {
        expect(now[k]!.top, `${k} top after ${what}`).toBeCloseTo(playing[k]!.top, 0);
        expect(now[k]!.height, `${k} height after ${what}`).toBeCloseTo(playing[k]!.height, 0);
      }
    };
    await page.evaluate(() => document.querySelector('video')!.pause());
    const settings = page.locator('.plyr__menu > button[data-plyr="settings"]');
    await settings.click();
    await expect.poll(() => settings.getAttribute('aria-expanded')).toBe('true');
    await page.screenshot({ path: '/tmp/video-layout-settings-open.png' });
    await steady('opening the settings menu');
    await settings.click();
    await expect.poll(() => settings.getAttribute('aria-expanded')).toBe('false');
    await steady('closing the settings menu');
    const subtitles = page.locator('.ink-track-subtitle .ink-track-label');
    await subtitles.click();
    await page.locator('.ink-track-subtitle .ink-track-list').waitFor();
    await steady('opening the subtitle list');
    await subtitles.click();
    await page.locator('.ink-track-subtitle .ink-track-list').waitFor({ state: 'detached' });
    // Playing again, plyr hides its controls after a while.
    await page.evaluate(() => document.querySelector('video')!.play());
    await page.locator('.plyr.plyr--hide-controls').waitFor({ timeout: 15_000 });
    await steady('the controls hiding');
  });
});
