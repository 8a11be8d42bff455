import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { PLAYER, type Envelope, type Vod, type VodList } from '../../src/contract';
import { baseUrl, dismissDialogs, launchMobile, type Mobile, playerUp } from './helpers';

/** A mode-8 'script' comment: shown as text, it must never run (the page would set this flag). */
const SCRIPT_DANMU = '<img src=x onerror="window.__inkDanmuRan=1">';

/**
 * The shipped catalogue has no security cases: this test adds a script comment to the candidate
 * videos' rows itself (the server's database, before any watch answer is asked for).
 */
function addScriptComment(vodIds: number[]): boolean {
  const dataDir = inject('dataDir');
  if (!dataDir) return false;
  const db = new SQLite(join(dataDir, 'inkreel.sqlite'));
  try {
    const insert = db.prepare(
      `insert into vod_danmu (vod_id, user_id, mode, stime, text, size, color, dur, border, opacity, font, shadow, position, motion, created_at)
       values (?, null, 8, 3000, ?, 18, ?, ?, 0, 1, '', 1, null, null, ?)`,
    );
    for (const id of vodIds)
      insert.run(id, SCRIPT_DANMU, 0xff5a5f, PLAYER.commentLifeMs, new Date().toISOString());
  } finally {
    db.close();
  }
  return true;
}

/**
 * Comments (danmu) on a demo video in real Chromium as a phone: the seeded comments of every mode come
 * on the video clock as plain text (the script comment never runs), a sent comment shows at once and
 * is in the watch answer after a reload, and the toggle hides the layer.
 */

interface Seen {
  text: string;
  stime: number;
  /** Video clock when it came, ms. */
  at: number;
  cls: string;
  children: number;
}
declare global {
  interface Window {
    __seenDanmu?: Seen[];
    __inkDanmuRan?: unknown;
  }
}

/** Records every comment element the page adds, so short-lived ones are not missed. */
function recordDanmu() {
  window.__seenDanmu = [];
  new MutationObserver((records) => {
    for (const r of records)
      for (const n of r.addedNodes)
        if (n instanceof HTMLElement && n.classList.contains('ink-danmu-item'))
          window.__seenDanmu!.push({
            text: n.textContent ?? '',
            stime: Number(n.dataset.stime),
            at: (document.querySelector('video')?.currentTime ?? 0) * 1000,
            cls: n.className,
            children: n.childElementCount,
          });
  }).observe(document, { childList: true, subtree: true });
}

/** Closes a closable advert or waits out a start advert (another part of the player adds them). */
async function clearAdverts(page: Page) {
  const ad = page.locator('[data-player-ad]');
  for (let i = 0; i < 20 && (await ad.count()) > 0; i++) {
    const close = page.getByRole('button', { name: '关闭广告' });
    if (await close.count())
      await close
        .first()
        .click({ timeout: 2_000 })
        .catch(() => undefined);
    else
      await ad
        .first()
        .waitFor({ state: 'detached', timeout: 15_000 })
        .catch(() => undefined);
  }
}

async function startPlayback(page: Page) {
  await playerUp(page, 30_000);
  await clearAdverts(page);
  const prompt = page.locator('.ink-autoplay');
  await prompt.waitFor({ timeout: 5_000 }).catch(() => undefined);
  if (await prompt.count()) await prompt.click();
  else await page.evaluate(() => document.querySelector<HTMLVideoElement>('.ink-player video')?.play());
  await clearAdverts(page);
}

const seenTexts = (page: Page) => page.evaluate(() => window.__seenDanmu ?? []);

async function openVideo(page: Page, vodId: number): Promise<Vod> {
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/vod/watch'));
  await page.goto(`/vod/detail?vodId=${vodId}`);
  const body = (await (await answer).json()) as Envelope<Vod>;
  expect(body.result).toBe(true);
  return body.data;
}

describe('video comments (danmu)', () => {
  let m: Mobile;
  let page: Page;
  let vod: Vod;
  let withScript = false;

  beforeAll(async () => {
    m = await launchMobile();
    page = m.page;
    await page.addInitScript(recordDanmu);
    const res = await fetch(`${baseUrl()}/api/vod/page/0/1`);
    const list = ((await res.json()) as Envelope<VodList>).data.list;
    withScript = addScriptComment(list.filter((v) => v.vodPointsPlay > 0).map((v) => v.vodId));
    // A paid video with a trial: a new visitor (no coins) watches its first 40 s.
    for (const c of list.filter((v) => v.vodPointsPlay > 0)) {
      const v = await openVideo(page, c.vodId);
      if (v.canTryWatch) {
        vod = v;
        break;
      }
    }
    expect(vod, 'a demo video with a trial').toBeDefined();
    await dismissDialogs(page);
  });
  afterAll(async () => {
    await m?.close();
  });

  it('seeded comments of every mode come as text on the video clock; the script one never runs', async () => {
    const early = vod.danmuList.filter((d) => d.stime <= 4_500);
    const modes = [1, 4, 5, 6, 7, 17, ...(withScript ? [8] : [])];
    expect(new Set(early.map((d) => d.mode))).toEqual(new Set(modes));
    if (withScript) expect(early.find((d) => d.mode === 8)?.text).toBe(SCRIPT_DANMU);
    await startPlayback(page);
    await expect
      .poll(async () => (await seenTexts(page)).map((s) => s.text), { timeout: 30_000 })
      .toEqual(expect.arrayContaining(early.map((d) => d.text)));
    const seen = await seenTexts(page);
    const byText = (text: string) => seen.find((s) => s.text === text)!;
    const cls = (mode: number) => byText(early.find((d) => d.mode === mode)!.text).cls;
    expect(cls(1)).toContain('rtl');
    expect(cls(4)).toContain('bottom');
    expect(cls(5)).toContain('top');
    expect(cls(6)).toContain('ltr');
    expect(cls(7)).toContain('positioned');
    expect(cls(17)).toContain('positioned');
    // Plain text nodes only: the script comment's markup stayed text and nothing ran.
    expect(seen.every((s) => s.children === 0)).toBe(true);
    if (withScript) expect(byText(SCRIPT_DANMU).cls).toContain('rtl');
    expect(await page.locator('.ink-danmu img').count()).toBe(0);
    expect(await page.evaluate(() => window.__inkDanmuRan)).toBeUndefined();
    // Each came on the video clock: not before its stime, and at most a tick or two after it.
    for (const s of seen) {
      expect(s.at).toBeGreaterThanOrEqual(s.stime);
      expect(s.at - s.stime).toBeLessThan(1_500);
    }

    await page.screenshot({ path: '/tmp/video-danmu-e2e.png' });
    // Pausing the video pauses the comments on screen.
    await page.evaluate(() => document.querySelector('video')!.pause());
    expect(await page.locator('.ink-danmu-item').count()).toBeGreaterThan(0);
    const states = () =>
      page.evaluate(() =>
        [...document.querySelectorAll('.ink-danmu-item')].flatMap((e) =>
          e.getAnimations().map((a) => a.playState),
        ),
      );
    expect(new Set(await states())).toEqual(new Set(['paused']));
    // A seek of 2 s or more clears the screen and picks up the comments from the new time.
    await page.evaluate(() => {
      document.querySelector('video')!.currentTime = 20;
    });
    await expect
      .poll(() =>
        page.$$eval(
          '.ink-danmu-item',
          (els) => els.filter((e) => Number((e as HTMLElement).dataset.stime) < 20_000).length,
        ),
      )
      .toBe(0);
    await page.evaluate(() => document.querySelector('video')!.play());
    await expect.poll(() => page.locator('.ink-danmu-item').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    const after = await page.$$eval('.ink-danmu-item', (els) =>
      els.map((e) => Number((e as HTMLElement).dataset.stime)),
    );
    expect(after.every((t) => t >= 20_000)).toBe(true);
    expect(new Set(await states())).toEqual(new Set(['running']));
  });

  it('a sent comment shows at once and is in the watch answer after a reload; the toggle hides them', async () => {
    await clearAdverts(page);
    const text = `弹幕测试${Date.now() % 100_000}`;
    const posted = page.waitForResponse((r) => r.url().endsWith('/api/vod/danmu'));
    await page.getByPlaceholder('发个弹幕吧').fill(text);
    await page.getByRole('button', { name: '发送', exact: true }).click();
    await page.locator('.ink-danmu-item', { hasText: text }).waitFor();
    expect(await page.getByPlaceholder('发个弹幕吧').inputValue()).toBe('');
    const answer = (await (await posted).json()) as Envelope<{ text: string; stime: number }>;
    expect(answer).toMatchObject({ result: true, data: { text } });

    await page.getByRole('button', { name: '弹幕', exact: true }).click();
    expect(await page.locator('.ink-danmu').count()).toBe(0);
    await page.getByRole('button', { name: '弹幕', exact: true }).click();
    await page.locator('.ink-danmu').waitFor({ state: 'attached' });

    const reload = page.waitForResponse((r) => r.url().endsWith('/api/vod/watch'));
    await page.reload();
    const after = ((await (await reload).json()) as Envelope<Vod>).data;
    expect(after.danmuList.filter((d) => d.text === text)).toEqual([
      expect.objectContaining({ mode: 1, stime: answer.data.stime }),
    ]);
  });
});
