/**
 * What a newcomer meets on the smaller screens (issue 29, minor items), on a 390×844 phone: 分类's two
 * filter rows say what they filter; the reader names the chapter once and its shelf toggle says 移出书架;
 * downloads speak plainly, with a real switch and a short toast; offline, a banner says so and the daily
 * sign-in does not open; empty 已购视频 and 充值记录 have pictures of their own and a way on; the cashier's
 * order number and the chooser's 去购买 never leave one character alone on a line.
 */
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import {
  AccountText,
  ComicsText,
  DownloadText,
  EmptyText,
  Msg,
  OfflineText,
  ReaderChromeText,
} from '../../src/contract';
import { dismissDialogs, launchMobile, waitForFirstPage, waitForServiceWorker, type Mobile } from './helpers';

let m: Mobile | undefined;
afterEach(async () => {
  await m?.close();
  m = undefined;
});

interface BookFacts {
  id: number;
  title: string;
  chapter1: string;
}

/** A demo book whose chapter 1 is free and that has paid chapters (through the public API). */
function findBook(page: Page): Promise<BookFacts> {
  return page.evaluate(async () => {
    for (let id = 1; id <= 64; id++) {
      const res = await fetch(`/api/book/detail/${id}`);
      if (!res.ok) continue;
      const body = (await res.json()) as {
        data: { book: { title: string }; chapterList: { title: string; price: number }[] };
      };
      const list = body.data.chapterList;
      if (list[0]?.price === 0 && list.some((c) => c.price > 0))
        return { id, title: body.data.book.title, chapter1: list[0].title };
    }
    throw new Error('no demo book with a free first chapter and paid ones');
  });
}

/** The number of characters on each line the text of `selector` is laid out on. */
function charsPerLine(page: Page, selector: string): Promise<number[]> {
  return page.locator(selector).evaluate((el) => {
    const text = el.firstChild!;
    const lines = new Map<number, number>();
    for (let i = 0; i < text.textContent!.length; i++) {
      const range = document.createRange();
      range.setStart(text, i);
      range.setEnd(text, i + 1);
      const top = Math.round(range.getBoundingClientRect().top);
      lines.set(top, (lines.get(top) ?? 0) + 1);
    }
    return [...lines.values()];
  });
}

describe('分类', () => {
  it('each filter row starts with its label, 状态 and 题材, and the tab lists are named by them', async () => {
    m = await launchMobile();
    const { page } = m;
    await page.goto('/category');
    await dismissDialogs(page);
    const status = page.getByRole('tablist', { name: ComicsText.statusFilter, exact: true });
    const genre = page.getByRole('tablist', { name: ComicsText.genreFilter, exact: true });
    await status.getByRole('tab', { name: ComicsText.all }).waitFor({ timeout: 20_000 });
    await genre.getByRole('tab', { name: ComicsText.all }).waitFor();
    const rows = await page.locator('.filter-row').evaluateAll((els) =>
      els.map((row) => {
        // The label's words as drawn, against the first tab's box.
        const words = document.createRange();
        words.selectNodeContents(row.querySelector('.filter-label')!);
        const label = words.getBoundingClientRect();
        const first = row.querySelector('[role="tab"]')!.getBoundingClientRect();
        return {
          text: (row.textContent ?? '').trim(),
          before: label.right <= first.left,
          sameLine: Math.abs(label.top + label.height / 2 - (first.top + first.height / 2)) < 4,
        };
      }),
    );
    expect(rows.map((r) => r.text.slice(0, 4))).toEqual([
      `${ComicsText.statusFilter}${ComicsText.all}`,
      `${ComicsText.genreFilter}${ComicsText.all}`,
    ]);
    for (const r of rows) expect(r).toMatchObject({ before: true, sameLine: true });
  });
});

describe('reader', () => {
  it('shows the chapter title once (its title panel), names the book on top, and says 移出书架', async () => {
    m = await launchMobile();
    const { page } = m;
    await page.goto('/home');
    await dismissDialogs(page, 20_000);
    const book = await findBook(page);
    await page.goto(`/book/read/${book.id}/1`);
    await waitForFirstPage(page);
    const bar = page.getByRole('navigation', { name: ReaderChromeText.menu });
    await bar.getByRole('button', { name: Msg.favourite }).waitFor();

    // Drawn words holding the chapter's title, with the menu showing: none beside the picture's panel.
    const drawn = await page.evaluate(
      (title) =>
        [...document.querySelectorAll<HTMLElement>('body *')].filter((el) => {
          if (
            ![...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.includes(title))
          )
            return false;
          const r = el.getBoundingClientRect();
          return el.checkVisibility() && r.width > 1 && r.height > 1;
        }).length,
      book.chapter1,
    );
    expect(drawn).toBe(0);
    // Screen readers still meet it as the chapter's heading; the top bar names the book.
    await page.getByRole('heading', { name: book.chapter1, exact: true }).waitFor({ state: 'attached' });
    await expect(page.locator('.reader-top h1').innerText()).resolves.toBe(book.title);

    await bar.getByRole('button', { name: Msg.favourite }).click();
    const remove = bar.getByRole('button', { name: ReaderChromeText.removeFromShelf });
    await remove.waitFor();
    await expect(remove.getAttribute('aria-pressed')).resolves.toBe('true');
  });
});

describe('downloads', () => {
  it('a short toast, plain words for space and protection, a switch for 智能下载, 去购买 kept whole', async () => {
    m = await launchMobile();
    const { page } = m;
    await page.goto('/home');
    await dismissDialogs(page, 20_000);
    const book = await findBook(page);
    await page.goto(`/book/${book.id}`);
    await dismissDialogs(page);
    await page.getByRole('button', { name: DownloadText.download, exact: true }).click();
    const chooser = page.getByRole('dialog', { name: DownloadText.chooserTitle });
    await chooser.waitFor({ timeout: 15_000 });

    // However the note wraps (a narrower dialog), 去购买 stays on one line.
    const buy = chooser.getByRole('link', { name: DownloadText.buyFirst });
    await buy.waitFor();
    const split = await page.evaluate(() => {
      const box = document.querySelector<HTMLElement>('.dialog')!;
      const link = document.querySelector<HTMLElement>('.dl-locked a')!;
      const widths: number[] = [];
      for (let w = 320; w >= 200; w -= 2) {
        box.style.width = `${w}px`;
        box.style.maxWidth = `${w}px`;
        if (link.getClientRects().length !== 1) widths.push(w);
      }
      box.style.width = '';
      box.style.maxWidth = '';
      return widths;
    });
    expect(split).toEqual([]);

    await chooser.getByRole('button', { name: DownloadText.start }).click();
    const toast = page.locator('.toast').filter({ hasText: DownloadText.queued(1).slice(0, 7) });
    await toast.waitFor({ timeout: 15_000 });
    const lines = await toast.evaluate((el) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
    });
    expect(lines).toBeLessThanOrEqual(2);
    const words = await toast.innerText();
    expect(words).not.toMatch(/持久存储|浏览器/);

    await page.goto('/user/downloads');
    const used = page.getByTestId('dl-used');
    await used.waitFor({ timeout: 15_000 });
    await expect
      .poll(() => used.innerText(), { timeout: 10_000 })
      .toMatch(/^已用 [\d.]+ (KB|MB|GB)，手机还可存约 [\d.]+ (MB|GB)$/);
    const protection = await page.locator('.dl-persist').innerText();
    const plain: string[] = [
      DownloadText.persistGranted,
      DownloadText.persistDenied,
      DownloadText.persistUnknown,
    ];
    expect(plain).toContain(protection);
    expect(protection).toMatch(/离线保护/);

    // A switch: a track wider than tall whose colour turns when it is switched on.
    const toggle = page.getByRole('switch', { name: DownloadText.smartTitle });
    const look = () =>
      toggle.evaluate((el) => {
        const r = el.getBoundingClientRect();
        return { ratio: r.width / r.height, colour: getComputedStyle(el).backgroundColor };
      });
    const off = await look();
    expect(off.ratio).toBeGreaterThan(1.5);
    await toggle.click();
    await expect(toggle.isChecked()).resolves.toBe(true);
    await expect.poll(async () => (await look()).colour).not.toBe(off.colour);
  });
});

describe('offline', () => {
  it('a banner says the phone is offline, and the daily sign-in does not open, by itself or by 签到', async () => {
    m = await launchMobile();
    const { page, context } = m;
    await page.goto('/home');
    const sign = page.getByRole('dialog', { name: AccountText.signTitle });
    await sign.waitFor({ timeout: 20_000 });
    await sign.getByRole('button', { name: AccountText.close }).click();
    await waitForServiceWorker(page);
    // Once more through the worker, which keeps the answers (the sign-in strip among them) for offline.
    await page.reload();
    await page.locator('#root .home-header').waitFor({ timeout: 20_000 });
    await dismissDialogs(page, 5_000);
    // Not shown today, as on a new day: the dialog would open by itself.
    await page.evaluate(
      () =>
        new Promise<void>((resolve, reject) => {
          const open = indexedDB.open('inkreel-kv');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const tx = open.result.transaction('kv', 'readwrite');
            tx.objectStore('kv').delete('dailySignAutoShown');
            tx.oncomplete = () => resolve();
            tx.onerror = () => reject(tx.error);
          };
        }),
    );

    await context.setOffline(true);
    const strip = page.waitForResponse(
      (r) => r.url().includes('today_update') && r.url().includes('pageSize=1'),
      {
        timeout: 20_000,
      },
    );
    await page.reload();
    const banner = page.getByRole('status').filter({ hasText: OfflineText.banner });
    await banner.waitFor({ timeout: 20_000 });
    // The banner is in the flow above the screen: it covers nothing of the header.
    const [b, header] = [await banner.boundingBox(), await page.locator('.home-header').boundingBox()];
    expect(b!.y + b!.height).toBeLessThanOrEqual(header!.y + 0.5);
    await strip;
    await page.getByRole('button', { name: AccountText.dailySign }).click();
    await page.locator('.toast').filter({ hasText: OfflineText.signNeedsNetwork }).waitFor();
    expect(await sign.count()).toBe(0);

    // Back online the banner goes.
    await context.setOffline(false);
    await banner.waitFor({ state: 'detached' });
  });
});

describe('empty states', () => {
  it('empty 已购视频 has a picture and a way to the videos; empty 充值记录 a picture of its own', async () => {
    m = await launchMobile();
    const { page } = m;
    await page.goto('/shelf-vod');
    await dismissDialogs(page, 20_000);
    const empty = page.locator('.empty-state').filter({ hasText: EmptyText.hint.vods });
    await empty.waitFor({ timeout: 20_000 });
    await expect(empty.locator('svg.empty-picture').isVisible()).resolves.toBe(true);
    const go = empty.getByRole('link', { name: EmptyText.vodAction });
    await go.click();
    await page.waitForURL(/\/vod$/);

    const picture = (path: string) => async () => {
      await page.goto(path);
      const svg = page.locator('.empty-state svg.empty-picture');
      await svg.waitFor({ timeout: 20_000 });
      return svg.innerHTML();
    };
    const records = await picture('/user/purchase/history')();
    const shelf = await picture('/shelf')();
    const vods = await picture('/shelf-vod')();
    expect(new Set([records, shelf, vods]).size).toBe(3);
  });
});

describe('the sandbox cashier', () => {
  it('never leaves one character of the order number alone on a line, on any phone width', async () => {
    m = await launchMobile();
    const { page } = m;
    await page.goto('/purchase');
    await dismissDialogs(page, 20_000);
    await page
      .getByRole('button', { name: /^60金币/ })
      .first()
      .click();
    const channels = page.getByRole('dialog', { name: AccountText.choosePayChannel });
    await channels.waitFor({ timeout: 15_000 });
    await channels.locator('button.channel').first().click();
    await page.waitForURL(/\/h5\/sandbox\/cashier\//, { timeout: 20_000 });
    const order = 'dl dd:last-of-type';
    await page.locator(order).waitFor();
    const alone: string[] = [];
    for (let w = 300; w <= 390; w += 2) {
      await page.setViewportSize({ width: w, height: 844 });
      const lines = await charsPerLine(page, order);
      if (lines.length > 1 && Math.min(...lines) < 2) alone.push(`${w}px: ${lines.join('/')}`);
    }
    expect(alone).toEqual([]);
  });
});
