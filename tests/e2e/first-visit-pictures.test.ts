/**
 * Every picture on a new visitor's first /home (issue 29). The service worker installs during that
 * visit and takes the page over (clients.claim): from then on it answers the page's own fetch() of a
 * `.img` with the picture it decrypted itself. The page took those plain bytes for ciphertext, failed to
 * decrypt them and kept the placeholder for good: 9 of them on each fresh visit (2 banners and covers
 * of 精品推荐 and 新书速递). Five new visitors in a row, each scrolled to the bottom, see none.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLACEHOLDER_IMAGE_PATH } from '../../src/contract';
import { launchChromium, phoneContext } from '../bench/phone';
import { baseUrl, waitForAppScreen, waitForServiceWorker } from './helpers';

type Browser = Awaited<ReturnType<typeof launchChromium>>;

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(() => browser?.close());

interface Pictures {
  /**
   * Boxes showing the placeholder (by its URL, or a loaded picture of the placeholder's own size), each
   * as where it is on the page (x, y) and its label's start.
   */
  placeholders: string[];
  /** Boxes on the screen's width whose picture has not arrived (yet), described as the placeholders. */
  waiting: string[];
  shown: number;
}

/**
 * The app's pictures as the visitor sees them. A box off to the side (a carousel's next slides) counts
 * once it has a picture element. `bottom`: only boxes above this page offset (what was scrolled past).
 */
function pictures(page: Page, bottom = Infinity): Promise<Pictures> {
  return page.evaluate(
    async ({ placeholder, bottom }) => {
      const probe = new Image();
      probe.src = placeholder;
      await probe.decode().catch(() => undefined);
      const out = { placeholders: [] as string[], waiting: [] as string[], shown: 0 };
      for (const box of document.querySelectorAll<HTMLElement>('#root .secure-img')) {
        const r = box.getBoundingClientRect();
        if (r.top + scrollY > bottom) continue;
        const onWidth = r.right > 0 && r.left < innerWidth;
        const img = box.querySelector('img');
        // Where it is (page x, y), the card's or section's words, and what the <img> holds: enough to
        // tell a CI failure's pictures apart.
        const words = box.closest('.link-card, section, .carousel')?.textContent?.slice(0, 12) ?? '';
        const src = img?.getAttribute('src') ?? 'no img';
        const kind = src.startsWith('blob:') || src.startsWith('data:') ? src.slice(0, 5) : src.slice(-24);
        const where = `${Math.round(r.left)},${Math.round(r.top + scrollY)} ${words} [${kind}${img && !img.complete ? ', loading' : ''}]`;
        if (!img) {
          if (onWidth) out.waiting.push(where);
          continue;
        }
        const isPlaceholder =
          img.getAttribute('src') === placeholder ||
          (img.complete &&
            (img.naturalWidth === 0 ||
              (img.naturalWidth === probe.naturalWidth && img.naturalHeight === probe.naturalHeight)));
        if (isPlaceholder) out.placeholders.push(where);
        else if (img.complete) out.shown++;
        // A slide off to the side loads lazily, once it is shown.
        else if (onWidth) out.waiting.push(where);
      }
      return out;
    },
    { placeholder: PLACEHOLDER_IMAGE_PATH, bottom },
  );
}

/** Waits until every picture scrolled past (above `bottom`) has arrived: shown or placeholder. */
async function settled(page: Page, bottom: number) {
  await page.waitForFunction(
    (bottom) =>
      [...document.querySelectorAll<HTMLElement>('#root .secure-img')].every((box) => {
        const r = box.getBoundingClientRect();
        if (r.top + scrollY > bottom || r.right <= 0 || r.left >= innerWidth) return true;
        const img = box.querySelector('img');
        return !!img && img.complete;
      }),
    bottom,
    { timeout: 30_000, polling: 100 },
  );
}

/** Resolves once no picture shows the placeholder and none on the screen's width is still coming. */
const allShown = (page: Page, timeout: number) =>
  expect
    .poll(() => pictures(page), { timeout, interval: 250 })
    .toMatchObject({ placeholders: [], waiting: [] });

/**
 * Scrolls a screen at a time, each time once the pictures in view have arrived, to the bottom (`dir` 1)
 * or the top (-1).
 */
async function scrollThrough(page: Page, dir: 1 | -1 = 1) {
  for (let step = 0; step < 60; step++) {
    const at = await page.evaluate(() => ({
      top: scrollY,
      bottom: scrollY + innerHeight,
      end: document.documentElement.scrollHeight,
    }));
    await settled(page, at.bottom);
    if (dir === 1 ? at.bottom >= at.end - 1 : at.top <= 0) return;
    await page.evaluate((dir) => scrollBy(0, dir * innerHeight * 0.8), dir);
    // The scroll has taken effect (a smooth scroll or a growing page: any movement).
    await page.waitForFunction((before) => scrollY !== before, at.top, { timeout: 5_000 });
  }
  throw new Error('home did not end within 60 screens');
}

describe("a new visitor's first /home", () => {
  it('shows every picture, none left as the placeholder, five fresh visitors in a row', async () => {
    const seen: Pictures[] = [];
    for (let visit = 0; visit < 5; visit++) {
      const context = await browser.newContext(phoneContext(baseUrl(), { reducedMotion: 'reduce' }));
      try {
        const page = await context.newPage();
        page.on('pageerror', (err) => console.error('[pageerror]', err.message));
        await page.goto('/home');
        await waitForAppScreen(page);
        // The visitor looks at the first screen while the worker installs and takes the page over; the
        // pictures further down, already on the page, are asked for only as they come near the view.
        await waitForServiceWorker(page);
        await scrollThrough(page);
        // Pictures that failed come back by themselves; give them the time a visitor would.
        await allShown(page, 15_000).catch(() => undefined);
        seen.push(await pictures(page));
      } finally {
        await context.close();
      }
    }
    console.log(
      '[first-visit-pictures] placeholders per visit:',
      seen.map((s) => s.placeholders.length).join(', '),
    );
    for (const s of seen) {
      expect(s.placeholders, JSON.stringify(s)).toEqual([]);
      expect(s.waiting, JSON.stringify(s)).toEqual([]);
      expect(s.shown).toBeGreaterThan(10);
    }
  }, 600_000);

  it('a picture the network refused shows once it is scrolled into view again, without a reload', async () => {
    // No worker: the page fetches and decrypts each picture itself, and page.route sees every request.
    const context = await browser.newContext(
      phoneContext(baseUrl(), { reducedMotion: 'reduce', serviceWorkers: 'block' }),
    );
    try {
      const page = await context.newPage();
      // The pictures fail (as on a dropped connection); home's calls do not.
      await page.route(/\.img$/, (route) => route.abort('internetdisconnected'));
      await page.goto('/home');
      await waitForAppScreen(page);
      await scrollThrough(page);
      const failed = await pictures(page);
      expect(failed.placeholders.length).toBeGreaterThan(10);

      await page.unroute(/\.img$/);
      // Up to the top and down again: every box leaves the view and comes back into it.
      await scrollThrough(page, -1);
      await scrollThrough(page);
      await allShown(page, 20_000);
      expect((await pictures(page)).shown).toBeGreaterThan(failed.shown + 10);
    } finally {
      await context.close();
    }
  }, 120_000);
});
