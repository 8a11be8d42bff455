import { describe, expect, it } from 'vitest';
import { ChapterUnpaid, Code, type ChapterReadInfo } from '../../src/contract';
import { ApiError } from '../../src/app/lib/api/http';
import {
  buyOutcome,
  isChapterUnpaid,
  menuVisible,
  nextTarget,
  partWidthPercent,
  prevTarget,
  readOutcome,
} from '../../src/app/features/reader/access';
import { parseReaderParams } from '../../src/app/features/reader/params';

const unpaid: ChapterUnpaid = {
  bookId: 1,
  bookName: 'b',
  bookVipFree: true,
  chapterId: 30,
  number: 3,
  title: '第3话',
  price: 60,
  balance: 0,
  cover: '/img/c3_180_0.img',
};

describe('chapter access (spec §4)', () => {
  it('shows a chapter that was read', () => {
    const info = { number: 1 } as ChapterReadInfo;
    expect(readOutcome({ info }, false)).toEqual({ kind: 'show', info });
  });
  it('999 opens the buy dialog, or buys at once for an auto-buy book', () => {
    const error = new ApiError(Code.UNPAID, 'x', unpaid);
    expect(readOutcome({ error }, false)).toEqual({ kind: 'buy-dialog', unpaid });
    expect(readOutcome({ error }, true)).toEqual({ kind: 'buy-now', unpaid });
  });
  it('999 without buy data is a failure, not a dialog with nothing in it', () => {
    expect(readOutcome({ error: new ApiError(Code.UNPAID, 'x', null) }, false).kind).toBe('failed');
  });
  it("the reader's check of 999 buy data agrees with the contract's schema", () => {
    const variants: unknown[] = [unpaid, null, 'x', [], { ...unpaid, extra: 1 }];
    for (const key of Object.keys(unpaid) as (keyof ChapterUnpaid)[]) {
      const { [key]: _gone, ...rest } = unpaid;
      variants.push(rest, { ...unpaid, [key]: null }, { ...unpaid, [key]: '1' }, { ...unpaid, [key]: 1.5 });
    }
    for (const v of variants)
      expect(isChapterUnpaid(v), JSON.stringify(v)).toBe(ChapterUnpaid.safeParse(v).success);
  });
  it('400 is no chapter, 101 congestion, anything else a failure', () => {
    expect(readOutcome({ error: new ApiError(Code.NO_CHAPTER, 'x') }, false).kind).toBe('no-chapter');
    expect(readOutcome({ error: new ApiError(Code.CONGESTION, 'x') }, false).kind).toBe('congestion');
    expect(readOutcome({ error: new Error('net') }, false, true).kind).toBe('failed');
  });

  it('a fetch that never reached the server, or any failure while the phone is offline, is offline', () => {
    expect(readOutcome({ error: new TypeError('Failed to fetch') }, false, true).kind).toBe('offline');
    expect(readOutcome({ error: new Error('timeout') }, false, false).kind).toBe('offline');
    // A fault in the page's own code is not the connection's.
    expect(readOutcome({ error: new TypeError('x is undefined') }, false, true).kind).toBe('failed');
    // An answer from the server is what it says, whatever the connection now.
    expect(readOutcome({ error: new ApiError(Code.NO_CHAPTER, 'x') }, false, false).kind).toBe('no-chapter');
  });
  it('a buy answering 999 leads to the recharge dialog', () => {
    expect(buyOutcome(null)).toBe('bought');
    expect(buyOutcome(new ApiError(Code.UNPAID, 'x'))).toBe('recharge');
    expect(buyOutcome(new ApiError(Code.CONGESTION, 'x'))).toBe('failed');
  });
});

describe('navigation', () => {
  it('blocks 上一章 at chapter 1 and 下一章 at the last', () => {
    expect(prevTarget(1, 0)).toBe('first');
    expect(prevTarget(3, 2)).toBe(2);
    expect(nextTarget(0)).toBe('last');
    expect(nextTarget(4)).toBe(4);
  });
  it('rejects missing or invalid ids', () => {
    expect(parseReaderParams('12', '3')).toEqual({ bookId: 12, number: 3 });
    for (const [a, b] of [
      [undefined, '1'],
      ['1', undefined],
      ['0', '1'],
      ['x', '1'],
      ['1', '-2'],
      ['1', '1.5'],
      ['99999999999', '1'],
    ] as const)
      expect(parseReaderParams(a, b)).toBeNull();
  });
});

describe('layout and menu', () => {
  it('splits a page into equal parts', () => {
    expect(partWidthPercent(1)).toBe(100);
    expect(partWidthPercent(4)).toBe(25);
  });
  it('shows the menu at the top and the bottom, hides it between', () => {
    expect(menuVisible(0, 800, 5000)).toBe(true);
    expect(menuVisible(1000, 800, 5000)).toBe(false);
    expect(menuVisible(4200, 800, 5000)).toBe(true);
  });
});
