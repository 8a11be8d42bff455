import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountText, ShellMsg } from '../../src/contract';
import { readRecord } from './device-records';
import { dismissDialogs, launchMobile, type Mobile } from './helpers';

/**
 * One thing at a time on a 390×844 phone, measured with geometry: the add-to-home-screen banner never
 * covers the home header's search box and never shows while a modal dialog is open (it waits for the
 * daily sign-in); at no scroll position of home or Mine does a floating button (签到, 投诉, 充值) sit over
 * content, and each stays on screen; catalogue titles ellipsize without losing their start and chapter
 * pictures are not cropped.
 * Screenshots go to tests/bench/reports/screens/layout-*.png.
 */
const SCREENS_DIR = resolve(import.meta.dirname, '..', 'bench', 'reports', 'screens');
const shot = (page: Page, name: string) => page.screenshot({ path: join(SCREENS_DIR, `layout-${name}.png`) });

/** iOS Safari: the browser where the banner offers the add-to-home-screen steps. */
const IOS_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

const MODAL = '[role="dialog"][aria-modal="true"]';

interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}
const overlaps = (a: Box, b: Box) =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

const rect = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((el): Box => {
      const r = el.getBoundingClientRect();
      return { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
    });

/** Scrolls to the very bottom and waits for the page to stop growing (lazy sections, images). */
async function scrollToBottom(page: Page) {
  let last = -1;
  for (let i = 0; i < 20; i++) {
    const h = await page.evaluate(() => {
      window.scrollTo(0, document.documentElement.scrollHeight);
      return document.documentElement.scrollHeight;
    });
    if (h === last) break;
    last = h;
    // More of the page arrives (a list's next page) or, within 1.5 s, none does: the bottom is reached.
    await page
      .waitForFunction((before) => document.documentElement.scrollHeight !== before, h, { timeout: 1_500 })
      .catch(() => undefined);
  }
}

/**
 * The links and buttons inside `scope` that are on screen (above the tab bar) but not the topmost
 * thing at their centre: something (a floating button) covers them.
 */
function coveredControls(page: Page, scope: string): Promise<string[]> {
  return page.evaluate((scope) => {
    const tabbar = document.querySelector('.tabbar')?.getBoundingClientRect().top ?? innerHeight;
    // Rows scrolled up under the sticky header are out of view, like those above the screen.
    const header = document.querySelector('.page-header, .home-header')?.getBoundingClientRect().bottom ?? 0;
    const out: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>(
      `${scope} a, ${scope} button, ${scope} .mine-row-arrow`,
    )) {
      // What is drawn (a right-aligned 全部阅读历史 › in a full-width link), not the whole box.
      const range = document.createRange();
      range.selectNodeContents(el);
      const drawn = range.getBoundingClientRect();
      const r = drawn.width > 0 && drawn.height > 0 ? drawn : el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0 || r.top < header || r.bottom > tabbar) continue;
      const x = r.left + r.width / 2;
      const y = r.top + r.height / 2;
      // Scrolled out sideways (a carousel's other slides, the end of a row of tabs): not on screen.
      if (x < 0 || x > innerWidth) continue;
      const hit = document.elementFromPoint(x, y);
      const row = el.closest('a, button, .mine-row') ?? el;
      if (!hit || !(el.contains(hit) || row.contains(hit))) {
        out.push(
          `${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim()} ← ${hit?.tagName}.${hit?.getAttribute('class')}`,
        );
      }
    }
    return out;
  }, scope);
}

/** Home's floating buttons: 签到 and 投诉 in its header, the comics bar's 充值. */
const FLOATS = ['.home-act.sign', '.home-act.complaint', '.fab-topup'];
/** The strips of their own the floating buttons live in: what they may stand on. */
const STRIPS = '.tabbar, .home-header, .page-header';

/**
 * The floating buttons of `selectors` that sit over the screen's content: at points across each one's
 * box, the first thing under it must be its own strip (tab bar or header), never a cover, a title or a
 * row. Also those not wholly on screen (the spec keeps them there).
 */
function floatsOverContent(page: Page, selectors: string[]): Promise<string[]> {
  return page.evaluate(
    ({ selectors, strips }) => {
      const out: string[] = [];
      for (const sel of selectors) {
        const el = document.querySelector<HTMLElement>(sel);
        if (!el) {
          out.push(`${sel}: missing`);
          continue;
        }
        const r = el.getBoundingClientRect();
        if (r.width === 0 || r.top < 0 || r.left < 0 || r.bottom > innerHeight || r.right > innerWidth) {
          out.push(`${sel}: not on screen`);
          continue;
        }
        for (const fx of [0.15, 0.5, 0.85])
          for (const fy of [0.15, 0.5, 0.85]) {
            const stack = document.elementsFromPoint(r.left + r.width * fx, r.top + r.height * fy);
            const under = stack.find((e) => !el.contains(e));
            if (under && !under.closest(strips)) {
              out.push(`${sel} over ${under.tagName.toLowerCase()}.${under.className}`);
              break;
            }
          }
      }
      return out;
    },
    { selectors, strips: STRIPS },
  );
}

/** Scroll offsets from the top to the bottom of the page, in `steps` even steps. */
async function scrollStops(page: Page, steps: number): Promise<number[]> {
  const max = await page.evaluate(() => document.documentElement.scrollHeight - innerHeight);
  return Array.from({ length: steps + 1 }, (_, i) => Math.round((max * i) / steps));
}

let m: Mobile;
beforeAll(() => {
  mkdirSync(SCREENS_DIR, { recursive: true });
});
afterAll(async () => {
  await m?.close();
});

describe('add-to-home-screen banner', () => {
  it('waits for the daily sign-in dialog, steps aside for any dialog, and never covers the search box', async () => {
    m = await launchMobile({ userAgent: IOS_SAFARI });
    const { page } = m;
    await page.goto('/home');
    const sign = page.getByRole('dialog', { name: AccountText.signTitle });
    await sign.waitFor({ timeout: 20_000 });
    await shot(page, 'home-first-visit');
    // While the dialog is open (and a while after the first paint) there is no banner.
    for (let i = 0; i < 10; i++) {
      expect(await page.locator('.install-banner').count()).toBe(0);
      await page.waitForTimeout(250);
    }
    await sign.getByRole('button', { name: AccountText.close }).click();
    await sign.waitFor({ state: 'detached' });
    await dismissDialogs(page, 500);

    const banner = page.getByRole('complementary', { name: ShellMsg.installTitle });
    await banner.waitFor({ timeout: 10_000 });
    // Its entrance animation has ended.
    await banner.evaluate((e) => Promise.all(e.getAnimations({ subtree: true }).map((a) => a.finished)));
    await shot(page, 'home-banner');
    const search = await rect(page, '.home-search');
    const header = await rect(page, '.home-header');
    const b = await rect(page, '.install-banner');
    expect(overlaps(b, search)).toBe(false);
    expect(overlaps(b, header)).toBe(false);
    // The search box stays the topmost thing at its centre.
    const searchHit = await page.evaluate(({ left, top, right, bottom }) => {
      const hit = document.elementFromPoint((left + right) / 2, (top + bottom) / 2);
      return !!hit?.closest('.home-search');
    }, search);
    expect(searchHit).toBe(true);
    // No floating button sits on the banner.
    for (const sel of FLOATS) {
      expect(overlaps(await rect(page, sel), b)).toBe(false);
    }

    // A dialog opened later (the 签到 button) sends the banner away until it is closed.
    await page.getByRole('button', { name: '每日签到' }).click();
    await sign.waitFor({ timeout: 10_000 });
    await page.locator('.install-banner').waitFor({ state: 'detached', timeout: 2_000 });
    expect(await page.locator(MODAL).count()).toBeGreaterThan(0);
    expect(await page.locator('.install-banner').count()).toBe(0);
    await sign.getByRole('button', { name: AccountText.close }).click();
    await sign.waitFor({ state: 'detached' });
    await banner.waitFor({ timeout: 10_000 });
    await m.close();
  });

  it('once closed, stays away for a week: not on the next visit, back after eight days', async () => {
    m = await launchMobile({ userAgent: IOS_SAFARI });
    const { page } = m;
    const banner = page.getByRole('complementary', { name: ShellMsg.installTitle });
    await page.goto('/home');
    await dismissDialogs(page, 20_000);
    await banner.waitFor({ timeout: 10_000 });
    await banner.getByRole('button', { name: ShellMsg.close }).click();
    await banner.waitFor({ state: 'detached' });

    await page.reload();
    await page.locator('#root .home-search').waitFor({ timeout: 20_000 });
    await dismissDialogs(page, 3_000);
    // Well past the time it waits for the screen to settle (1.2 s) before coming up.
    await page.waitForTimeout(3_000);
    expect(await page.locator('.install-banner').count()).toBe(0);

    // Eight days later, by the page's clock: the closed banner is due again.
    await page.clock.setFixedTime(Date.now() + 8 * 24 * 3600_000);
    await page.reload();
    await dismissDialogs(page, 3_000);
    await banner.waitFor({ timeout: 10_000 });
    await m.close();
  });
});

describe('floating buttons never sit over content', () => {
  it('on home, at every scroll position, 签到, 投诉 and 充值 are on screen and over nothing; no link is covered', async () => {
    m = await launchMobile();
    const { page } = m;
    // A chapter read first: home's last section is 最近阅读 with its 全部阅读历史 link.
    await page.goto('/book/read/1/1');
    await dismissDialogs(page);
    await page.locator('.chapter-page img').first().waitFor({ timeout: 20_000 });
    // The first picture can be the server's copy, shown before the app has asked for the chapter: leave
    // only once the read is in the history, or the next page load drops the write.
    await expect.poll(() => readRecord(page, 'inkreel', 'history', 1), { timeout: 20_000 }).not.toBeNull();
    await page.goto('/home');
    await dismissDialogs(page, 20_000);
    await page.locator('.home-section a.section-tool').last().waitFor({ timeout: 20_000 });
    // The history (device storage) is built as its place comes near the view.
    await scrollToBottom(page);
    await page.locator('.recent-more').waitFor({ timeout: 20_000 });
    await scrollToBottom(page);

    for (const y of await scrollStops(page, 8)) {
      await page.evaluate((top) => window.scrollTo(0, top), y);
      await page.waitForFunction((top) => Math.abs(window.scrollY - top) < 2, y);
      expect(await floatsOverContent(page, FLOATS), `at ${y}`).toEqual([]);
      expect(await coveredControls(page, 'main'), `at ${y}`).toEqual([]);
    }
    await shot(page, 'home-bottom');
    // At the bottom 全部阅读历史 is the topmost thing where it is drawn.
    const recent = await page.evaluate(() => {
      const link = document.querySelector<HTMLElement>('.recent-more')!;
      const range = document.createRange();
      range.selectNodeContents(link);
      const r = range.getBoundingClientRect();
      return link.contains(document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2));
    });
    expect(recent).toBe(true);
    await m.close();
  });

  it('on Mine, at every scroll position, 充值 is on screen and covers no row or its arrow', async () => {
    m = await launchMobile();
    const { page } = m;
    await page.goto('/user');
    await page.locator('.mine-row').last().waitFor({ timeout: 20_000 });
    await dismissDialogs(page);
    await page.waitForLoadState('networkidle');
    for (const y of await scrollStops(page, 4)) {
      await page.evaluate((top) => window.scrollTo(0, top), y);
      await page.waitForFunction((top) => Math.abs(window.scrollY - top) < 2, y);
      expect(await floatsOverContent(page, ['.fab-topup']), `at ${y}`).toEqual([]);
      expect(await coveredControls(page, '.mine-list'), `at ${y}`).toEqual([]);
    }
    await shot(page, 'mine-bottom');
    await m.close();
  });
});

describe('the pay bar of 充值', () => {
  it('scrolled to the bottom, leaves the 2-minute warning and 联系客服 in view above it; package texts wrap whole', async () => {
    m = await launchMobile();
    const { page } = m;
    // Coming from a book: the 返回书籍继续阅读 strip makes the page longest.
    await page.goto('/purchase?bookId=1');
    await page.locator('.pay-bar').waitFor({ timeout: 20_000 });
    await page.locator('.pay-support a, .pay-support button').first().waitFor({ timeout: 20_000 });
    await dismissDialogs(page);
    await scrollToBottom(page);
    await shot(page, 'purchase-bottom');
    const bar = await rect(page, '.pay-bar');
    expect(overlaps(await rect(page, '.pay-warning'), bar)).toBe(false);
    // The line as drawn (its box holds the room left below it for the bar).
    const support = await page.locator('.pay-support').evaluate((el): Box => {
      const range = document.createRange();
      range.selectNodeContents(el);
      const r = range.getBoundingClientRect();
      return { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
    });
    expect(overlaps(support, bar)).toBe(false);
    expect(await coveredControls(page, '.pay-support')).toEqual([]);
    // The packages' texts break at their punctuation, never inside 金币, and stay inside their cards.
    const split = await page.locator('.pkg-desc').evaluateAll((els) =>
      els.flatMap((el) => {
        const text = el.firstChild;
        const out: string[] = [];
        if (!text || text.nodeType !== Node.TEXT_NODE) return [`no text: ${el.textContent}`];
        for (
          let i = text.textContent!.indexOf('金币');
          i >= 0;
          i = text.textContent!.indexOf('金币', i + 1)
        ) {
          const range = document.createRange();
          range.setStart(text, i);
          range.setEnd(text, i + 2);
          if (range.getClientRects().length !== 1) out.push(el.textContent!);
        }
        const card = el.closest('.pkg')!.getBoundingClientRect();
        const box = el.getBoundingClientRect();
        if (box.left < card.left || box.right > card.right) out.push(`overflows: ${el.textContent}`);
        return out;
      }),
    );
    expect(split).toEqual([]);
    expect(await page.locator('.pkg-desc').count()).toBeGreaterThan(3);
    await m.close();
  });
});

describe('catalogue', () => {
  it("the ranking's NO.n badges leave the cover's top clear, where covers carry their title", async () => {
    m = await launchMobile();
    const { page } = m;
    await page.goto('/home/ranked');
    await page.locator('#root .rank-badge').first().waitFor({ timeout: 20_000 });
    await dismissDialogs(page, 1_000);
    await shot(page, 'ranked');
    const badges = await page.locator('#root .rank-badge').evaluateAll((els) =>
      els.map((el) => {
        const b = el.getBoundingClientRect();
        const cover = ((el as HTMLElement).offsetParent ?? el.parentElement!).getBoundingClientRect();
        return { text: el.textContent, top: b.top - cover.top, coverHeight: cover.height };
      }),
    );
    expect(badges.length).toBeGreaterThan(3);
    for (const b of badges) expect(b.top, b.text ?? '').toBeGreaterThan(b.coverHeight / 2);
    await m.close();
  });

  it('titles ellipsize after two lines without losing their start; chapter pictures are not cropped', async () => {
    m = await launchMobile();
    const { page } = m;
    await page.goto('/book/1/catalog');
    await page.locator('.chapter-title').first().waitFor({ timeout: 20_000 });
    await page.waitForFunction(
      () => {
        const img = document.querySelector<HTMLImageElement>('.chapter-cover img');
        return !!img && img.complete && img.naturalWidth > 0;
      },
      undefined,
      { timeout: 20_000, polling: 100 },
    );
    // One title made longer than two lines, as a long chapter name would be.
    await page.evaluate(() => {
      const t = document.querySelector<HTMLElement>('.chapter-title')!;
      t.textContent = `${t.textContent} ${'雪国社团的冬日来信'.repeat(4)}`;
    });
    await shot(page, 'catalog');
    const titles = await page.$$eval('.chapter-title', (els) =>
      els.map((el) => {
        const s = getComputedStyle(el);
        const box = el.getBoundingClientRect();
        const range = document.createRange();
        range.setStart(el.firstChild!, 0);
        range.setEnd(el.firstChild!, 1);
        const first = range.getBoundingClientRect();
        return {
          textOverflow: s.textOverflow,
          lineClamp: s.getPropertyValue('-webkit-line-clamp'),
          // The first letter sits on the first line: its middle, since a CJK font's glyph box (ascent +
          // descent, 1.45em for Noto Sans CJK) is taller than a 1.35 line and pokes out by a pixel.
          firstInside:
            first.width > 0 &&
            first.left >= box.left - 0.5 &&
            first.top + first.height / 2 >= box.top &&
            first.top + first.height / 2 <= box.top + parseFloat(s.lineHeight),
          lines: Math.round(box.height / parseFloat(s.lineHeight)),
          clamped: el.scrollHeight > el.clientHeight + 1,
        };
      }),
    );
    expect(titles.length).toBeGreaterThan(0);
    for (const t of titles) {
      expect(t.textOverflow).toBe('ellipsis');
      expect(t.lineClamp).toBe('2');
      expect(t.firstInside).toBe(true);
    }
    // The long one shows two lines, then the ellipsis.
    expect(titles[0]!.lines).toBe(2);
    expect(titles[0]!.clamped).toBe(true);

    // The picture's own shape is the box's: the title painted on it keeps its first letters.
    const fit = await page.$eval('.chapter-cover img', (img) => {
      const i = img as HTMLImageElement;
      const r = i.getBoundingClientRect();
      return { picture: i.naturalWidth / i.naturalHeight, box: r.width / r.height };
    });
    expect(Math.abs(fit.picture - fit.box)).toBeLessThan(0.05);
    await m.close();
  });
});
