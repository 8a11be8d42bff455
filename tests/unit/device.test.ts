import fc from 'fast-check';
import { beforeEach, describe, expect, it } from 'vitest';
import { SEARCH_HISTORY_MAX } from '../../src/contract';
import { clearDeviceData } from '../../src/app/lib/db';
import { cacheAds, getCachedAds } from '../../src/app/lib/device/ads';
import { isAutoBuy, listAutoBuy, setAutoBuy } from '../../src/app/lib/device/auto-buy';
import {
  getHistory,
  listHistory,
  listHistoryRows,
  recordRead,
  removeHistory,
} from '../../src/app/lib/device/history';
import {
  getReadPosition,
  READ_POSITIONS_MAX,
  saveReadPosition,
} from '../../src/app/lib/device/read-position';
import {
  addSearch,
  clearSearch,
  listSearch,
  pushSearchHistory,
} from '../../src/app/lib/device/search-history';
import { isOnShelf, listShelf, removeFromShelf, toggleShelf } from '../../src/app/lib/device/shelf';
import {
  addWatchedSecond,
  getResumePosition,
  getWatchedSeconds,
  setResumePosition,
  watchKey,
} from '../../src/app/lib/device/watch';

const book = (bookId: number, title = `书${bookId}`) => ({
  bookId,
  title,
  cover: `/media/img/${bookId}_180_0.img`,
});
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeEach(clearDeviceData);

describe('shelf', () => {
  it('toggle adds, and adding a book of the same title removes it', async () => {
    expect(await toggleShelf(book(1, '海贼'))).toBe(true);
    expect(await isOnShelf('海贼')).toBe(true);
    // A different id with the same title counts as the same book (spec: matching is by title).
    expect(await toggleShelf(book(2, '海贼'))).toBe(false);
    expect(await isOnShelf('海贼')).toBe(false);
    expect(await listShelf()).toEqual([]);
  });

  it('lists newest first and removes by ids', async () => {
    await toggleShelf(book(1));
    await sleep(2);
    await toggleShelf(book(2));
    await sleep(2);
    await toggleShelf(book(3));
    expect((await listShelf()).map((b) => b.bookId)).toEqual([3, 2, 1]);
    await removeFromShelf([1, 3]);
    expect((await listShelf()).map((b) => b.bookId)).toEqual([2]);
  });
});

describe('history', () => {
  it('keeps one entry per book with the last chapter, newest first', async () => {
    await recordRead(book(1), 1);
    await sleep(2);
    await recordRead(book(2), 5);
    await sleep(2);
    await recordRead(book(1), 4);
    const all = await listHistory();
    expect(all.map((h) => [h.bookId, h.number])).toEqual([
      [1, 4],
      [2, 5],
    ]);
    expect((await listHistory(1)).length).toBe(1);
    expect((await getHistory(2))?.number).toBe(5);
    expect((await getHistory(1))!.readAt).toBeGreaterThan((await getHistory(2))!.readAt);
    await removeHistory([1]);
    expect(await getHistory(1)).toBeUndefined();
  });
});

describe('positions inside chapters', () => {
  const spot = (bookId: number, number: number, page = 2, fraction = 0.4) => ({
    bookId,
    number,
    page,
    fraction,
    pageCount: 8,
    finished: false,
  });

  it('keeps one position per chapter, the last one saved', async () => {
    await saveReadPosition(spot(1, 3));
    await saveReadPosition(spot(1, 4, 5, 0.1));
    await saveReadPosition(spot(1, 3, 6, 0.75));
    expect(await getReadPosition(1, 3)).toMatchObject({ page: 6, fraction: 0.75, pageCount: 8 });
    expect(await getReadPosition(1, 4)).toMatchObject({ page: 5, fraction: 0.1 });
    expect(await getReadPosition(2, 3)).toBeUndefined();
  });

  it('the history lists each book with the position inside its last chapter', async () => {
    await recordRead(book(1), 3);
    await sleep(2);
    await recordRead(book(2), 1);
    await saveReadPosition(spot(1, 3, 4, 0.5));
    // A position in another chapter of the book is not the history's.
    await saveReadPosition(spot(2, 7));
    const rows = await listHistoryRows();
    expect(rows.map((r) => [r.bookId, r.position?.page])).toEqual([
      [2, undefined],
      [1, 4],
    ]);
  });

  it('deleting a book from the history forgets its positions too', async () => {
    await recordRead(book(1), 3);
    await saveReadPosition(spot(1, 3));
    await saveReadPosition(spot(1, 2));
    await saveReadPosition(spot(5, 1));
    await removeHistory([1]);
    expect(await getReadPosition(1, 3)).toBeUndefined();
    expect(await getReadPosition(1, 2)).toBeUndefined();
    expect(await getReadPosition(5, 1)).toBeDefined();
  });

  it('drops the least recently saved past the cap', async () => {
    const { db } = await import('../../src/app/lib/db');
    await db.readPositions.bulkPut(
      Array.from({ length: READ_POSITIONS_MAX }, (_, i) => ({ ...spot(9, i + 1), savedAt: i + 1 })),
    );
    await saveReadPosition(spot(10, 1));
    expect(await db.readPositions.count()).toBe(READ_POSITIONS_MAX);
    expect(await getReadPosition(9, 1)).toBeUndefined();
    expect(await getReadPosition(9, 2)).toBeDefined();
    expect(await getReadPosition(10, 1)).toBeDefined();
  });
});

describe('search history', () => {
  it('pushSearchHistory: most recent first, no duplicates, capped', () => {
    expect(pushSearchHistory(['a', 'b', 'c'], 'b')).toEqual(['b', 'a', 'c']);
    expect(pushSearchHistory([], '  ')).toEqual([]);
    fc.assert(
      fc.property(fc.array(fc.string({ minLength: 1, maxLength: 4 })), (words) => {
        let list: string[] = [];
        for (const w of words) list = pushSearchHistory(list, w);
        expect(list.length).toBeLessThanOrEqual(SEARCH_HISTORY_MAX);
        expect(new Set(list).size).toBe(list.length);
        const last = words
          .map((w) => w.trim())
          .filter(Boolean)
          .at(-1);
        if (last) expect(list[0]).toBe(last);
      }),
    );
  });

  it('keeps comic and video lists apart', async () => {
    for (let i = 0; i < 12; i++) await addSearch('comic', `w${i}`);
    await addSearch('vod', 'v');
    const comic = await listSearch('comic');
    expect(comic.length).toBe(SEARCH_HISTORY_MAX);
    expect(comic[0]).toBe('w11');
    expect(await listSearch('vod')).toEqual(['v']);
    await clearSearch('comic');
    expect(await listSearch('comic')).toEqual([]);
    expect(await listSearch('vod')).toEqual(['v']);
  });
});

describe('watch counters', () => {
  it('counts trial seconds up to the limit and keeps a resume position', async () => {
    expect(watchKey(9)).toBe('w_9');
    expect(await getWatchedSeconds(9)).toBe(0);
    for (let i = 0; i < 5; i++) await addWatchedSecond(9, 3);
    expect(await getWatchedSeconds(9)).toBe(3);
    await setResumePosition(9, 12.5);
    expect(await getResumePosition(9)).toBe(12.5);
    expect(await getWatchedSeconds(9)).toBe(3);
    await setResumePosition(9, Number.NaN);
    expect(await getResumePosition(9)).toBe(0);
  });
});

describe('auto-buy and ads', () => {
  it('sets and clears the auto-buy flag', async () => {
    await setAutoBuy(4, true);
    await setAutoBuy(5, true);
    await setAutoBuy(5, false);
    expect(await isAutoBuy(4)).toBe(true);
    expect(await isAutoBuy(5)).toBe(false);
    expect(await listAutoBuy()).toEqual([4]);
  });

  it('caches an ad list per slot', async () => {
    const ad = { jumpType: 2 as const, bizId: 1, url: '', imgPath: '/a.img', title: 'x' };
    await cacheAds('home', [ad]);
    expect(await getCachedAds('home')).toEqual([ad]);
    expect(await getCachedAds('list')).toBeUndefined();
  });
});
