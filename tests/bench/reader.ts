/**
 * Reader figures in real Chromium (390×844 phone): time from tapping 下一章 to the next chapter's first
 * image painted, with the next chapter prefetched by the reader (target < 300 ms), and the cumulative
 * layout shift while a chapter loads and is scrolled through (target < 0.02).
 *
 * Runnable alone: `npx tsx tests/bench/reader.ts` (starts its own server; READER_BENCH_URL uses one
 * already running). Also a section of `npm run bench`.
 */
import type { Page } from 'playwright-core';
import { pathToFileURL } from 'node:url';
import { launchChromium, phoneContext } from './phone.js';
import { startServer } from './server.js';

const BOOKS = [1, 2, 3, 4, 5, 6];

export interface ReaderFigures {
  trials: number;
  mode: string;
  nextPaintMedianMs: number;
  nextPaintP90Ms: number;
  nextPaintMaxMs: number;
  nextPaintTargetMs: number;
  clsMax: number;
  clsMean: number;
  clsTarget: number;
}

/** Sums layout-shift entries (without recent input) from page start; read with `window.__cls`. */
const CLS_INIT = `
  // tsx keeps function names with a __name helper that functions passed to page.evaluate also call.
  window.__name = (f) => f;
  window.__cls = 0;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (!e.hadRecentInput) window.__cls += e.value;
  }).observe({ type: 'layout-shift', buffered: true });
`;

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((s.length - 1) * p))] ?? NaN;
};
const round = (x: number, d = 1) => Math.round(x * 10 ** d) / 10 ** d;

async function firstImageShown(page: Page) {
  await page.waitForFunction(
    () => {
      const img = document.querySelector<HTMLImageElement>('.chapter-page img');
      return !!img && img.complete && img.naturalWidth > 0;
    },
    undefined,
    { timeout: 30_000, polling: 50 },
  );
}

/** Scrolls a chapter top to bottom as a reader would, letting lazy pages load. */
async function readThrough(page: Page) {
  for (let i = 0; i < 40; i++) {
    const done = await page.evaluate(() => {
      window.scrollBy(0, window.innerHeight * 0.8);
      return window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2;
    });
    await page.waitForTimeout(120);
    if (done) break;
  }
}

/** Waits until the reader has fetched the next chapter's data and its first images. */
async function waitForPrefetch(page: Page, bookId: number, next: number) {
  await page.waitForFunction(
    ({ bookId, next }) => {
      const names = performance.getEntriesByType('resource').map((e) => e.name);
      const data = names.findIndex(
        (n) => n.includes('read_chapter') && n.includes(`bookId=${bookId}`) && n.includes(`number=${next}`),
      );
      return data >= 0 && names.slice(data).filter((n) => n.endsWith('.img')).length >= 1;
    },
    { bookId, next },
    { timeout: 30_000, polling: 100 },
  );
  // The prefetched images decode in the background; give them a moment as reading would.
  await page.waitForTimeout(800);
}

/** Taps 下一章 in the page and resolves with ms until the next chapter's first image is painted. */
function tapNextAndTime(page: Page, nextTitle: string): Promise<number> {
  return page.evaluate(async (title) => {
    window.scrollTo(0, 0);
    await new Promise((r) => requestAnimationFrame(() => r(null)));
    const btn = [...document.querySelectorAll<HTMLButtonElement>('nav[aria-label="阅读菜单"] button')].find(
      (b) => b.textContent === '下一章',
    );
    if (!btn) throw new Error('no 下一章 button');
    const t0 = performance.now();
    btn.click();
    return new Promise<number>((resolve, reject) => {
      const stop = setTimeout(() => reject(new Error('next chapter image not shown in 10 s')), 10_000);
      const check = () => {
        const img = document.querySelector<HTMLImageElement>(`.chapter-page img[alt="${title} 第1页"]`);
        if (img && img.complete && img.naturalWidth > 0) {
          // Painted: the frame after the decoded image is in the tree.
          void img
            .decode()
            .catch(() => undefined)
            .then(() =>
              requestAnimationFrame(() => {
                clearTimeout(stop);
                resolve(performance.now() - t0);
              }),
            );
        } else requestAnimationFrame(check);
      };
      check();
    });
  }, nextTitle);
}

export async function benchReader(): Promise<ReaderFigures[]> {
  const external = process.env.READER_BENCH_URL?.replace(/\/$/, '');
  const server = external ? null : await startServer();
  const base = external ?? server!.url;
  const browser = await launchChromium();
  try {
    const results: ReaderFigures[] = [];
    for (const mode of ['service worker', 'first visit (page-side decrypt)'] as const) {
      const context = await browser.newContext(
        phoneContext(base, {
          timezoneId: undefined,
          serviceWorkers: mode === 'service worker' ? 'allow' : 'block',
        }),
      );
      await context.addInitScript(CLS_INIT);
      const page = await context.newPage();
      await page.goto('/home');
      if (mode === 'service worker')
        await page.waitForFunction(
          async () => {
            const reg = await navigator.serviceWorker.getRegistration();
            return reg?.active?.state === 'activated';
          },
          undefined,
          { timeout: 60_000, polling: 250 },
        );
      const times: number[] = [];
      const shifts: number[] = [];
      for (const bookId of BOOKS) {
        const next = await page.evaluate(async (id) => {
          const res = await fetch(`/api/book/read_chapter?bookId=${id}&number=2`);
          const body = (await res.json()) as { result: boolean; data: { title: string } };
          return body.result ? body.data.title : null;
        }, bookId);
        if (!next) continue;
        // A fresh load of chapter 1: its layout shift while it loads and is read through.
        await page.goto(`/book/read/${bookId}/1`);
        await firstImageShown(page);
        await readThrough(page);
        await waitForPrefetch(page, bookId, 2);
        shifts.push(await page.evaluate(() => (window as unknown as { __cls: number }).__cls));
        times.push(await tapNextAndTime(page, next));
      }
      await context.close();
      results.push({
        trials: times.length,
        mode,
        nextPaintMedianMs: round(pct(times, 0.5)),
        nextPaintP90Ms: round(pct(times, 0.9)),
        nextPaintMaxMs: round(Math.max(...times)),
        nextPaintTargetMs: 300,
        clsMax: round(Math.max(...shifts), 4),
        clsMean: round(shifts.reduce((a, b) => a + b, 0) / Math.max(1, shifts.length), 4),
        clsTarget: 0.02,
      });
    }
    return results;
  } finally {
    await browser.close();
    await server?.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  benchReader().then(
    (r) => console.table(r),
    (err: unknown) => {
      console.error(err);
      process.exitCode = 1;
    },
  );
}
