import { randomBytes } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api, type Envelope, type Vod, type VodList } from '../../src/contract';
import { baseUrl, dismissDialogs, launchMobile, type Mobile, playerUp } from './helpers';

/**
 * The player's playlist panel and rotate/mirror menu in real Chromium as a 390×844 phone: the panel is
 * 30% of the player, marks the current video, moves to the next one through the detail page, shows the
 * boundary tip and closes by itself; rotation and mirror land in one transform on the <video> that fits
 * the player, also after the phone turns.
 */

async function getJson<T>(path: string): Promise<T> {
  const res = await fetch(`${baseUrl()}${path}`);
  const body = (await res.json()) as Envelope<T>;
  expect(body.result).toBe(true);
  return body.data;
}

const trace = `trace-${randomBytes(6).toString('hex')}`;

/** What a visitor's watch call says about a video (a separate visitor: the page registers its own). */
async function watchAs(token: string, vodId: number): Promise<Vod> {
  const res = await fetch(`${baseUrl()}${Api.vodWatch}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'x-trace-id': trace,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({ vodId: String(vodId) }),
  });
  const body = (await res.json()) as Envelope<Vod>;
  expect(body.result, JSON.stringify(body)).toBe(true);
  return body.data;
}

/** A new visitor with no coins sees the player for a bought video or one with a trial. */
const playable = (v: Vod) => v.bought || v.canTryWatch;

/**
 * Adverts (another part of the player) may cover it: close the closable ones, wait out the rest (a
 * start advert removes itself after its countdown).
 */
async function clearAds(page: Page) {
  const ads = page.locator('[data-player-ad], .ink-pause-ad');
  for (let i = 0; i < 10; i++) {
    const visible = ads.locator('visible=true');
    if ((await visible.count()) === 0) return;
    const close = visible.first().getByRole('button', { name: '关闭广告' });
    if (await close.count()) await close.first().click();
    else await visible.first().waitFor({ state: 'hidden', timeout: 20_000 });
  }
}

/**
 * Brings the player up with its control bar showing: the phone refuses autoplay with sound, so the
 * manual-play prompt is tapped, then playback pauses (plyr keeps its controls up while paused, and no
 * trial seconds are spent) and any advert is cleared.
 */
async function readyWithControls(page: Page) {
  await playerUp(page, 30_000);
  const prompt = page.locator('.ink-autoplay');
  await prompt.waitFor({ timeout: 5_000 }).catch(() => undefined);
  await clearAds(page);
  if (await prompt.count()) await prompt.click();
  await page.evaluate(() => document.querySelector<HTMLVideoElement>('.ink-player video')?.pause());
  await clearAds(page);
}

const box = async (l: Locator) => {
  const b = await l.boundingBox();
  expect(b).not.toBeNull();
  return b!;
};

describe('video playlist panel and rotate/mirror menu', () => {
  let m: Mobile;
  let page: Page;
  /** A video with a trial whose first recommendation also plays for a new visitor. */
  let start: Vod;

  beforeAll(async () => {
    const reg = await fetch(`${baseUrl()}${Api.register}`, {
      method: 'POST',
      headers: { 'x-trace-id': trace },
    });
    const { token } = ((await reg.json()) as Envelope<{ token: string }>).data;
    const list = await getJson<VodList>('/api/vod/page/0/1');
    for (const c of list.list) {
      const v = await watchAs(token, c.vodId);
      if (!playable(v) || v.guessLikeList.length < 2) continue;
      if (playable(await watchAs(token, v.guessLikeList[0]!.vodId))) {
        start = v;
        break;
      }
    }
    expect(start).toBeDefined();
    m = await launchMobile();
    page = m.page;
  });
  afterAll(async () => {
    await m?.close();
  });

  it('opens at 30% width, marks the current video, tips at the start, moves next and closes by itself', async () => {
    const watched = page.waitForResponse((r) => r.url().includes(Api.vodWatch));
    await page.goto(`/vod/detail?vodId=${start.vodId}`);
    // The playlist is what this page's own watch call returned: the video, then its recommendations.
    const shown = ((await (await watched).json()) as Envelope<Vod>).data;
    const names = [shown.vodName, ...shown.guessLikeList.map((g) => g.vodName)];
    const next = shown.guessLikeList[0]!;
    await dismissDialogs(page);
    await readyWithControls(page);

    const panel = page.getByRole('region', { name: '播放列表' });
    expect(await panel.isVisible()).toBe(false);
    const toggle = page.getByRole('button', { name: '播放列表' });
    await toggle.click();
    await panel.waitFor();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');

    const ratio = (await box(panel)).width / (await box(page.locator('.ink-player .plyr'))).width;
    expect(ratio).toBeGreaterThan(0.29);
    expect(ratio).toBeLessThan(0.31);

    const items = panel.getByRole('listitem');
    expect(await items.allInnerTexts()).toEqual(names);
    const current = panel.locator('[aria-current="true"]');
    expect(await current.count()).toBe(1);
    expect(await current.innerText()).toBe(shown.vodName);

    await panel.getByRole('button', { name: '上一个' }).click();
    await panel.getByRole('status').filter({ hasText: '已经是第一个了~' }).waitFor();
    expect(new URL(page.url()).searchParams.get('vodId')).toBe(String(shown.vodId));

    await panel.getByRole('button', { name: '下一个' }).click();
    await page.waitForURL((u) => u.searchParams.get('vodId') === String(next.vodId));
    await page.locator('.vod-title', { hasText: next.vodName }).waitFor();
    // The detail page replaced itself: back leaves the video pages rather than returning to the first.
    await playerUp(page, 30_000);

    // The new player opens with the panel (the user moved from it), the same list, the next item active.
    const reopened = page.getByRole('region', { name: '播放列表' });
    await reopened.waitFor();
    expect(await reopened.getByRole('listitem').allInnerTexts()).toEqual(names);
    const active = reopened.locator('[aria-current="true"]');
    expect(await active.innerText()).toBe(next.vodName);
    expect(await reopened.locator('.ink-playlist-item').nth(1).getAttribute('aria-current')).toBe('true');

    // Left alone, it closes by itself.
    await reopened.waitFor({ state: 'hidden', timeout: 10_000 });

    // And again from the button: not before its 5 s are up.
    await readyWithControls(page);
    await page.getByRole('button', { name: '播放列表' }).click();
    await reopened.waitFor();
    const opened = Date.now();
    await reopened.waitFor({ state: 'hidden', timeout: 10_000 });
    expect(Date.now() - opened).toBeGreaterThanOrEqual(4_500);
    expect(await page.getByRole('button', { name: '播放列表' }).getAttribute('aria-expanded')).toBe('false');
  });

  it('rotates in 45° steps with a fitting scale, mirrors, resets, and refits after the phone turns', async () => {
    await readyWithControls(page);
    const video = page.locator('.ink-player video');
    const transform = () => video.evaluate((v) => (v as HTMLVideoElement).style.transform);
    /** The scale a quarter turn needs: the picture object-fit: contain shows, turned into the box. */
    const quarterScale = () =>
      video.evaluate((el) => {
        const v = el as HTMLVideoElement;
        const W = v.clientWidth;
        const H = v.clientHeight;
        const k = v.videoWidth > 0 ? Math.min(W / v.videoWidth, H / v.videoHeight) : 1;
        const w = v.videoWidth > 0 ? v.videoWidth * k : W;
        const h = v.videoHeight > 0 ? v.videoHeight * k : H;
        return { scale: Math.min(W / h, H / w), W, H };
      });
    const scaleOf = (t: string) => Number(/scale\(([\d.]+)\)/.exec(t)?.[1]);

    expect(await transform()).toBe('');
    const menuButton = page.getByRole('button', { name: '旋转与镜像' });
    await menuButton.click();
    const menu = page.getByRole('menu', { name: '旋转与镜像' });
    await menu.waitFor();
    const right = menu.getByRole('menuitem', { name: '向右旋转45°' });
    await right.click();
    await expect.poll(transform).toMatch(/^rotate\(45deg\) scale\([\d.]+\)$/);
    await right.click();
    await expect.poll(transform).toMatch(/^rotate\(90deg\) scale\([\d.]+\)$/);
    const quarter = await transform();
    const want = await quarterScale();
    expect(scaleOf(quarter)).toBeCloseTo(want.scale, 3);
    // The turned element really fits the player: H×W scaled, centred in it.
    const v = await box(video);
    const player = await box(page.locator('.ink-player .plyr'));
    expect(v.width).toBeCloseTo(want.H * want.scale, 0);
    expect(v.height).toBeCloseTo(want.W * want.scale, 0);
    expect(v.y).toBeGreaterThanOrEqual(player.y - 1);
    expect(v.y + v.height).toBeLessThanOrEqual(player.y + player.height + 1);

    const mirror = menu.getByRole('menuitemcheckbox', { name: '镜像' });
    await mirror.click();
    await expect.poll(transform).toBe(`${quarter} scaleX(-1)`);
    expect(await mirror.getAttribute('aria-checked')).toBe('true');

    // Fullscreen on an upright phone gives a tall box: the quarter-turned picture grows to fill it.
    const refitted = (before: string) =>
      page.waitForFunction(
        (b) => {
          const t = document.querySelector<HTMLVideoElement>('.ink-player video')?.style.transform ?? '';
          return t !== b && t.startsWith('rotate(90deg)') && t.endsWith('scaleX(-1)');
        },
        before,
        { timeout: 5_000 },
      );
    const mirrored = `${quarter} scaleX(-1)`;
    await page.getByRole('button', { name: '全屏', exact: true }).click();
    await refitted(mirrored);
    const tall = await transform();
    expect(scaleOf(tall)).toBeGreaterThan(1);
    expect(scaleOf(tall)).toBeCloseTo((await quarterScale()).scale, 3);
    // The phone turns to landscape while in fullscreen: refitted to the wide box.
    await page.setViewportSize({ width: 844, height: 390 });
    await refitted(tall);
    const wide = await transform();
    expect(scaleOf(wide)).toBeLessThan(1);
    expect(scaleOf(wide)).toBeCloseTo((await quarterScale()).scale, 3);
    await page.setViewportSize({ width: 390, height: 844 });
    await refitted(wide);
    await clearAds(page);
    await page.getByRole('button', { name: '退出全屏' }).click();
    await page.waitForFunction(
      (want) => document.querySelector<HTMLVideoElement>('.ink-player video')?.style.transform === want,
      mirrored,
      { timeout: 5_000 },
    );

    await clearAds(page);
    if (!(await menu.isVisible())) await menuButton.click();
    await menu.getByRole('menuitem', { name: '还原' }).click();
    await expect.poll(transform).toBe('');
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
  });
});
