import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { Msg, type VodList } from '../../src/contract';
import { bindMobileInApp } from './bind-mobile';
import { fullTrialVideos } from './demo-videos';
import { launchMobile, type Mobile, playerUp, tapIfWaiting } from './helpers';
import { phoneAutoplayRule } from './phone-autoplay';

/**
 * Player adverts in real Chromium as a phone (spec §4): a trial gets the start advert, which holds
 * the video, counts down and then lets it play; a bought video plays with no adverts at all; a free
 * video gets the video ads, played in the player itself, one after another, and closing skips the
 * rest and brings the video back.
 */

/**
 * Sets a video's price in the server's database (the demo catalogue has no free video); returns the
 * old price, or null against an outside server.
 */
function setPrice(vodId: number, price: number): number | null {
  const dataDir = inject('dataDir');
  if (!dataDir) return null;
  const db = new SQLite(join(dataDir, 'inkreel.sqlite'));
  try {
    const old = db.prepare('select price from vods where id = ?').get(vodId) as { price: number };
    db.prepare('update vods set price = ? where id = ?').run(price, vodId);
    return old.price;
  } finally {
    db.close();
  }
}

/** Sources media elements started loading on this page (an element with none reports ''). */
const mediaSrcs = (page: Page) =>
  page.evaluate(() =>
    (window as unknown as { __mediaSrcs: unknown[] }).__mediaSrcs.map((s) =>
      typeof s === 'string' ? s : '',
    ),
  );

const mainVideo = (page: Page) =>
  page.evaluate(() => {
    const v = document.querySelector<HTMLVideoElement>('.ink-player video');
    return v ? { t: v.currentTime, paused: v.paused, src: v.currentSrc, duration: v.duration } : null;
  });

/** Opens the first affordable video that offers this visitor a trial player. */
async function openTrial(page: Page, candidates: VodList['list'], { tap = true } = {}) {
  for (const c of candidates) {
    await page.goto(`/vod/detail?vodId=${c.vodId}`);
    const player = page.locator('.ink-player');
    const panel = page.getByRole('region', { name: Msg.trialOver });
    await Promise.race([player.waitFor({ timeout: 20_000 }), panel.waitFor({ timeout: 20_000 })]);
    if (await player.count()) {
      if (tap) await tapIfWaiting(page);
      return c;
    }
  }
  throw new Error('no video with a trial');
}

describe('player adverts', () => {
  let m: Mobile;
  let page: Page;
  let candidates: VodList['list'];
  const restorePrice: (() => void)[] = [];

  beforeAll(async () => {
    m = await launchMobile();
    page = m.page;
    // Every source a media element starts loading, in order (the ads play in the player's <video>).
    await page.addInitScript(() => {
      const w = window as unknown as { __mediaSrcs: string[] };
      w.__mediaSrcs = [];
      document.addEventListener(
        'loadstart',
        (e) => w.__mediaSrcs.push((e.target as HTMLMediaElement).currentSrc),
        true,
      );
    });
    // Affordable, and long enough that a full play is told from the trial by its length.
    candidates = await fullTrialVideos();
    expect(candidates.length).toBeGreaterThan(0);
  });
  afterAll(async () => {
    restorePrice.forEach((restore) => restore());
    await m?.close();
  });

  it('a trial: the start advert holds the video, counts down each second, goes, and the video plays', async () => {
    await openTrial(page, candidates);
    const ad = page.locator('[data-player-ad].ink-start-ad');
    await ad.waitFor({ timeout: 30_000 });
    const timer = ad.getByRole('timer');
    const seen = new Set<number>();
    // While it shows the video stays at the start, paused; the countdown goes down to its end.
    while (await ad.count()) {
      const text = await timer.textContent().catch(() => null);
      const n = text ? Number(/(\d+)/.exec(text)?.[1]) : NaN;
      if (Number.isFinite(n)) seen.add(n);
      const v = await mainVideo(page);
      if ((await ad.count()) && v) {
        expect(v.paused).toBe(true);
        expect(v.t).toBe(0);
      }
      await page.waitForTimeout(200);
    }
    const counted = [...seen].sort((a, b) => b - a);
    expect(counted.length).toBeGreaterThanOrEqual(2);
    expect(counted.at(-1)).toBe(1);
    // Then the video plays (this browser wants a tap first: the manual-play prompt).
    const prompt = page.locator('.ink-autoplay');
    await prompt.waitFor({ timeout: 5_000 }).catch(() => undefined);
    if (await prompt.count()) await prompt.click();
    await expect.poll(async () => (await mainVideo(page))?.t ?? 0, { timeout: 20_000 }).toBeGreaterThan(0.5);
    expect(await page.locator('[data-player-ad]').count()).toBe(0);
  });

  it('where sound may start by itself, the start advert holds the video from its first frame', async () => {
    // A browser that lets the page start sound (a desktop the visitor often watches on): the player
    // used to start the video and leave the pause to the advert once drawn, a moment of sound first.
    const fresh = await launchMobile({ args: ['--autoplay-policy=no-user-gesture-required'] });
    try {
      const tab = fresh.page;
      await tab.addInitScript(() => {
        const w = window as unknown as { __underAd: number[] };
        w.__underAd = [];
        const note = (e: Event) => {
          const v = e.target as HTMLVideoElement;
          if (!v.closest?.('.ink-player') || !document.querySelector('.ink-start-ad')) return;
          if (e.type === 'playing' || v.currentTime > 0) w.__underAd.push(v.currentTime);
        };
        ['playing', 'timeupdate'].forEach((type) => document.addEventListener(type, note, true));
      });
      await openTrial(tab, candidates, { tap: false });
      const ad = tab.locator('[data-player-ad].ink-start-ad');
      await ad.waitFor({ timeout: 30_000 });
      await ad.waitFor({ state: 'detached', timeout: 30_000 });
      await expect.poll(async () => (await mainVideo(tab))?.t ?? 0, { timeout: 20_000 }).toBeGreaterThan(0.5);
      expect(await tab.evaluate(() => (window as unknown as { __underAd: number[] }).__underAd)).toEqual([]);
      // No prompt: nothing was refused.
      expect(await tab.locator('.ink-autoplay').count()).toBe(0);
    } finally {
      await fresh.close();
    }
  });

  it('where the phone wants a tap, one tap starts the start advert and then the video', async () => {
    // A phone's autoplay policy: play() with sound is refused until the viewer taps the page. This
    // headless Chromium lets the player's own start through, so the page gets the rule.
    const fresh = await launchMobile();
    try {
      const tab = fresh.page;
      await tab.addInitScript(phoneAutoplayRule, {});
      await openTrial(tab, candidates, { tap: false });
      // The prompt first, over the poster: no advert counts down over a player nobody asked to play.
      const prompt = tab.locator('.ink-player[data-state="waiting"] .ink-autoplay');
      await prompt.waitFor({ timeout: 30_000 });
      expect(await tab.locator('[data-player-ad]').count()).toBe(0);
      // The trial says it is one before the tap too (试看40秒 and the way to VIP).
      await tab.locator('.ink-player[data-state="waiting"] .ink-preview-tip').waitFor();
      await prompt.click();
      // The start advert holds the video, then the video plays with no second tap.
      const ad = tab.locator('[data-player-ad]');
      await ad.waitFor({ timeout: 30_000 });
      await ad.waitFor({ state: 'detached', timeout: 30_000 });
      await expect.poll(async () => (await mainVideo(tab))?.t ?? 0, { timeout: 20_000 }).toBeGreaterThan(0.5);
      expect(await tab.locator('.ink-autoplay').count()).toBe(0);
    } finally {
      await fresh.close();
    }
  });

  it('the autoplay prompt goes as soon as the video plays, however playback started', async () => {
    // The player's own prompt, for a browser that let the page's question through (a silent clip in a
    // detached <video>) but refuses the player's <video> its sound until a tap.
    const fresh = await launchMobile();
    try {
      const tab = fresh.page;
      await tab.addInitScript(phoneAutoplayRule, { detachedMayPlay: true });
      await openTrial(tab, candidates);
      // The start advert holds the video first; the prompt asks for the tap the browser wants.
      const ad = tab.locator('[data-player-ad]');
      await ad.waitFor({ timeout: 30_000 });
      await ad.waitFor({ state: 'detached', timeout: 30_000 });
      const prompt = tab.locator('.ink-autoplay');
      await prompt.waitFor({ timeout: 10_000 });
      // Playback starts some other way than the prompt (muted play needs no tap).
      await tab.evaluate(() => {
        const v = document.querySelector<HTMLVideoElement>('.ink-player video')!;
        v.muted = true;
        return v.play();
      });
      await expect.poll(async () => (await mainVideo(tab))?.t ?? 0, { timeout: 20_000 }).toBeGreaterThan(0.5);
      await prompt.waitFor({ state: 'detached', timeout: 2_000 });
    } finally {
      await fresh.close();
    }
  });

  it('a bought video plays with no adverts, on the visit it is bought and on a later one', async () => {
    // Coins from the bind-mobile reward, then the buy from the panel.
    await bindMobileInApp(page, `1${String(Date.now()).slice(-10)}`);
    await page.waitForURL(/\/user$/);
    const vod = candidates[0]!;
    await page.goto(`/vod/detail?vodId=${vod.vodId}`);
    await page
      .getByRole('region', { name: Msg.trialOver })
      .getByRole('button', { name: Msg.buyVideo })
      .click();
    await page.getByRole('button', { name: Msg.videoBought }).waitFor({ timeout: 15_000 });
    for (const visit of ['bought', 'later'] as const) {
      if (visit === 'later') await page.reload();
      await playerUp(page, 30_000);
      // The full video's length is known (ads in the player would start now), then a few seconds.
      await expect
        .poll(async () => (await mainVideo(page))?.duration ?? 0, { timeout: 20_000 })
        .toBeGreaterThan(45);
      await page.waitForTimeout(3_000);
      expect(await page.locator('[data-player-ad]').count(), visit).toBe(0);
      expect(await page.locator('.plyr.ink-ad-in-player').count(), visit).toBe(0);
      expect(
        (await mediaSrcs(page)).filter((s) => s.includes('/media/ad/')),
        visit,
      ).toEqual([]);
    }
  });

  it('a free video: ads play in the player in order, the link follows, closing skips the rest', async () => {
    const vod = candidates.at(-1)!;
    expect(vod.vodId).not.toBe(candidates[0]!.vodId); // not the one bought above
    const old = setPrice(vod.vodId, 0);
    if (old === null) return; // an outside server: its catalogue is not ours to change
    restorePrice.push(() => setPrice(vod.vodId, old));
    // A new page: its list of media sources starts empty.
    await page.goto(`/vod/detail?vodId=${vod.vodId}`);
    // Where this browser refused sound when the page asked, the ads come with the player, on the tap.
    await tapIfWaiting(page);

    const ad = page.locator('[data-player-ad].ink-video-ad');
    await ad.waitFor({ timeout: 30_000 });
    expect(await ad.getAttribute('data-ad-index')).toBe('0');
    // Transparent over the player, whose controls are hidden while the ad is in it.
    await page.locator('.plyr.ink-ad-in-player').waitFor();
    expect(await page.locator('.plyr__controls').isVisible()).toBe(false);
    const more = ad.getByRole('link', { name: '了解详情' });
    const firstLink = await more.getAttribute('href');
    expect(await more.getAttribute('target')).toBe('_blank');

    // Where autoplay is refused the tap prompt starts the ad (the buy tap may have allowed it already).
    const tap = ad.locator('.ink-ad-tap');
    await expect
      .poll(async () => {
        if (await tap.isVisible()) await tap.click();
        const v = await mainVideo(page);
        return v && !v.paused ? v.src : '';
      })
      .toMatch(/\/media\/ad\/[\w-]+\.mp4$/);
    await ad.getByRole('timer').waitFor();

    // The first ad ends by itself; the second shows with its own link.
    await expect.poll(() => ad.getAttribute('data-ad-index'), { timeout: 20_000 }).toBe('1');
    await expect.poll(async () => (await mainVideo(page))?.t ?? 0, { timeout: 15_000 }).toBeGreaterThan(0.3);
    const secondLink = await more.getAttribute('href');
    expect(secondLink).not.toBe(firstLink);

    // Close: every remaining ad is skipped, controls come back and the bought video plays.
    await ad.getByRole('button', { name: '关闭广告' }).click();
    await page.locator('[data-player-ad]').waitFor({ state: 'detached' });
    // The controls come back with the main source, in the effect that follows the overlay's removal.
    await expect.poll(() => page.locator('.plyr.ink-ad-in-player').count(), { timeout: 5_000 }).toBe(0);
    const prompt = page.locator('.ink-autoplay');
    await prompt.waitFor({ timeout: 3_000 }).catch(() => undefined);
    if (await prompt.count()) await prompt.click();
    await expect.poll(async () => (await mainVideo(page))?.t ?? 0, { timeout: 20_000 }).toBeGreaterThan(0.5);
    const v = await mainVideo(page);
    expect(v!.src).toMatch(/^blob:/); // hls.js is attached again
    expect(v!.duration).toBeGreaterThan(45); // the full video, not an ad or the trial
    const srcs = await mediaSrcs(page);
    const adsPlayed = new Set(srcs.filter((s) => s.includes('/media/ad/')));
    expect(adsPlayed.size).toBe(2);
  });
});
