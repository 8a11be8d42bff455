import type { Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api, Msg, type Envelope } from '../../src/contract';
import { launchMobile, type Mobile, playerUp } from './helpers';
import { bindMobileInApp } from './bind-mobile';
import { fullTrialVideos } from './demo-videos';

/**
 * A bought video's signed URL is short-lived (the e2e server signs for 90 s): the player renews it
 * and keeps playing, in the same player, past the first URL's expiry — here by switching the audio
 * track (new playlist and segments to fetch) once the server refuses the first token.
 */

const H264_AAC = 'video/mp4; codecs="avc1.42E01E,mp4a.40.2"';
const TOKEN = /\/media\/vod\/[\w-]+\/s\/(\d+\.\d+\.(\d+)\.[\w-]+)\//;

/** Starts playback past the manual-play prompt and any advert, then pauses (hls.js keeps buffering ~30 s). */
async function startThenPause(page: Page) {
  const prompt = page.locator('.ink-autoplay');
  await prompt.waitFor({ timeout: 5_000 }).catch(() => undefined);
  if (await prompt.count()) await prompt.click();
  const ad = page.locator('[data-player-ad]');
  await ad
    .first()
    .waitFor({ timeout: 3_000 })
    .catch(() => undefined);
  const close = ad.getByRole('button', { name: '关闭广告' });
  if (await close.count()) await close.first().click();
  await ad.first().waitFor({ state: 'detached', timeout: 15_000 });
  await page.evaluate(() => document.querySelector<HTMLVideoElement>('.ink-player video')?.pause());
}

const videoTime = (page: Page) =>
  page.evaluate(() => document.querySelector<HTMLVideoElement>('.ink-player video')?.currentTime ?? 0);

describe('video: signed URL renewal', () => {
  let m: Mobile;
  let page: Page;
  let mse = false;
  const media: { url: string; token: string; status: number; at: number }[] = [];

  beforeAll(async () => {
    m = await launchMobile();
    page = m.page;
    page.on('response', (r: Response) => {
      const t = TOKEN.exec(new URL(r.url()).pathname);
      if (t) media.push({ url: r.url(), token: t[1]!, status: r.status(), at: Date.now() });
    });
    await page.goto('/vod');
    mse = await page.evaluate((t) => 'MediaSource' in window && MediaSource.isTypeSupported(t), H264_AAC);
  });
  afterAll(async () => {
    await m?.close();
  });

  it(
    'keeps playing in the same player after the first signed URL has expired',
    { timeout: 240_000 },
    async () => {
      if (!mse) return; // no H.264 in this Chromium: video.test.ts says so
      // Affordable, and long enough to play on past 50 s.
      const vod = (await fullTrialVideos())[0]!;

      // Coins from the bind-mobile reward, then buy on the detail page.
      await bindMobileInApp(page, `1${String(Date.now()).slice(-10)}`);
      await page.waitForURL(/\/user$/);
      await page.goto(`/vod/detail?vodId=${vod.vodId}`);
      await page.locator('.vod-actions').getByRole('button', { name: Msg.buyVideo, exact: true }).click();
      await page.getByRole('button', { name: Msg.videoBought }).waitFor({ timeout: 15_000 });

      await playerUp(page, 30_000);
      await startThenPause(page);
      // Marks this <video>: a new player would bring a new one.
      await page.evaluate(() => {
        document.querySelector<HTMLVideoElement>('.ink-player video')!.dataset.first = '1';
      });
      await expect.poll(() => media.length, { timeout: 20_000 }).toBeGreaterThan(0);
      const first = media[0]!.token;
      const firstExpMs = Number(first.split('.')[2]) * 1000;
      expect(firstExpMs - Date.now()).toBeLessThanOrEqual(150_000);

      // The renewal comes a minute ahead of the expiry.
      const renewed = await page.waitForResponse((r) => r.url().endsWith(Api.vodPlayUrl), {
        timeout: firstExpMs - Date.now() + 5_000,
      });
      const fresh = TOKEN.exec(
        ((await renewed.json()) as Envelope<{ vodPlayUrl: string }>).data.vodPlayUrl,
      )![1]!;
      expect(fresh).not.toBe(first);

      // Past the first token's expiry the server refuses it…
      await new Promise((r) => setTimeout(r, Math.max(0, firstExpMs - Date.now() + 2_000)));
      const oldSegment = media.find((e) => e.token === first && e.url.endsWith('.ts'))!;
      expect(oldSegment.status).toBe(200);
      expect((await fetch(oldSegment.url)).status).toBe(403);

      // …and the player goes on with the renewed token: the whole clip is buffered by now, so switching
      // the audio track is what makes it fetch (another playlist and its segments).
      // Paused at a point with time left after it: played on meanwhile, the clip ended while the menu
      // was opened on a loaded machine, and the playlist went on to the next video.
      const since = Date.now();
      const from = await page.evaluate(() => {
        const v = document.querySelector<HTMLVideoElement>('.ink-player video')!;
        v.muted = true;
        v.pause();
        v.currentTime = Math.max(0, Math.min(v.duration - 12, v.duration / 2));
        return v.currentTime;
      });
      await page.locator('.ink-player').tap();
      await page.locator('.ink-track-audio .ink-track-label').click();
      await page.locator('.ink-track-audio [role="menuitemradio"][aria-checked="false"]').first().click();
      await expect
        .poll(() => media.filter((e) => e.at >= since).length, { timeout: 20_000 })
        .toBeGreaterThan(1);
      // Play on from there: it plays with the renewed token.
      await page.evaluate(() => document.querySelector<HTMLVideoElement>('.ink-player video')!.play());
      await expect.poll(() => videoTime(page), { timeout: 30_000 }).toBeGreaterThan(from + 2);
      const after = media.filter((e) => e.at >= since);
      expect(after.every((e) => e.token !== first && e.status === 200)).toBe(true);
      expect(await page.locator('.ink-player video[data-first="1"]').count()).toBe(1);
      expect(await page.locator('.ink-player[data-state="error"]').count()).toBe(0);
    },
  );
});
