import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { PLAYER, type Envelope, type Vod } from '../../src/contract';
import { fullTrialVideos, subtitleTracks } from './demo-videos';
import { clearAdverts, dismissDialogs, launchMobile, type Mobile, playerUp } from './helpers';

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

async function startPlayback(page: Page) {
  await playerUp(page, 30_000);
  await clearAdverts(page);
  const prompt = page.locator('.ink-autoplay');
  await prompt.waitFor({ timeout: 5_000 }).catch(() => undefined);
  if (await prompt.count()) await prompt.click();
  else await page.evaluate(() => document.querySelector<HTMLVideoElement>('.ink-player video')?.play());
  await clearAdverts(page);
}

/**
 * Watches the stage for 180 frames: comments (scrolling, pinned top, pinned bottom) whose visible boxes
 * overlap, and comments over a subtitle cue. Positioned comments (modes 7 and 17) are
 * placed by their authors and left out.
 */
const legibilityFaults = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<string[]>((resolve) => {
        const found = new Set<string>();
        const kind = (e: Element) =>
          e.classList.contains('positioned')
            ? null
            : e.classList.contains('top')
              ? 'top'
              : e.classList.contains('bottom')
                ? 'bottom'
                : 'scroll';
        const clip = (r: DOMRect, s: DOMRect) =>
          new DOMRect(
            Math.max(r.left, s.left),
            r.top,
            Math.max(0, Math.min(r.right, s.right) - Math.max(r.left, s.left)),
            r.height,
          );
        const hit = (a: DOMRect, b: DOMRect) =>
          a.width > 0 &&
          b.width > 0 &&
          a.left < b.right - 1 &&
          b.left < a.right - 1 &&
          a.top < b.bottom - 1 &&
          b.top < a.bottom - 1;
        let frames = 0;
        const step = () => {
          const stage = document.querySelector('.ink-danmu')?.getBoundingClientRect();
          if (stage) {
            const items = [...document.querySelectorAll('.ink-danmu-item')].flatMap((e) => {
              const k = kind(e);
              return k ? [{ k, text: e.textContent, r: clip(e.getBoundingClientRect(), stage) }] : [];
            });
            const cues = [...document.querySelectorAll('.ink-subtitles span')].map((e) =>
              e.getBoundingClientRect(),
            );
            items.forEach((a, i) => {
              items.slice(i + 1).forEach((b) => {
                if (hit(a.r, b.r)) found.add(`${a.text} (${a.k}) / ${b.text} (${b.k})`);
              });
              cues.forEach((c) => hit(a.r, c) && found.add(`${a.text} over a cue`));
            });
          }
          if (++frames < 180) requestAnimationFrame(step);
          else resolve([...found]);
        };
        requestAnimationFrame(step);
      }),
  );

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
    const list = await fullTrialVideos();
    withScript = addScriptComment(list.map((v) => v.vodId));
    // A paid video with the full 40 s trial a new visitor (no coins) watches, whose subtitles are on
    // from the start (a narrated one: the legibility check needs cues on the picture).
    for (const c of list) {
      const v = await openVideo(page, c.vodId);
      if (v.canTryWatch && (await subtitleTracks(v.vodPlayUrl)).some((t) => t.default)) {
        vod = v;
        break;
      }
    }
    expect(vod, 'a demo video with a trial and subtitles on').toBeDefined();
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

    // Legible: for 3 s of playback, no two comments overlap on the stage (scrolling or pinned), and none
    // covers a subtitle cue (this video's Chinese subtitles are on from the start).
    expect(await legibilityFaults(page)).toEqual([]);
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
    // At once, once, and highlighted as one's own (Bilibili's box): a white outline around it.
    const own = page.locator('.ink-danmu-item.own', { hasText: text });
    await own.waitFor();
    expect(await page.locator('.ink-danmu-item', { hasText: text }).count()).toBe(1);
    expect(
      await own.evaluate((e) => {
        const s = getComputedStyle(e);
        return [s.outlineStyle, parseFloat(s.outlineWidth) >= 1, s.outlineColor];
      }),
    ).toEqual(['solid', true, 'rgb(255, 255, 255)']);
    // Once it is wholly on the stage, a picture of it among the others.
    await page.waitForFunction(
      (t) => {
        const e = [...document.querySelectorAll('.ink-danmu-item.own')].find((x) => x.textContent === t);
        const s = document.querySelector('.ink-danmu')?.getBoundingClientRect();
        return !e || !s || e.getBoundingClientRect().right < s.right - 40;
      },
      text,
      { timeout: 10_000 },
    );
    await page.screenshot({ path: '/tmp/video-danmu-own.png' });
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
