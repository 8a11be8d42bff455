/**
 * Resume inside a chapter: the reader leaves a long chapter midway, and reopening it — from the history,
 * after a reload, on a wider screen, with no connection — lands on the same page at the same depth. A
 * chapter read to its end opens at the top again.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRERENDER_ELEMENT_ID, ReaderText } from '../../src/contract';
import { dismissDialogs, launchMobile, waitForFirstPage, waitForServiceWorker, type Mobile } from './helpers';
import { readRecord } from './device-records';

let m: Mobile;
let bookId: number;
let bookTitle: string;

interface Spot {
  page: number;
  fraction: number;
  count: number;
  scrollY: number;
}

/**
 * Where the top of the view is, measured here independently of the app: page index and depth. Pages
 * are counted in the copy shown (as in topOf): a landing page's #prerender holds the server's copy
 * while the app renders the same one unseen, in the same place, into #root, so until they swap a count
 * of the whole document is doubled.
 */
const spotInView = (page: Page): Promise<Spot> =>
  page.evaluate((pre) => {
    const shown = document.getElementById(pre) ?? document;
    const pages = Array.from(shown.querySelectorAll('.chapter-pages > .chapter-page'));
    const y = window.scrollY;
    const tops = pages.map((p) => p.getBoundingClientRect().top + y);
    let i = 0;
    tops.forEach((top, k) => {
      if (top <= y + 0.5) i = k;
    });
    const height = pages[i]!.getBoundingClientRect().height;
    return { page: i, fraction: Math.max(0, (y - tops[i]!) / height), count: pages.length, scrollY: y };
  }, PRERENDER_ELEMENT_ID);

/** Depth in pages: page 3 at 0.4 is 3.4. */
const depth = (s: { page: number; fraction: number }) => s.page + s.fraction;

/** Scrolls with the mouse wheel (the reader's own input, not a script) until the view's top is at `to`. */
async function wheelTo(page: Page, to: number): Promise<void> {
  await page.mouse.move(195, 400);
  for (let i = 0; i < 8; i++) {
    const y = await page.evaluate(() => window.scrollY);
    if (Math.abs(y - to) < 3) return;
    await page.mouse.wheel(0, to - y);
    // The wheel's scroll has settled: the same scrollY over 5 painted frames (or 2 s at most).
    await page.evaluate(
      () =>
        new Promise<void>((settled) => {
          let last = window.scrollY;
          let still = 0;
          const giveUp = setTimeout(settled, 2_000);
          const frame = () => {
            still = window.scrollY === last ? still + 1 : 0;
            last = window.scrollY;
            if (still >= 5) {
              clearTimeout(giveUp);
              settled();
            } else requestAnimationFrame(frame);
          };
          requestAnimationFrame(frame);
        }),
    );
  }
}

/** The scroll top of page `i` at `fraction` of its height. */
const topOf = (page: Page, i: number, fraction: number) =>
  page.evaluate(
    ([k, f, pre]) => {
      const shown = document.getElementById(pre) ?? document;
      const el = shown.querySelectorAll('.chapter-pages > .chapter-page')[k]!;
      const r = el.getBoundingClientRect();
      return r.top + window.scrollY + f * r.height;
    },
    [i, fraction, PRERENDER_ELEMENT_ID] as const,
  );

/** The position the app saved on the device for a chapter (null: none yet). */
const savedPosition = (page: Page, number: number) =>
  readRecord<{ page: number; fraction: number; finished: boolean }>(page, 'inkreel', 'readPositions', [
    bookId,
    number,
  ]);

async function waitForSaved(
  page: Page,
  number: number,
  ok: (s: { page: number; fraction: number; finished: boolean }) => boolean,
) {
  let saved: Awaited<ReturnType<typeof savedPosition>> = null;
  await expect
    .poll(async () => (saved = await savedPosition(page, number)) !== null && ok(saved), {
      message: `position of chapter ${number} saved`,
      timeout: 10_000,
    })
    .toBe(true);
  return saved!;
}

/** Waits until the view's top is at `want` (within 2% of a page), then checks it stays there. */
async function expectLandedAt(page: Page, want: Spot) {
  await page.locator('.chapter-pages > .chapter-page').first().waitFor({ timeout: 20_000 });
  let got = await spotInView(page);
  await expect
    .poll(async () => Math.abs(depth((got = await spotInView(page))) - depth(want)), { timeout: 10_000 })
    .toBeLessThanOrEqual(0.02);
  expect(got.page).toBe(want.page);
  expect(Math.abs(depth(got) - depth(want))).toBeLessThanOrEqual(0.02);
  // Nothing pulls it away afterwards (late layout, the router's own scroll restoration).
  await page.waitForTimeout(1_800);
  expect(Math.abs(depth(await spotInView(page)) - depth(want))).toBeLessThanOrEqual(0.02);
  return got;
}

async function openFromHistory(page: Page) {
  await page.goto('/shelf?active=history');
  await page.getByRole('link', { name: new RegExp(`^继续阅读 ${bookTitle}`) }).click();
  await page.waitForURL(new RegExp(`/book/read/${bookId}/\\d+$`), { timeout: 15_000 });
}

beforeAll(async () => {
  m = await launchMobile();
  await m.page.goto('/home');
  await dismissDialogs(m.page);
  await waitForServiceWorker(m.page);
  ({ bookId, bookTitle } = await m.page.evaluate(async () => {
    for (let id = 1; id <= 60; id++) {
      const res = await fetch(`/api/book/detail/${id}`);
      if (!res.ok) continue;
      const body = (await res.json()) as {
        data: { book: { title: string }; chapterList: { number: number; price: number }[] };
      };
      const [c1, c2] = body.data.chapterList;
      if (c1?.price === 0 && c2?.price === 0) return { bookId: id, bookTitle: body.data.book.title };
    }
    throw new Error('no demo book with two free chapters');
  }));
});
afterAll(async () => {
  await m?.close();
});

describe('resume inside a chapter', () => {
  let left: Spot;

  it('lands where the chapter was left when it is reopened from the history', async () => {
    const { page } = m;
    await page.goto(`/book/read/${bookId}/1`);
    await dismissDialogs(page, 500);
    await waitForFirstPage(page);
    const { count } = await spotInView(page);
    expect(count).toBeGreaterThanOrEqual(4);
    // Past the middle of the chapter, 40% down a page.
    const mid = Math.floor(count / 2);
    await wheelTo(page, await topOf(page, mid, 0.4));
    left = await spotInView(page);
    expect(left.page).toBe(mid);
    await waitForSaved(page, 1, (s) => s.page === left.page && Math.abs(s.fraction - left.fraction) < 0.01);

    await page.goto('/shelf?active=history');
    await page
      .getByRole('tabpanel')
      .getByText(ReaderText.pageOf(left.page + 1, count))
      .waitFor();
    await page.getByRole('link', { name: new RegExp(`^继续阅读 ${bookTitle}`) }).click();
    await page.waitForURL(new RegExp(`/book/read/${bookId}/1$`), { timeout: 15_000 });
    await page
      .getByRole('status')
      .getByText(ReaderText.resumedAt(left.page + 1))
      .waitFor();
    await expectLandedAt(page, left);
    // The page landed on shows its picture.
    await page.waitForFunction(
      (k) => {
        const img = document
          .querySelectorAll<HTMLImageElement>('.chapter-pages > .chapter-page')
          [k]?.querySelector('img');
        return !!img && img.complete && img.naturalWidth > 0;
      },
      left.page,
      { timeout: 20_000, polling: 100 },
    );
  });

  it('lands there again after a reload, and on a wider screen at the same depth of the page', async () => {
    const { page } = m;
    await page.reload();
    await expectLandedAt(page, left);

    await page.setViewportSize({ width: 430, height: 932 });
    try {
      await page.reload();
      const wide = await expectLandedAt(page, left);
      // Same page and depth, different pixels: the pages are taller on the wider screen.
      expect(wide.scrollY).toBeGreaterThan(left.scrollY + 20);
    } finally {
      await page.setViewportSize({ width: 390, height: 844 });
    }
  });

  it('lands there with no connection, for a chapter kept on the phone', async () => {
    const { page, context } = m;
    await context.setOffline(true);
    try {
      await openFromHistory(page);
      await expectLandedAt(page, left);
      await page.reload();
      await expectLandedAt(page, left);
    } finally {
      await context.setOffline(false);
    }
  });

  it('opens a chapter read to its end at the top; the catalogue opens one left midway where it was', async () => {
    const { page } = m;
    await page.goto(`/book/read/${bookId}/2`);
    await waitForFirstPage(page);
    // To the end of the chapter.
    await wheelTo(
      page,
      await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight),
    );
    await waitForSaved(page, 2, (s) => s.finished);

    await page.goto(`/book/${bookId}/catalog`);
    await page.locator(`a[href$="/book/read/${bookId}/2"]`).click();
    await page.waitForURL(new RegExp(`/book/read/${bookId}/2$`), { timeout: 15_000 });
    await waitForFirstPage(page);
    await page.waitForTimeout(1_500);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(await page.getByRole('status').count()).toBe(0);

    await page.goto(`/book/${bookId}/catalog`);
    await page.locator(`a[href$="/book/read/${bookId}/1"]`).click();
    await page.waitForURL(new RegExp(`/book/read/${bookId}/1$`), { timeout: 15_000 });
    await expectLandedAt(page, left);
  });

  it('leaves a reader who scrolls before the saved spot is known where they scrolled to', async () => {
    // Its own phone with no service worker, so the resume code's request can be held back.
    const other = await launchMobile({ serviceWorkers: 'block' });
    try {
      const { page } = other;
      await page.goto(`/book/read/${bookId}/1`);
      await dismissDialogs(page, 500);
      await waitForFirstPage(page);
      const { count } = await spotInView(page);
      await wheelTo(page, await topOf(page, Math.floor(count / 2), 0.4));
      const saved = await spotInView(page);
      await waitForSaved(page, 1, (s) => s.page === saved.page);
      // The history is written apart from the position: leaving before it is in would drop it.
      await expect
        .poll(() => readRecord(page, 'inkreel', 'history', bookId), { timeout: 20_000 })
        .not.toBeNull();

      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(/\/assets\/resume-session-[^/]+\.js$/, async (route) => {
        await held;
        await route.continue();
      });
      await page.goto('/shelf?active=history');
      await page.getByRole('link', { name: new RegExp(`^继续阅读 ${bookTitle}`) }).click();
      await page.waitForURL(new RegExp(`/book/read/${bookId}/1$`), { timeout: 15_000 });
      await waitForFirstPage(page);
      await wheelTo(page, await topOf(page, 1, 0.25));
      const mine = await spotInView(page);
      release();
      await page.waitForTimeout(2_000);
      expect(Math.abs((await spotInView(page)).scrollY - mine.scrollY)).toBeLessThan(2);
      expect(await page.getByRole('status').count()).toBe(0);
      // Where they are now is what is kept.
      await waitForSaved(page, 1, (s) => s.page === mine.page && Math.abs(s.fraction - mine.fraction) < 0.01);
    } finally {
      await other.close();
    }
  });
});
