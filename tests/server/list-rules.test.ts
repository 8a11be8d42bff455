/**
 * Issue 29 item 6: on the demo catalogue, 最新上架, 最近更新, the update list, 人气排行, 总榜 and 周榜
 * each follow their own rule and do not show the same books in the same order; each list screen opens on
 * a banner of its own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Api,
  BookList,
  LIST_PAGE_SIZE,
  RANK_PAGE_SIZE,
  TodayUpdateData,
  apiPath,
  type Book,
} from '../../src/contract/index.js';
import { insertCatalogue, type SeedArtSet } from '../../src/server/demo/catalogue.js';
import { AD_PLANS } from '../../src/server/demo/plan.js';
import type { DemoRecipes } from '../../src/server/demo/recipes.js';
import { demoPlan } from '../../src/server/demo/seed.js';
import { POPULAR_MIN_DAYS } from '../../src/server/services/catalogue/books.js';
import { anonHeaders, okData } from './helpers/catalogue.js';
import { fakeHash } from './helpers/fixtures.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

const DAY_MS = 86_400_000;

interface Row {
  id: number;
  title: string;
  created: number;
  updated: number;
  read: number;
  week: number;
}

/** The demo catalogue's rows as the seed writes them; only the pictures are names without files. */
async function seedDemoRows(t: TestApp) {
  const { rng, books, stories } = demoPlan();
  const art: SeedArtSet = {
    stories,
    covers: books.map((_, i) => fakeHash(`cover/${i}`)),
    recipes: {
      page: (book: number, chapter: number, n: number, split: number) => ({
        width: 500,
        height: 750,
        parts: Array.from({ length: split }, (_, i) => fakeHash(`${book}/${chapter}/${n}/${i}`)),
      }),
      hori: (book: number) => fakeHash(`hori/${book}`),
      thumb: (book: number, chapter: number) => fakeHash(`thumb/${book}/${chapter}`),
    } as unknown as DemoRecipes,
    ads: AD_PLANS.map((_, i) => fakeHash(`ad/${i}`)),
    videos: [],
  };
  expect(await insertCatalogue(t.ctx.catalogue, rng, books, [], art)).not.toBeNull();
}

describe('list rules on the demo catalogue', () => {
  let t: TestApp;
  let rows: Map<number, Row>;
  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: anonHeaders() });

  /** Every page of a list, in order. */
  async function all(url: (page: number) => string, pageSize: number) {
    const first = okData(await get(url(1)), BookList);
    const books = [...first.bookList];
    for (let p = 2; p <= first.totalPage; p++) books.push(...okData(await get(url(p)), BookList).bookList);
    expect(books.length).toBe(first.totalItem);
    expect(first.bookList.length).toBe(Math.min(pageSize, first.totalItem));
    expect(new Set(books.map((b) => b.bookId)).size).toBe(books.length);
    return { books, ads: first.adList.map((a) => a.title) };
  }

  const lists = {
    latest: () => all((p) => apiPath(Api.showcase, { type: 'new', page: p }), LIST_PAGE_SIZE),
    recent: () => all((p) => apiPath(Api.newList, { page: p }), LIST_PAGE_SIZE),
    updates: () => all((p) => apiPath(Api.updateList, { page: p }), LIST_PAGE_SIZE),
    popular: () => all((p) => apiPath(Api.showcase, { type: 'hot', page: p }), LIST_PAGE_SIZE),
    total: () => all((p) => `${Api.rank}?type=total&currentPage=${p}`, RANK_PAGE_SIZE),
    week: () => all((p) => `${Api.rank}?type=week&currentPage=${p}`, RANK_PAGE_SIZE),
  };

  /** Asserts `books` come in the order of `key` (larger first), ties by the larger id. */
  function expectOrder(books: Book[], key: (r: Row) => number) {
    const ids = books.map((b) => b.bookId);
    const expected = [...ids].sort((a, b) => {
      const ra = rows.get(a)!;
      const rb = rows.get(b)!;
      return key(rb) - key(ra) || b - a;
    });
    expect(ids).toEqual(expected);
  }

  beforeAll(async () => {
    t = await createTestApp();
    await seedDemoRows(t);
    const books = await t.database.db
      .selectFrom('books')
      .select(['id', 'title', 'created_at', 'updated_at', 'read_count', 'week_read_count'])
      .execute();
    rows = new Map(
      books.map((b) => [
        b.id,
        {
          id: b.id,
          title: b.title,
          created: Date.parse(b.created_at),
          updated: Date.parse(b.updated_at),
          read: b.read_count,
          week: b.week_read_count,
        },
      ]),
    );
  }, 60_000);
  afterAll(() => t?.close());

  it('each list follows its own rule over every page', async () => {
    const now = Date.now();
    // 最新上架 (/home/latest): the newest on the shelves first.
    expectOrder((await lists.latest()).books, (r) => r.created);
    // 最近更新 (/home/new): the newest chapter first.
    expectOrder((await lists.recent()).books, (r) => r.updated);
    // The update list (/new): the last 24 hours' updates first, then the day before…; the most read
    // first within a day, then the latest.
    expectOrder(
      (await lists.updates()).books,
      (r) => -Math.floor((now - r.updated) / DAY_MS) * 1e12 + r.read * 1e3 + r.updated / 1e10,
    );
    // 人气排行 (/home/ranked): reads a day since publication, a book counting as at least a month old.
    expectOrder(
      (await lists.popular()).books,
      (r) => r.read / Math.max(POPULAR_MIN_DAYS, (now - r.created) / DAY_MS),
    );
    // 总榜 and 周榜 (/home/day-ranked): all-time and this week's reads.
    expectOrder((await lists.total()).books, (r) => r.read);
    expectOrder((await lists.week()).books, (r) => r.week);
  });

  it('no two of these lists open on the same book, and their first pages differ', async () => {
    const answers = Object.fromEntries(
      await Promise.all(Object.entries(lists).map(async ([k, f]) => [k, (await f()).books] as const)),
    );
    const firsts = Object.values(answers).map((books) => books[0]!.bookId);
    expect(new Set(firsts).size, JSON.stringify(firsts)).toBe(firsts.length);
    const pageOnes = Object.values(answers).map((books) =>
      books
        .slice(0, LIST_PAGE_SIZE)
        .map((b) => b.bookId)
        .join(),
    );
    expect(new Set(pageOnes).size).toBe(pageOnes.length);
    // The demo is believable: a serial young enough to lead 周榜 is not the all-time leader, and the
    // all-time leader is an old finished book.
    expect(answers.total![0]!.publishStatus).toBe('finish');
    expect(answers.week![0]!.publishStatus).toBe('serialize');
  });

  it('every chapter comes out between its book’s publication and its last update', async () => {
    const chapters = await t.database.db
      .selectFrom('chapters')
      .select(['book_id', 'number', 'updated_at'])
      .orderBy('book_id')
      .orderBy('number')
      .execute();
    const last = new Map<number, number>();
    for (const c of chapters) {
      const r = rows.get(c.book_id)!;
      const at = Date.parse(c.updated_at);
      expect(at, `${r.title} ${c.number}`).toBeGreaterThanOrEqual(r.created - 60_000);
      expect(at, `${r.title} ${c.number}`).toBeLessThanOrEqual(r.updated + 1_000);
      // Chapters come out in their order.
      expect(at).toBeGreaterThanOrEqual(last.get(c.book_id) ?? 0);
      last.set(c.book_id, at);
    }
    for (const [id, at] of last) expect(Math.abs(at - rows.get(id)!.updated)).toBeLessThan(1_000);
  });

  it('each list screen opens on a banner of its own, the shared ones after it', async () => {
    const firstAds = async (url: string, method: 'GET' | 'POST' = 'GET') =>
      okData(await t.app.inject({ method, url, headers: anonHeaders() }), BookList).adList.map(
        (a) => a.title,
      );
    const screens = {
      latest: await firstAds(apiPath(Api.showcase, { type: 'new', page: 1 })),
      recent: await firstAds(apiPath(Api.newList, { page: 1 })),
      updates: await firstAds(apiPath(Api.updateList, { page: 1 })),
      ranked: await firstAds(apiPath(Api.showcase, { type: 'hot', page: 1 })),
      rank: await firstAds(`${Api.rank}?type=week&currentPage=1`),
      recommend: await firstAds(apiPath(Api.showcase, { type: 'e_recommend', page: 1 })),
      kkbg: await firstAds(apiPath(Api.showcase, { type: 'kkbg', page: 1 })),
      threeD: await firstAds(apiPath(Api.showcase, { type: 'three_d', page: 1 })),
      newOn: await firstAds(apiPath(Api.showcase, { type: 'new_on', page: 1 })),
      category: await firstAds(apiPath(Api.query, { publish: '0', category: 0, page: 1 }), 'POST'),
    };
    const day = okData(await get(`${Api.todayUpdate}?category=0&pageSize=10&currentPage=1`), TodayUpdateData);
    const all = [...Object.values(screens), day.adList.map((a) => a.title)];
    const firsts = all.map((ads) => ads[0]);
    expect(new Set(firsts).size, JSON.stringify(firsts)).toBe(all.length);
    const shared = AD_PLANS.filter((a) => a.position === 'list').map((a) => a.title);
    for (const ads of all) expect(ads.slice(1)).toEqual(shared);
    // The home and the video home keep their own.
    expect(screens.latest).not.toContain(AD_PLANS.find((a) => a.position === 'home')!.title);
  });
});
