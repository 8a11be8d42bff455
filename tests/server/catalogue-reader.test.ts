import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  Api,
  Chapter,
  ChapterReadInfo,
  ChapterUnpaid,
  Code,
  IMAGE_URL_PATTERN,
  Msg,
  type SessionData,
} from '../../src/contract/index.js';
import { readChapter } from '../../src/server/services/catalogue/reader.js';
import { weekStart } from '../../src/server/services/catalogue/rank-week.js';
import { authHeaders, FAST_HASHING, registerUser } from './helpers/accounts.js';
import { anonHeaders, envelopeOf, okData } from './helpers/catalogue.js';
import { insertFixtureCatalogue, type FixtureCatalogue } from './helpers/fixtures.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

describe('catalogue: read_chapter', () => {
  let t: TestApp;
  let f: FixtureCatalogue;
  let reader: SessionData;
  let vip: SessionData;
  const read = (
    bookId: number | string,
    number: number | string,
    headers: Record<string, string> = anonHeaders(),
  ) => t.app.inject({ method: 'GET', url: `${Api.readChapter}?bookId=${bookId}&number=${number}`, headers });

  beforeAll(async () => {
    t = await createTestApp(FAST_HASHING);
    f = await insertFixtureCatalogue(t.database.db);
    reader = await registerUser(t.app);
    vip = await registerUser(t.app);
    await t.database.db
      .updateTable('users')
      .set({
        vip_type: 'month',
        vip_end_at: new Date(Date.now() + 30 * 86_400_000).toISOString(),
        balance: 7,
      })
      .where('id', '=', vip.userId)
      .execute();
    await t.database.db.updateTable('users').set({ balance: 12 }).where('id', '=', reader.userId).execute();
  });
  afterAll(() => t.close());

  it('answers a free chapter to anyone with pages in picSplitCount parts and their sizes', async () => {
    const book = f.threeDBook; // split 3
    const info = okData(await read(book.id, 1), ChapterReadInfo);
    expect(info).toMatchObject({
      bookId: book.id,
      bookName: book.title,
      number: 1,
      price: 0,
      picSplitCount: 3,
      lastNumber: 0,
      nextNumber: 2,
      totalNumber: book.chapters.length,
      bookVipFree: false,
      chapterId: book.chapters[0]!.id,
    });
    expect(info.bookPrice).toBe(book.chapters.reduce((s, c) => s + c.price, 0));
    expect(info.bookCover).toMatch(/_180_0\.img$/);
    expect(info.bookPics).toHaveLength(book.pagesPerChapter);
    for (const [i, g] of info.bookPics.entries()) {
      expect(g.parts).toHaveLength(3);
      expect(g.width).toBe(800);
      expect(g.height).toBe(1000 + i * 100);
      for (const p of g.parts) {
        expect(p).toMatch(IMAGE_URL_PATTERN);
        expect(p).toMatch(/_500_0\.img$/);
      }
    }
  });

  it('gives 0 as nextNumber at the last chapter and 400 past the end or for a missing book', async () => {
    const book = f.finishedBook;
    const last = book.chapters.length;
    await t.database.db
      .insertInto('purchases')
      .values({
        user_id: reader.userId,
        item_type: 'chapter',
        item_id: book.chapters[last - 1]!.id,
        price: 1,
        created_at: new Date().toISOString(),
      })
      .execute();
    const info = okData(await read(book.id, last, authHeaders(reader)), ChapterReadInfo);
    expect(info).toMatchObject({ number: last, nextNumber: 0, lastNumber: last - 1 });
    for (const res of [await read(book.id, last + 1), await read(999_999, 1)]) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        result: false,
        code: Code.NO_CHAPTER,
        msg: Msg.noMoreChapters,
        data: null,
      });
    }
  });

  it('answers 999 with what the buy dialog needs for a priced chapter, anonymous or not bought', async () => {
    const book = f.vipFreeBook;
    const ch = book.chapters[2]!;
    const anon = envelopeOf(await read(book.id, 3), ChapterUnpaid);
    expect(anon).toMatchObject({ result: false, code: Code.UNPAID });
    expect(anon.data).toEqual({
      bookId: book.id,
      bookName: book.title,
      bookVipFree: true,
      chapterId: ch.id,
      number: 3,
      title: '第3话',
      price: ch.price,
      balance: 0,
      cover: expect.stringMatching(/_180_0\.img$/),
    });
    const mine = envelopeOf(await read(book.id, 3, authHeaders(reader)), ChapterUnpaid);
    expect(mine.code).toBe(Code.UNPAID);
    expect(mine.data.balance).toBe(12);
  });

  it("a locked chapter's 999 answer carries the chapter's own cover, the thumbnail its catalogue shows", async () => {
    const book = f.vipFreeBook;
    const catalogue = okData(
      await t.app.inject({
        method: 'POST',
        url: `${Api.chapterList}?bookId=${book.id}`,
        headers: authHeaders(reader),
      }),
      z.array(Chapter),
    );
    const covers = new Set(catalogue.map((c) => c.cover));
    expect(covers.size).toBe(catalogue.length);
    for (const n of [3, 4, 5]) {
      const locked = envelopeOf(await read(book.id, n, authHeaders(reader)), ChapterUnpaid);
      expect(locked.code).toBe(Code.UNPAID);
      expect(locked.data.cover).toMatch(IMAGE_URL_PATTERN);
      expect(locked.data.cover).toBe(catalogue.find((c) => c.number === n)!.cover);
    }
  });

  it('reads a bought chapter; VIP reads vip_free books free but not the others', async () => {
    const vf = f.vipFreeBook;
    const ch = vf.chapters[3]!;
    await t.database.db
      .insertInto('purchases')
      .values({
        user_id: reader.userId,
        item_type: 'chapter',
        item_id: ch.id,
        price: ch.price,
        created_at: new Date().toISOString(),
      })
      .execute();
    const bought = okData(await read(vf.id, 4, authHeaders(reader)), ChapterReadInfo);
    expect(bought.chapterId).toBe(ch.id);
    expect(bought.bookPics.every((g) => g.parts.length === vf.picSplitCount)).toBe(true);

    const vipRead = okData(await read(vf.id, 5, authHeaders(vip)), ChapterReadInfo);
    expect(vipRead.number).toBe(5);
    const other = envelopeOf(await read(f.latinBook.id, 3, authHeaders(vip)), ChapterUnpaid);
    expect(other.code).toBe(Code.UNPAID);
    expect(other.data).toMatchObject({ bookVipFree: false, balance: 7 });

    // An expired VIP reads like everyone else.
    await t.database.db
      .updateTable('users')
      .set({ vip_end_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', vip.userId)
      .execute();
    expect((await read(vf.id, 5, authHeaders(vip))).json()).toMatchObject({ code: Code.UNPAID });
  });

  it('counts reads and keeps one history row per user and book', async () => {
    const book = f.latinBook;
    const before = await t.database.db
      .selectFrom('books')
      .select(['read_count', 'week_read_count'])
      .where('id', '=', book.id)
      .executeTakeFirstOrThrow();
    okData(await read(book.id, 1, authHeaders(reader)), ChapterReadInfo);
    okData(await read(book.id, 2, authHeaders(reader)), ChapterReadInfo);
    okData(await read(book.id, 1), ChapterReadInfo);
    // A locked read is not a read.
    await read(book.id, 3, authHeaders(reader));
    const after = await t.database.db
      .selectFrom('books')
      .select(['read_count', 'week_read_count'])
      .where('id', '=', book.id)
      .executeTakeFirstOrThrow();
    expect(after.read_count - before.read_count).toBe(3);
    expect(after.week_read_count - before.week_read_count).toBe(3);
    const history = await t.database.db
      .selectFrom('read_history')
      .select(['number'])
      .where('user_id', '=', reader.userId)
      .where('book_id', '=', book.id)
      .execute();
    expect(history).toEqual([{ number: 2 }]);
  });

  it("rewrites a reader's place in a book only when the chapter changes: a reread writes nothing", async () => {
    const book = f.latinBook;
    const who = await registerUser(t.app);
    const db = t.database.db;
    const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000);
    const place = () =>
      db
        .selectFrom('read_history')
        .select(['number', 'updated_at'])
        .where('user_id', '=', who.userId)
        .where('book_id', '=', book.id)
        .executeTakeFirstOrThrow();
    const opts = { reader: `u:${who.userId}` };
    const first = at(3);
    expect((await readChapter(db, who.userId, book.id, 1, first, opts)).kind).toBe('ok');
    expect((await readChapter(db, who.userId, book.id, 1, at(2), opts)).kind).toBe('ok');
    expect(await place()).toEqual({ number: 1, updated_at: first.toISOString() });
    const moved = at(1);
    expect((await readChapter(db, who.userId, book.id, 2, moved, opts)).kind).toBe('ok');
    expect(await place()).toEqual({ number: 2, updated_at: moved.toISOString() });
  });

  it('refuses missing or bad ids with the reader message', async () => {
    for (const url of [
      `${Api.readChapter}?bookId=1`,
      `${Api.readChapter}?number=1`,
      `${Api.readChapter}?bookId=abc&number=1`,
      `${Api.readChapter}?bookId=1&number=0`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url, headers: anonHeaders() });
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toMatchObject({ result: false, msg: Msg.bookNotLoaded });
    }
  });
});

describe('catalogue: weekly ranking counts', () => {
  let t: TestApp;
  let f: FixtureCatalogue;
  beforeAll(async () => {
    t = await createTestApp();
    f = await insertFixtureCatalogue(t.database.db);
  });
  afterAll(() => t.close());

  it('weeks start on Monday in Asia/Shanghai', () => {
    // Sunday 2026-03-01 15:59 UTC is Sunday 23:59 in Shanghai; 16:00 UTC is Monday 00:00 there.
    expect(weekStart(new Date('2026-03-01T15:59:00Z'))).toBe('2026-02-23');
    expect(weekStart(new Date('2026-03-01T16:00:00Z'))).toBe('2026-03-02');
  });

  it('the first read of a new week zeroes the weekly counts, then counts again', async () => {
    const db = t.database.db;
    const week = async (id: number) =>
      (await db.selectFrom('books').select('week_read_count').where('id', '=', id).executeTakeFirstOrThrow())
        .week_read_count;
    const monday = new Date('2026-03-02T01:00:00Z');
    await readChapter(db, null, f.latinBook.id, 1, monday);
    expect(await week(f.latinBook.id)).toBe(f.latinBook.weekReadCount + 1);
    await readChapter(db, null, f.latinBook.id, 1, new Date('2026-03-08T15:00:00Z'));
    expect(await week(f.latinBook.id)).toBe(f.latinBook.weekReadCount + 2);
    await readChapter(db, null, f.latinBook.id, 1, new Date('2026-03-09T01:00:00Z'));
    expect(await week(f.latinBook.id)).toBe(1);
    expect(await week(f.threeDBook.id)).toBe(0);
    // A node with a late clock does not reset again.
    await readChapter(db, null, f.threeDBook.id, 1, monday);
    expect(await week(f.latinBook.id)).toBe(1);
    expect(await week(f.threeDBook.id)).toBe(1);
  });
});
