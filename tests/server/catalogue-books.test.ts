import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  Api,
  BookDetail,
  BookList,
  CategoryData,
  Chapter,
  HomeIndex,
  IMAGE_URL_PATTERN,
  LIST_PAGE_SIZE,
  Msg,
  RANK_PAGE_SIZE,
  ThreeDData,
  TodayUpdateData,
  apiPath,
  type SessionData,
} from '../../src/contract/index.js';
import { authHeaders, FAST_HASHING, registerUser } from './helpers/accounts.js';
import { anonHeaders, okData } from './helpers/catalogue.js';
import { insertFixtureCatalogue, type FixtureCatalogue } from './helpers/fixtures.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

const EXTRA = 25;

describe('catalogue: book lists and detail', () => {
  let t: TestApp;
  let f: FixtureCatalogue;
  let user: SessionData;
  const get = (url: string, headers: Record<string, string> = anonHeaders()) =>
    t.app.inject({ method: 'GET', url, headers });
  const post = (url: string, headers: Record<string, string> = anonHeaders(), payload?: string) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: payload ? { ...headers, 'content-type': 'application/x-www-form-urlencoded' } : headers,
      payload,
    });

  beforeAll(async () => {
    t = await createTestApp(FAST_HASHING);
    f = await insertFixtureCatalogue(t.database.db, { extraBooks: EXTRA });
    user = await registerUser(t.app);
  });
  afterAll(() => t.close());

  const total = 4 + EXTRA;

  it('category lists the categories and both publish statuses in the spec words', async () => {
    const data = okData(await get(Api.category), CategoryData);
    expect(data.categoryList).toEqual(f.categories.map((c) => ({ id: String(c.id), name: c.name })));
    expect(data.publishStatusList).toEqual([
      { code: 'serialize', desc: Msg.serialize },
      { code: 'finish', desc: Msg.finish },
    ]);
  });

  it('new list pages by LIST_PAGE_SIZE with totalPage and totalItem, newest first, no overlap', async () => {
    const seen: number[] = [];
    const pages = Math.ceil(total / LIST_PAGE_SIZE);
    for (let p = 1; p <= pages + 1; p++) {
      const data = okData(await get(apiPath(Api.newList, { page: p })), BookList);
      expect(data.totalItem).toBe(total);
      expect(data.totalPage).toBe(pages);
      expect(data.bookList.length).toBe(
        p < pages ? LIST_PAGE_SIZE : p === pages ? total - (pages - 1) * 10 : 0,
      );
      seen.push(...data.bookList.map((b) => b.bookId));
      if (p === 1) {
        expect(data.bookList[0]!.bookId).toBe(f.vipFreeBook.id);
        expect(data.adList.map((a) => a.title)).toEqual(['列表广告']);
      }
    }
    expect(new Set(seen).size).toBe(total);
  });

  it('books carry cover URLs of the image route, category names and flags', async () => {
    const data = okData(await get(apiPath(Api.newList, { page: 1 })), BookList);
    const b = data.bookList.find((x) => x.bookId === f.vipFreeBook.id)!;
    expect(b.cover).toMatch(IMAGE_URL_PATTERN);
    expect(b.cover).toMatch(/_180_0\.img$/);
    expect(b.horiCover).toMatch(/_500_0\.img$/);
    expect(b).toMatchObject({
      title: '星辰之海',
      author: '林夕',
      publishStatus: 'serialize',
      categoryName: '冒险',
      chapterCount: 5,
      vipFree: true,
      readCount: 500,
    });
  });

  it('query filters by publish status and category, 0 meaning all', async () => {
    const all = okData(await post(apiPath(Api.query, { publish: '0', category: 0, page: 1 })), BookList);
    expect(all.totalItem).toBe(total);
    const cat = f.categories[0]!.id;
    const finished = okData(
      await post(apiPath(Api.query, { publish: 'finish', category: cat, page: 1 })),
      BookList,
    );
    const expected = f.books.filter((b) => b.categoryId === cat && b.publishStatus === 'finish');
    expect(finished.totalItem).toBe(expected.length);
    expect(finished.bookList.map((b) => b.bookId).sort()).toEqual(expected.map((b) => b.id).sort());
    expect(finished.bookList.every((b) => b.publishStatus === 'finish' && b.categoryId === cat)).toBe(true);
    const none = okData(
      await post(apiPath(Api.query, { publish: 'finish', category: 999_999, page: 1 })),
      BookList,
    );
    expect(none).toMatchObject({ bookList: [], totalPage: 0, totalItem: 0 });
    expect((await post(apiPath(Api.query, { publish: 'bogus', category: 0, page: 1 }))).statusCode).toBe(400);
    expect((await post(apiPath(Api.query, { publish: '0', category: 0, page: 0 }))).statusCode).toBe(400);
  });

  it('showcase: curated types follow showcase_items, the others live orderings', async () => {
    const rec = okData(await get(apiPath(Api.showcase, { type: 'e_recommend', page: 1 })), BookList);
    expect(rec.bookList.map((b) => b.bookId)).toEqual([f.finishedBook.id, f.vipFreeBook.id]);
    expect(rec).toMatchObject({ totalItem: 2, totalPage: 1 });
    const hot = okData(await get(apiPath(Api.showcase, { type: 'hot', page: 1 })), BookList);
    const counts = hot.bookList.map((b) => b.readCount);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    expect(hot.totalItem).toBe(total);
    const threeD = okData(await get(apiPath(Api.showcase, { type: 'three_d', page: 1 })), BookList);
    expect(threeD.bookList.map((b) => b.bookId)).toEqual([f.threeDBook.id]);
    const beyond = okData(await get(apiPath(Api.showcase, { type: 'e_recommend', page: 2 })), BookList);
    expect(beyond.bookList).toEqual([]);
    expect((await get(apiPath(Api.showcase, { type: 'nope', page: 1 }))).statusCode).toBe(400);
  });

  it('rank orders by total or weekly reads, within a category, RANK_PAGE_SIZE per page', async () => {
    const totalRank = okData(await get(`${Api.rank}?type=total&currentPage=1`), BookList);
    expect(totalRank.bookList.length).toBe(RANK_PAGE_SIZE);
    expect(totalRank.bookList.slice(0, 4).map((b) => b.bookId)).toEqual(
      [...f.books]
        .sort((a, b) => b.readCount - a.readCount || b.id - a.id)
        .slice(0, 4)
        .map((b) => b.id),
    );
    expect(totalRank.totalPage).toBe(Math.ceil(total / RANK_PAGE_SIZE));
    const week = okData(await get(`${Api.rank}?type=week&currentPage=1`), BookList);
    expect(week.bookList.slice(0, 3).map((b) => b.bookId)).toEqual([
      f.threeDBook.id,
      f.latinBook.id,
      f.finishedBook.id,
    ]);
    const cat = f.categories[0]!.id;
    const inCat = okData(await get(`${Api.rank}?category=${cat}&type=week&currentPage=1`), BookList);
    expect(inCat.bookList.every((b) => b.categoryId === cat)).toBe(true);
    expect((await get(`${Api.rank}?type=month`)).statusCode).toBe(400);
  });

  it('today_update orders by update time, pages by pageSize and carries the sign config for a user', async () => {
    const anon = okData(await get(`${Api.todayUpdate}?category=0&pageSize=6&currentPage=1`), TodayUpdateData);
    expect(anon.bookList.length).toBe(6);
    expect(anon.bookList[0]!.bookId).toBe(f.vipFreeBook.id);
    expect(anon.totalPage).toBe(Math.ceil(total / 6));
    expect(anon.totalItem).toBe(total);
    expect(anon.dailySign).toBeNull();
    const mine = okData(
      await get(`${Api.todayUpdate}?pageSize=10&currentPage=2`, authHeaders(user)),
      TodayUpdateData,
    );
    expect(mine.dailySign).not.toBeNull();
    expect(mine.dailySign!.signedToday).toBe(false);
    expect(mine.bookList.length).toBe(10);
    expect((await get(`${Api.todayUpdate}?pageSize=500`)).statusCode).toBe(400);
  });

  it('home index and three_d answer their sections', async () => {
    const home = okData(await get(Api.homeIndex), HomeIndex);
    expect(home.adList.map((a) => a.jumpType)).toEqual([-1, -2, 2, 3]);
    expect(home.adList[2]!.bizId).toBe(f.vipFreeBook.id);
    expect(home.adList[0]!.url).toBe('https://example.com/a');
    expect(home.adList[0]!.imgPath).toMatch(IMAGE_URL_PATTERN);
    expect(home.recommendList.map((b) => b.bookId)).toEqual([f.finishedBook.id, f.vipFreeBook.id]);
    expect(home.kkbgList.map((b) => b.bookId)).toEqual([f.latinBook.id]);
    expect(home.newOnList.map((b) => b.bookId)).toEqual([f.threeDBook.id]);
    expect(home.newList.length).toBeGreaterThan(0);
    expect(home.hotList[0]!.bookId).toBe(f.vipFreeBook.id);
    const three = okData(await get(Api.homeThreeD), ThreeDData);
    expect(three.bookList.map((b) => b.bookId)).toEqual([f.threeDBook.id]);
  });

  it('detail is public, lists chapters with prices and 同类推荐 without the book itself', async () => {
    const d = okData(await get(apiPath(Api.detail, { id: f.vipFreeBook.id })), BookDetail);
    expect(d.book.bookId).toBe(f.vipFreeBook.id);
    expect(d.chapterList.map((c) => [c.number, c.price, c.alreadyBuy])).toEqual(
      f.vipFreeBook.chapters.map((c) => [c.number, c.price, false]),
    );
    expect(d.chapterList[0]!.cover).toMatch(/_180_0\.img$/);
    expect(d.lastChapter).toBe(0);
    expect(d.recommendList.length).toBeGreaterThan(0);
    expect(d.recommendList.every((b) => b.categoryId === f.vipFreeBook.categoryId)).toBe(true);
    expect(d.recommendList.some((b) => b.bookId === f.vipFreeBook.id)).toBe(false);
    const missing = await get(apiPath(Api.detail, { id: 999_999 }));
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ result: false, msg: Msg.notFound });
    expect((await get('/api/book/detail/abc')).statusCode).toBe(400);
  });

  it('detail gives lastChapter after the user read, chapter/list alreadyBuy after a purchase', async () => {
    const book = f.vipFreeBook;
    const read = await get(`${Api.readChapter}?bookId=${book.id}&number=2`, authHeaders(user));
    expect(read.json()).toMatchObject({ result: true });
    const d = okData(await get(apiPath(Api.detail, { id: book.id }), authHeaders(user)), BookDetail);
    expect(d.lastChapter).toBe(2);
    // The reader fetching ahead is not a read: history stays on chapter 2.
    const ahead = await get(`${Api.readChapter}?bookId=${book.id}&number=1&prefetch=1`, authHeaders(user));
    expect(ahead.json()).toMatchObject({ result: true });
    const after = okData(await get(apiPath(Api.detail, { id: book.id }), authHeaders(user)), BookDetail);
    expect(after.lastChapter).toBe(2);
    // Another caller's history is not theirs.
    const anon = okData(await get(apiPath(Api.detail, { id: book.id })), BookDetail);
    expect(anon.lastChapter).toBe(0);

    const ch = book.chapters[3]!;
    await t.database.db
      .insertInto('purchases')
      .values({
        user_id: user.userId,
        item_type: 'chapter',
        item_id: ch.id,
        price: ch.price,
        created_at: new Date().toISOString(),
      })
      .execute();
    const viaQuery = okData(
      await post(`${Api.chapterList}?bookId=${book.id}`, authHeaders(user)),
      z.array(Chapter),
    );
    expect(viaQuery.filter((c) => c.alreadyBuy).map((c) => c.chapterId)).toEqual([ch.id]);
    const viaBody = okData(
      await post(Api.chapterList, authHeaders(user), `bookId=${book.id}`),
      z.array(Chapter),
    );
    expect(viaBody).toEqual(viaQuery);
    const other = okData(await post(`${Api.chapterList}?bookId=${book.id}`), z.array(Chapter));
    expect(other.some((c) => c.alreadyBuy)).toBe(false);
    expect((await post(Api.chapterList)).statusCode).toBe(400);
    expect((await post(`${Api.chapterList}?bookId=x`)).statusCode).toBe(400);
    expect((await post(`${Api.chapterList}?bookId=999999`)).statusCode).toBe(404);
  });
});
