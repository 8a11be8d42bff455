/**
 * Issue 29 item 6 on a phone: 最新上架 (/home/latest), 最近更新 (/home/new) and the update list (/new)
 * open on different books, 人气排行 (/home/ranked) is not 总榜 (/home/day-ranked), and each of these
 * screens opens on a banner of its own; under each book, what its list ranks by.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ListTitle } from '../../src/contract/messages/lists';
import { launchMobile, type Mobile } from './helpers';

let m: Mobile;
let page: Page;

beforeAll(async () => {
  m = await launchMobile();
  page = m.page;
});
afterAll(async () => {
  await m?.close();
});

/** Opens a list screen and reads its heading, first book titles and first banner once they show. */
async function openList(path: string, title: string) {
  await page.goto(path);
  await page.getByRole('heading', { name: title }).waitFor({ timeout: 30_000 });
  const firstBook = page.locator('.book-list a.card-link').first();
  await firstBook.waitFor({ timeout: 30_000 });
  const firstSlide = page.locator('.carousel-slide').first();
  await firstSlide.waitFor({ timeout: 30_000 });
  return {
    titles: (await page.locator('.book-list a.card-link').allInnerTexts()).slice(0, 3),
    // What the list ranks by, under its first book.
    note: await page.locator('.book-list .book-small-sub').first().innerText(),
    banner: await firstSlide.getAttribute('aria-label'),
  };
}

describe('list screens differ', () => {
  it('latest, recently updated, the update list, 人气 and 总榜 open on different books and banners', async () => {
    const screens = {
      latest: await openList('/home/latest', ListTitle.latest),
      recent: await openList('/home/new', ListTitle.newList),
      updates: await openList('/new', ListTitle.updateList),
      ranked: await openList('/home/ranked', ListTitle.ranked),
      total: await openList('/home/day-ranked', ListTitle.dayRanked),
    };
    const firsts = Object.values(screens).map((s) => s.titles[0]);
    expect(new Set(firsts).size, JSON.stringify(screens)).toBe(firsts.length);
    expect(screens.latest.note).toMatch(/^(今天|\d+天前)上架$/);
    expect(screens.recent.note).toMatch(/^(刚刚|\d+小时前)更新$/);
    expect(screens.updates.note).toMatch(/^(今天|\d+天前)更新$/);
    expect(screens.ranked.note).toMatch(/^日均.+人看$/);
    expect(screens.total.note).toMatch(/人看过$/);
    const banners = Object.values(screens).map((s) => s.banner);
    expect(banners.every((b) => b)).toBe(true);
    expect(new Set(banners).size, JSON.stringify(banners)).toBe(banners.length);
  });
});
