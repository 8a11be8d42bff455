/**
 * Reading with no connection: a chapter read online opens offline with its pictures, and so does the next
 * chapter the reader fetched ahead, both from the service worker's per-user cache.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Msg } from '../../src/contract';
import {
  dismissDialogs,
  launchMobile,
  showEveryPage,
  waitForFirstPage,
  waitForServiceWorker,
  type Mobile,
} from './helpers';

let m: Mobile;
let bookId: number;

/** Waits for chapter `n` and scrolls through it so every page is loaded; answers each page's decoded width. */
async function readWholeChapter(page: Page, n: number): Promise<number[]> {
  await page.waitForURL(new RegExp(`/book/read/${bookId}/${n}$`), { timeout: 15_000 });
  return showEveryPage(page);
}

beforeAll(async () => {
  m = await launchMobile();
  await m.page.goto('/home');
  await dismissDialogs(m.page);
  await waitForServiceWorker(m.page);
  bookId = await m.page.evaluate(async () => {
    for (let id = 1; id <= 60; id++) {
      const res = await fetch(`/api/book/detail/${id}`);
      if (!res.ok) continue;
      const body = (await res.json()) as { data: { chapterList: { number: number; price: number }[] } };
      const [c1, c2] = body.data.chapterList;
      if (c1?.price === 0 && c2?.price === 0) return id;
    }
    throw new Error('no demo book with two free chapters');
  });
});
afterAll(async () => {
  await m?.close();
});

describe('offline reading', () => {
  it('opens a chapter read online, and the next one fetched ahead, with no connection', async () => {
    const { page, context } = m;
    // Reaching the end fetches chapter 2 ahead (its data and first pages).
    const fetchedAhead = page.waitForResponse(
      (r) => r.url().includes('number=2') && r.url().includes('prefetch=1'),
      { timeout: 60_000 },
    );
    await page.goto(`/book/read/${bookId}/1`);
    await dismissDialogs(page, 500);
    const online = await readWholeChapter(page, 1);
    expect(online.length).toBeGreaterThan(0);
    expect((await fetchedAhead).status()).toBe(200);

    await context.setOffline(true);
    try {
      await page.reload();
      const offline = await readWholeChapter(page, 1);
      // The same pictures as online (a miss would show the placeholder, of another size).
      expect(offline).toEqual(online);

      await page.evaluate(() => window.scrollTo(0, 0));
      await page
        .getByRole('navigation', { name: '阅读菜单' })
        .getByRole('button', { name: Msg.nextChapter })
        .click();
      await page.waitForURL(new RegExp(`/book/read/${bookId}/2$`), { timeout: 15_000 });
      await waitForFirstPage(page);
    } finally {
      await context.setOffline(false);
    }
  });
});
