import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Msg, type VodList } from '../../src/contract';
import { launchMobile, type Mobile, playerUp, tapIfWaiting } from './helpers';
import { fullTrialVideos } from './demo-videos';

/**
 * The player's own settings and startup in real Chromium as a phone (spec §4, §9): quality switching
 * (the current choice does nothing, auto's pick is remembered, the modal until the switch is done),
 * the start advert giving way to a saved position, the 自动播放 setting and the resume prompt, and the
 * subtitle list's height. Each part runs as a new visitor on a trial, so the 40 s trial is its own.
 */

const H264_AAC = 'video/mp4; codecs="avc1.42E01E,mp4a.40.2"';

const media = (page: Page) =>
  page.evaluate(() => {
    const v = document.querySelector<HTMLVideoElement>('.ink-player video');
    if (!v) return null;
    const b = v.buffered;
    return {
      t: v.currentTime,
      paused: v.paused,
      height: v.videoHeight,
      bufferedStart: b.length ? b.start(0) : NaN,
      bufferedEnd: b.length ? b.end(b.length - 1) : NaN,
    };
  });

const streamLevelCookie = (page: Page) =>
  page.evaluate(() => /(?:^|;\s*)selectedStreamLevel=([^;]*)/.exec(document.cookie)?.[1] ?? null);

/** Opens the first affordable video that offers this visitor a trial player. */
async function openTrial(page: Page, candidates: VodList['list']) {
  for (const c of candidates) {
    await page.goto(`/vod/detail?vodId=${c.vodId}`);
    const player = page.locator('.ink-player');
    const panel = page.getByRole('region', { name: Msg.trialOver });
    await Promise.race([player.waitFor({ timeout: 20_000 }), panel.waitFor({ timeout: 20_000 })]);
    if (await player.count()) {
      await tapIfWaiting(page);
      return c;
    }
  }
  throw new Error('no video with a trial');
}

/** The manual-play prompt shows where the browser wants a tap first: tap it. */
async function tapPlayIfAsked(page: Page) {
  const prompt = page.locator('.ink-autoplay');
  await prompt.waitFor({ timeout: 4_000 }).catch(() => undefined);
  if (await prompt.count()) await prompt.click();
}

/** A quality in plyr's menu, chosen as a tap on its item would (the menu hides with the controls while playing). */
const chooseQuality = (page: Page, height: number) =>
  page.evaluate((h) => {
    document.querySelector<HTMLButtonElement>(`.plyr__menu [data-plyr="quality"][value="${h}"]`)!.click();
  }, height);

describe('player settings and startup', () => {
  let candidates: VodList['list'];
  let mse = false;
  const opened: Mobile[] = [];
  const newVisitor = async () => {
    const m = await launchMobile();
    opened.push(m);
    return m.page;
  };

  beforeAll(async () => {
    candidates = await fullTrialVideos();
    expect(candidates.length).toBeGreaterThan(0);
    const probe = await newVisitor();
    await probe.goto('/vod');
    mse = await probe.evaluate((t) => 'MediaSource' in window && MediaSource.isTypeSupported(t), H264_AAC);
  });
  afterAll(async () => {
    for (const m of opened) await m.close();
  });

  it('the subtitle list is 150 px tall (spec §9)', async () => {
    const page = await newVisitor();
    await openTrial(page, candidates);
    const label = page.locator('.ink-track-subtitle .ink-track-label');
    await label.waitFor({ timeout: 30_000 });
    // The start advert covers the player for a few seconds first.
    const ad = page.locator('[data-player-ad]');
    await ad.waitFor({ timeout: 10_000 }).catch(() => undefined);
    await ad.waitFor({ state: 'detached', timeout: 15_000 });
    // Paused, plyr keeps its control bar up.
    await page.evaluate(() => document.querySelector<HTMLVideoElement>('.ink-player video')?.pause());
    await label.click();
    const list = page.locator('.ink-track-subtitle .ink-track-list');
    await list.waitFor();
    const box = (await list.boundingBox())!;
    expect(Math.round(box.height)).toBe(150);
    await page.screenshot({ path: '/tmp/player-subtitle-list.png' });
  });

  /** The resume parts share one visitor: the position saved in the first is the one offered in the second. */
  let page: Page;
  let vod: { vodId: number };
  let saved = 0;

  it('a saved position ahead: the start advert does not play, the video continues there', async () => {
    if (!mse) return;
    page = await newVisitor();
    vod = await openTrial(page, candidates);
    // The first visit: the start advert plays (nothing saved yet), then the video.
    const ad = page.locator('[data-player-ad].ink-start-ad');
    await ad.waitFor({ timeout: 30_000 });
    await ad.waitFor({ state: 'detached', timeout: 15_000 });
    await tapPlayIfAsked(page);
    // The position is saved every 5 s of playback.
    await expect.poll(async () => (await media(page))?.t ?? 0, { timeout: 20_000 }).toBeGreaterThan(6.5);
    await page.evaluate(() => document.querySelector<HTMLVideoElement>('.ink-player video')!.pause());
    saved = (await media(page))!.t;

    // Back with autoplay on (the default): it continues there, and the advert does not play over it.
    await page.goto(`/vod/detail?vodId=${vod.vodId}`);
    await playerUp(page, 30_000);
    const adSeen = page.evaluate(
      () =>
        new Promise<boolean>((resolve) => {
          const seen = () => document.querySelector('.ink-start-ad') !== null;
          if (seen()) return resolve(true);
          const obs = new MutationObserver(() => seen() && (obs.disconnect(), resolve(true)));
          obs.observe(document.body, { childList: true, subtree: true });
          setTimeout(() => (obs.disconnect(), resolve(false)), 6_000);
        }),
    );
    await tapPlayIfAsked(page);
    expect(await adSeen).toBe(false);
    await expect
      .poll(async () => (await media(page))?.t ?? 0, { timeout: 20_000 })
      .toBeGreaterThan(Math.min(saved, 5));
    expect(await page.locator('.ink-resume').count()).toBe(0);
  });

  it('自动播放 in the settings menu: off (remembered), a saved position shows the resume prompt', async () => {
    if (!mse) return;
    // 自动播放 sits in the player's settings menu, on; a tap turns it off.
    await page.goto(`/vod/detail?vodId=${vod.vodId}`);
    await playerUp(page, 30_000);
    await tapPlayIfAsked(page);
    await page.evaluate(() => document.querySelector<HTMLVideoElement>('.ink-player video')!.pause());
    await page.locator('.plyr__menu > button[data-plyr="settings"]').click();
    const item = page.getByRole('menuitemcheckbox', { name: /自动播放/ });
    await item.waitFor();
    expect(await item.getAttribute('aria-checked')).toBe('true');
    await expect.poll(() => item.textContent()).toContain('开启');
    await page.screenshot({ path: '/tmp/player-settings-autoplay-on.png' });
    await item.click();
    expect(await item.getAttribute('aria-checked')).toBe('false');
    await expect.poll(() => item.textContent()).toContain('关闭');

    // Back again: remembered off, so nothing starts; the prompt offers the saved time, no advert.
    await page.goto(`/vod/detail?vodId=${vod.vodId}`);
    const prompt = page.locator('.ink-resume');
    await prompt.waitFor({ timeout: 30_000 });
    await expect.poll(() => prompt.textContent()).toMatch(/上次观看到 00:\d\d/);
    expect(await page.locator('.ink-start-ad').count()).toBe(0);
    expect(await page.locator('.ink-autoplay').count()).toBe(0);
    const still = (await media(page))!;
    expect(still.paused).toBe(true);
    expect(still.t).toBeLessThan(1);
    await page.screenshot({ path: '/tmp/player-resume-prompt.png' });
    // The open menu is above the prompt: its items take the tap.
    await page.locator('.plyr__menu > button[data-plyr="settings"]').click();
    await expect.poll(() => item.getAttribute('aria-checked')).toBe('false');
    await page.screenshot({ path: '/tmp/player-settings-autoplay-off.png' });
    await item.click({ timeout: 5_000 });
    await expect.poll(() => item.getAttribute('aria-checked')).toBe('true');
    await item.click({ timeout: 5_000 });
    await expect.poll(() => item.getAttribute('aria-checked')).toBe('false');
    // Keyboard: arrows move between the menu's items (not the volume), space toggles.
    const volume = await page.evaluate(
      () => document.querySelector<HTMLVideoElement>('.ink-player video')!.volume,
    );
    await item.focus();
    await page.keyboard.press('ArrowUp');
    const focusedText = () => page.evaluate(() => document.activeElement?.textContent ?? '');
    await expect.poll(focusedText).toContain('倍速');
    await page.keyboard.press('ArrowDown');
    await expect.poll(focusedText).toContain('自动播放');
    expect(
      await page.evaluate(() => document.querySelector<HTMLVideoElement>('.ink-player video')!.volume),
    ).toBe(volume);
    await page.keyboard.press(' ');
    await expect.poll(() => item.getAttribute('aria-checked')).toBe('true');
    await page.keyboard.press(' ');
    await expect.poll(() => item.getAttribute('aria-checked')).toBe('false');
    await page.locator('.plyr__menu > button[data-plyr="settings"]').click();

    // 跳转播放 seeks to the saved time and plays; the prompt goes.
    await prompt.getByRole('button', { name: '跳转播放' }).click();
    await expect.poll(() => prompt.count()).toBe(0);
    await expect
      .poll(async () => (await media(page))?.t ?? 0, { timeout: 20_000 })
      .toBeGreaterThan(Math.min(saved, 5));
  });

  it('in English (en-us): Autoplay off, the prompt in English closes on ×, and by itself after 15 s', async () => {
    if (!mse) return;
    const page = await newVisitor();
    // The player language follows the browser's (spec §2 player overlays).
    await page.addInitScript(() => Object.defineProperty(navigator, 'language', { get: () => 'en-US' }));
    const vod = await openTrial(page, candidates);
    await page.locator('[data-player-ad].ink-start-ad').waitFor({ timeout: 30_000 });
    await page.locator('[data-player-ad]').waitFor({ state: 'detached', timeout: 15_000 });
    await tapPlayIfAsked(page);
    await expect.poll(async () => (await media(page))?.t ?? 0, { timeout: 20_000 }).toBeGreaterThan(6);
    await page.evaluate(() => document.querySelector<HTMLVideoElement>('.ink-player video')!.pause());
    await page.locator('.plyr__menu > button[data-plyr="settings"]').click();
    const item = page.getByRole('menuitemcheckbox', { name: /Autoplay/ });
    await expect.poll(() => item.textContent()).toBe('AutoplayOn');
    await item.click();
    await expect.poll(() => item.textContent()).toBe('AutoplayOff');
    // The control bar's own pickers are named in English too.
    expect(await page.locator('.ink-track-subtitle .ink-track-label').getAttribute('aria-label')).toMatch(
      /^Subtitles: /,
    );
    expect(await page.locator('.ink-track-audio .ink-track-label').getAttribute('aria-label')).toMatch(
      /^Audio: /,
    );

    await page.goto(`/vod/detail?vodId=${vod.vodId}`);
    const prompt = page.locator('.ink-resume');
    await prompt.waitFor({ timeout: 30_000 });
    await expect.poll(() => prompt.textContent()).toMatch(/Last watched to 00:0\d/);
    await prompt.getByRole('button', { name: 'Jump to play' }).waitFor();
    await prompt.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => prompt.count()).toBe(0);
    expect((await media(page))!.paused).toBe(true);

    // Left alone, it goes after 15 s (spec §9), not before.
    await page.goto(`/vod/detail?vodId=${vod.vodId}`);
    await prompt.waitFor({ timeout: 30_000 });
    const shownAt = Date.now();
    await prompt.waitFor({ state: 'detached', timeout: 25_000 });
    expect(Date.now() - shownAt).toBeGreaterThan(13_000);
    expect((await media(page))!.paused).toBe(true);
  });

  it('quality: the current one does nothing; auto’s pick is remembered; the modal shows until done, auto included', async () => {
    if (!mse) return;
    const page = await newVisitor();
    await openTrial(page, candidates);
    await page.locator('[data-player-ad].ink-start-ad').waitFor({ timeout: 30_000 });
    await page.locator('[data-player-ad]').waitFor({ state: 'detached', timeout: 15_000 });
    await tapPlayIfAsked(page);
    const heights = (
      await page.$$eval('.plyr__menu [data-plyr="quality"]', (els) =>
        els.map((e) => Number(e.getAttribute('value'))),
      )
    ).filter((h) => h > 0);
    expect(heights.length).toBeGreaterThan(1);
    // Auto playing, with some buffer ahead.
    await expect
      .poll(async () => (await media(page))?.bufferedEnd ?? 0, { timeout: 20_000 })
      .toBeGreaterThan(10);
    await expect.poll(async () => (await media(page))?.height ?? 0).toBeGreaterThan(0);
    const modal = page.locator('.ink-switching');

    // 自动 again: nothing happens — no modal, no flushed buffer, nothing remembered.
    const before = (await media(page))!;
    await chooseQuality(page, 0);
    await page.waitForTimeout(1_000);
    const after = (await media(page))!;
    expect(await modal.count()).toBe(0);
    expect(after.bufferedStart).toBeLessThanOrEqual(before.bufferedStart + 0.1);
    expect(after.bufferedEnd).toBeGreaterThanOrEqual(before.bufferedEnd - 0.1);
    expect(await streamLevelCookie(page)).toBeNull();

    // The height auto plays: remembered, nothing to switch.
    const autoPick = after.height;
    expect(heights).toContain(autoPick);
    await chooseQuality(page, autoPick);
    await expect.poll(() => streamLevelCookie(page)).toBe(String(autoPick));
    expect(await modal.count()).toBe(0);

    // Another height: the modal names it and stays until it plays.
    const other = heights.find((h) => h !== autoPick)!;
    await chooseQuality(page, other);
    await modal.filter({ hasText: `正在为您切换至 ${other}P` }).waitFor({ timeout: 2_000 });
    await page.screenshot({ path: '/tmp/player-quality-switching.png' });
    await modal.waitFor({ state: 'detached', timeout: 20_000 });
    expect((await media(page))!.height).toBe(other);
    expect(await streamLevelCookie(page)).toBe(String(other));

    // The same again: nothing.
    await chooseQuality(page, other);
    await page.waitForTimeout(500);
    expect(await modal.count()).toBe(0);

    // Opened again: the remembered height is the one that plays, and it stays (auto does not take over).
    await page.reload();
    await playerUp(page, 30_000);
    await tapPlayIfAsked(page);
    await expect.poll(async () => (await media(page))?.height ?? 0, { timeout: 20_000 }).toBe(other);
    const from = (await media(page))!.t;
    await expect.poll(async () => (await media(page))?.t ?? 0, { timeout: 20_000 }).toBeGreaterThan(from + 4);
    expect((await media(page))!.height).toBe(other);
    expect(
      await page.locator(`.plyr__menu [data-plyr="quality"][value="${other}"]`).getAttribute('aria-checked'),
    ).toBe('true');

    // Back to auto: the modal shows for it too, until auto's level plays.
    await chooseQuality(page, 0);
    await modal.filter({ hasText: '正在为您切换至 自动' }).waitFor({ timeout: 2_000 });
    await modal.waitFor({ state: 'detached', timeout: 20_000 });
    expect(await streamLevelCookie(page)).toBe('0');
    expect((await media(page))!.paused).toBe(false);
  });
});
