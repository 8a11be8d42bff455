/**
 * How a video's page starts, on a 390×844 phone (no service worker, so every request is seen): the
 * video's answer is asked for as the navigation starts, alongside the page's code rather than after it
 * arrived and rendered, and its poster shows before the player is ready.
 */
import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTOPLAY_KEY } from '../../src/app/features/player/autoplay-setting';
import type { Envelope } from '../../src/contract';
import { firstWithTrial, fullTrialVideos } from './demo-videos';
import { dismissDialogs, launchMobile, type Mobile, playerUp } from './helpers';
import { phoneAutoplayRule } from './phone-autoplay';

let m: Mobile;
let vodId: number;

beforeAll(async () => {
  m = await launchMobile({ serviceWorkers: 'block' });
  await m.page.goto('/vod');
  await dismissDialogs(m.page);
  // A trial long enough to keep 10 s ahead of the play position.
  vodId = (await firstWithTrial(await fullTrialVideos())).vodId;
});
afterAll(async () => {
  await m?.close();
});

/** The HLS segments a page asks for, counted once each by rendition kind (v: video, a: audio). */
function watchSegments(page: Page) {
  const segments = new Set<string>();
  page.on('request', (r: Request) => {
    const m = /\/(v\d+|a\d+)\/seg_(\d+)\.ts/.exec(r.url());
    if (m) segments.add(`${m[1]}/${m[2]}`);
  });
  return { count: (kind: 'v' | 'a') => [...segments].filter((s) => s.startsWith(kind)).length };
}

/**
 * 10 s of 2 s segments ahead of a position of a few seconds, and one being fetched as the buffer tops
 * up (the trial alone has 20).
 */
function expectTenSecondsAhead(count: (kind: 'v' | 'a') => number) {
  expect(count('v')).toBeGreaterThanOrEqual(5);
  expect(count('v')).toBeLessThanOrEqual(9);
  expect(count('a')).toBeGreaterThanOrEqual(5);
  expect(count('a')).toBeLessThanOrEqual(9);
}

describe('video page start', () => {
  it("asks for the video while the page's own code is still on its way", async () => {
    const asked: Record<string, number> = {};
    const onRequest = (r: Request) => {
      const url = r.url();
      const what = url.includes('/api/vod/watch') ? 'watch' : null;
      if (what && !asked[what]) asked[what] = Date.now();
    };
    m.page.on('request', onRequest);
    let codeReleasedAt = 0;
    // The page's chunk is held back 1.5 s: what is asked for only once the page runs comes after.
    await m.page.route(/\/assets\/VodDetailPage-[^/]+\.js$/, async (route) => {
      await new Promise((r) => setTimeout(r, 1_500));
      codeReleasedAt = Date.now();
      await route.continue();
    });
    try {
      await m.page.goto(`/vod/detail?vodId=${vodId}`);
      const player = m.page.locator('.ink-player');
      const panel = m.page.locator('.vod-trial-end');
      await Promise.race([
        player.first().waitFor({ timeout: 20_000 }),
        panel.first().waitFor({ timeout: 20_000 }),
      ]);
      expect(codeReleasedAt).toBeGreaterThan(0);
      expect(asked.watch).toBeGreaterThan(0);
      expect(asked.watch).toBeLessThan(codeReleasedAt);
    } finally {
      m.page.off('request', onRequest);
      // A held answer still pending after a failure must not throw into the next test.
      await m.page.unrouteAll({ behavior: 'ignoreErrors' });
    }
  });

  it("shows the video's poster while the player's code is still on its way", async () => {
    let released = false;
    await m.page.route(/\/assets\/hls-[^/]+\.js$/, async (route) => {
      await new Promise((r) => setTimeout(r, 3_000));
      released = true;
      await route.continue();
    });
    try {
      await m.page.goto(`/vod/detail?vodId=${vodId}`);
      // The page's own slot (the watch answer is in): the preview's slot, shown before it from the kept
      // video info, is replaced by it, and a screenshot of the preview's slot could find it gone.
      await m.page.waitForFunction(
        () => {
          const img = document.querySelector<HTMLImageElement>(
            '#root .vod-player-slot:not([aria-busy]) .vod-slot-poster img',
          );
          return !!img && img.complete && img.naturalWidth > 0;
        },
        undefined,
        { timeout: 3_000, polling: 100 },
      );
      expect(released).toBe(false);
      // Seen, not hidden under the player's black loading layer (a black area with a spinner is a
      // PNG of about 6 KB at this phone's scale; the poster, about 100 KB).
      const seen = await m.page.locator('#root .vod-player-slot:not([aria-busy])').screenshot();
      expect(seen.length).toBeGreaterThan(20_000);
      await playerUp(m.page, 20_000);
    } finally {
      // A held answer still pending after a failure must not throw into the next test.
      await m.page.unrouteAll({ behavior: 'ignoreErrors' });
    }
  });

  it('where the phone wants a tap first, the player is built on it: nothing of the video before', async () => {
    // Phones refuse autoplay with sound. Building the player anyway ran plyr's and hls.js's start-up
    // (the page's longest main-thread work on a phone) and fetched segments for a visitor who may
    // never play. Now the poster and the prompt wait; the tap builds the player and it plays at once.
    // Once playing, 10 s of 2 s segments are kept ahead (hls.js's own cap, 60 MB, is the whole video).
    const fresh = await launchMobile({ serviceWorkers: 'block' });
    // As on a phone: sound plays only after a tap. (Headless Chromium allows it once Playwright has
    // evaluated anything in the page: its evaluations count as user gestures.)
    await fresh.context.addInitScript(phoneAutoplayRule, {});
    const media: string[] = [];
    const code: string[] = [];
    fresh.page.on('request', (r: Request) => {
      const url = r.url();
      if (url.includes('/media/vod/')) media.push(url);
      if (/\/assets\/(hls|plyr)-[^/]+\.js$/.test(url)) code.push(url);
    });
    const segments = watchSegments(fresh.page);
    try {
      await fresh.page.goto(`/vod/detail?vodId=${vodId}`);
      const waiting = fresh.page.locator('.ink-player[data-state="waiting"]');
      await waiting.waitFor({ timeout: 20_000 });
      // The poster shows under the prompt, and the page's other controls are there to use.
      const prompt = waiting.locator('.ink-autoplay');
      await prompt.waitFor();
      await fresh.page.waitForFunction(() => {
        const img = document.querySelector<HTMLImageElement>('.vod-player-slot .vod-slot-poster img');
        return !!img && img.complete && img.naturalWidth > 0;
      });
      await fresh.page.waitForTimeout(3_000);
      // The player's code was fetched into the cache while the page was idle (a first visit's page
      // names it), and the trial's master playlist, never run: no player, no video element, nothing
      // else of the video.
      expect(code.length).toBeGreaterThanOrEqual(2);
      expect(media.filter((u) => !/\/trial\/\d+\/master\.m3u8$/.test(u))).toEqual([]);
      expect(segments.count('v') + segments.count('a')).toBe(0);
      expect(await fresh.page.locator('.ink-player video, .plyr').count()).toBe(0);

      await prompt.click();
      await fresh.page.locator('.ink-player[data-state="ready"]').waitFor({ timeout: 20_000 });
      // One tap is enough: the player starts by itself (after the start advert, where there is one).
      await fresh.page.waitForFunction(
        () => (document.querySelector<HTMLVideoElement>('.ink-player video')?.currentTime ?? 0) > 1,
        undefined,
        { timeout: 30_000 },
      );
      expect(await fresh.page.locator('.ink-autoplay').count()).toBe(0);
      await fresh.page.waitForTimeout(2_000);
      expectTenSecondsAhead(segments.count);
    } finally {
      await fresh.close();
    }
  });

  it('a player built before any play (autoplay off) fetches one segment, then 10 s ahead once playing', async () => {
    // One 2 s segment of video and of audio makes the tap play at once. hls.js's own cap (60 MB) is the
    // whole of a short video at our bitrates: every segment, each one main-thread work on a phone and
    // data a visitor leaving early never sees.
    const fresh = await launchMobile({ serviceWorkers: 'block' });
    await fresh.context.addInitScript((key) => localStorage.setItem(key, '0'), AUTOPLAY_KEY);
    // No start advert: at its end it plays the video whatever the setting (spec §4).
    await fresh.page.route(/\/api\/vod\/watch/, async (route) => {
      const res = await route.fetch();
      const body = (await res.json()) as Envelope<{ playerAds?: { startAdvert: unknown } | null }>;
      if (body.data?.playerAds) body.data.playerAds.startAdvert = null;
      await route.fulfill({ response: res, json: body });
    });
    const { count } = watchSegments(fresh.page);
    try {
      await fresh.page.goto(`/vod/detail?vodId=${vodId}`);
      await fresh.page.locator('.ink-player[data-state="ready"]').waitFor({ timeout: 20_000 });
      await fresh.page.waitForTimeout(3_000);
      expect(await fresh.page.evaluate(() => document.querySelector('video')!.paused)).toBe(true);
      expect(count('v')).toBe(1);
      // An audio segment ends a few milliseconds short of 2 s, so the next one may come along.
      expect(count('a')).toBeGreaterThan(0);
      expect(count('a')).toBeLessThanOrEqual(2);

      await fresh.page.locator('.plyr__control--overlaid').click();
      await fresh.page.waitForFunction(() => document.querySelector('video')!.currentTime > 1, undefined, {
        timeout: 30_000,
      });
      await fresh.page.waitForTimeout(2_000);
      expectTenSecondsAhead(count);
    } finally {
      await fresh.close();
    }
  });

  it('asks for the video once per visit, and again on the next visit', async () => {
    let watched = 0;
    const onRequest = (r: Request) => {
      if (r.url().includes('/api/vod/watch')) watched++;
    };
    m.page.on('request', onRequest);
    try {
      for (let visit = 1; visit <= 2; visit++) {
        await m.page.goto(`/vod/detail?vodId=${vodId}`);
        // The player is built from the answer: a second ask on mount would have been sent by then. A
        // phone may want a tap before sound (the player then waits on its prompt): the tap must not ask
        // again either.
        await playerUp(m.page, 30_000);
        await expect.poll(() => watched, { timeout: 10_000 }).toBeGreaterThanOrEqual(visit);
        expect(watched).toBe(visit);
      }
    } finally {
      m.page.off('request', onRequest);
    }
  });
});
