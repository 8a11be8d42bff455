import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstWithTrial, fullTrialVideos } from './demo-videos';
import { clearAdverts, dismissDialogs, launchMobile, type Mobile, playerUp } from './helpers';

/**
 * The pause advert (spec §4: shows on pause, hides on play or close) for a new visitor who comes
 * straight to a video by a link — nothing kept on the phone yet, the case the review met with no
 * advert at all — in real Chromium as a phone.
 */

const video = (page: Page) =>
  page.evaluate(() => {
    const v = document.querySelector<HTMLVideoElement>('.ink-player video')!;
    return { t: v.currentTime, paused: v.paused };
  });

describe('pause advert', () => {
  let m: Mobile;
  let page: Page;

  beforeAll(async () => {
    m = await launchMobile();
    page = m.page;
  });
  afterAll(async () => {
    await m?.close();
  });

  it('a new visitor from a link: pausing the playing video shows it, playing hides it, × closes it', async () => {
    // A trial long enough to play, pause and play again.
    const vod = await firstWithTrial(await fullTrialVideos());
    await page.goto(`/vod/detail?vodId=${vod.vodId}`);
    await dismissDialogs(page);
    await playerUp(page, 30_000);
    await clearAdverts(page);
    const prompt = page.locator('.ink-autoplay');
    await prompt.waitFor({ timeout: 5_000 }).catch(() => undefined);
    if (await prompt.count()) await prompt.click();
    else await page.evaluate(() => document.querySelector<HTMLVideoElement>('.ink-player video')?.play());
    await clearAdverts(page);
    // It plays: no advert over it.
    await expect.poll(async () => (await video(page)).t, { timeout: 20_000 }).toBeGreaterThan(1);
    const ad = page.locator('.ink-pause-ad');
    expect(await ad.count()).toBe(0);

    // Paused by the player's own play/pause control (hidden while it plays, so clicked in the page).
    await page
      .locator('.plyr__controls [data-plyr="play"]')
      .first()
      .evaluate((b: HTMLElement) => b.click());
    await expect.poll(async () => (await video(page)).paused).toBe(true);
    await ad.waitFor({ state: 'visible', timeout: 10_000 });
    const box = (await ad.boundingBox())!;
    const player = (await page.locator('.ink-player .plyr').boundingBox())!;
    // Centred, 60% by 50% of the player (spec §3).
    expect(box.width / player.width).toBeCloseTo(0.6, 1);
    expect(box.height / player.height).toBeCloseTo(0.5, 1);
    expect(await ad.locator('a').getAttribute('target')).toBe('_blank');
    await expect
      .poll(() => ad.locator('img').evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0), {
        timeout: 15_000,
      })
      .toBe(true);
    const close = ad.getByRole('button', { name: '关闭广告' });
    expect(await close.isVisible()).toBe(true);
    await page.screenshot({ path: '/tmp/video-pause-ad.png' });

    // Playing hides it.
    await page.evaluate(() => document.querySelector<HTMLVideoElement>('.ink-player video')!.play());
    await ad.waitFor({ state: 'detached', timeout: 10_000 });
    // The next pause shows it again; × closes it and the video stays paused.
    await page.evaluate(() => document.querySelector<HTMLVideoElement>('.ink-player video')!.pause());
    await ad.waitFor({ state: 'visible', timeout: 10_000 });
    await close.click();
    await ad.waitFor({ state: 'detached', timeout: 5_000 });
    expect((await video(page)).paused).toBe(true);
  });
});
