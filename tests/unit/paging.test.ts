import { describe, expect, it } from 'vitest';
import {
  dayBatchAction,
  dayNextPage,
  dayOffersBatch,
  isTopRank,
  nextPage,
  nextRefreshPage,
  noMoreAfter,
  rankNextScreenPage,
  rankNumber,
  rankServerPages,
  splitLayout,
} from '../../src/app/features/lists/paging';
import { shouldLoadThreeD } from '../../src/app/features/home/three-d';

describe('no-more rule', () => {
  it('marks no more when totalPage is 0 or the page reached totalPage', () => {
    expect(noMoreAfter(1, 0)).toBe(true);
    expect(noMoreAfter(3, 3)).toBe(true);
    expect(noMoreAfter(4, 3)).toBe(true);
    expect(noMoreAfter(2, 3)).toBe(false);
    expect(nextPage(1, 0)).toBeUndefined();
    expect(nextPage(2, 3)).toBe(3);
    expect(nextPage(3, 3)).toBeUndefined();
  });
});

describe('home refresh cycle', () => {
  it('cycles pages 1 → 2 → 3 → 1', () => {
    const seen = [1];
    for (let i = 0; i < 6; i++) seen.push(nextRefreshPage(seen[seen.length - 1]!));
    expect(seen).toEqual([1, 2, 3, 1, 2, 3, 1]);
  });
  it('recovers from a bad page', () => {
    expect(nextRefreshPage(0)).toBe(1);
    expect(nextRefreshPage(9)).toBe(1);
  });
  it('cycles only over the pages that exist (totalPage)', () => {
    const cycle = (totalPage: number) => {
      const seen = [1];
      for (let i = 0; i < 4; i++) seen.push(nextRefreshPage(seen[seen.length - 1]!, totalPage));
      return seen;
    };
    expect(cycle(0)).toEqual([1, 1, 1, 1, 1]);
    expect(cycle(1)).toEqual([1, 1, 1, 1, 1]);
    expect(cycle(2)).toEqual([1, 2, 1, 2, 1]);
    expect(cycle(3)).toEqual([1, 2, 3, 1, 2]);
    expect(cycle(40)).toEqual([1, 2, 3, 1, 2]);
  });
});

describe('day list', () => {
  it('offers more up to page 5 and stops at page 6', () => {
    expect(dayNextPage(1, 99, 10)).toBe(2);
    expect(dayNextPage(4, 99, 10)).toBe(5);
    expect(dayNextPage(5, 99, 10)).toBeUndefined();
  });
  it('stops when the last page was short or the server has no more', () => {
    expect(dayNextPage(2, 99, 9)).toBeUndefined();
    expect(dayNextPage(3, 3, 10)).toBeUndefined();
  });
  it('offers 再来一批 only after exactly 10 items', () => {
    expect(dayOffersBatch(10)).toBe(true);
    expect(dayOffersBatch(9)).toBe(false);
    expect(dayOffersBatch(0)).toBe(false);
    expect(dayOffersBatch(11)).toBe(false);
  });
  it('再来一批 appends before page 5 and resets to page 1 after it', () => {
    expect(dayBatchAction(1, 99, 10)).toBe('append');
    expect(dayBatchAction(5, 99, 10)).toBe('reset');
    expect(dayBatchAction(2, 2, 10)).toBe('reset');
  });
});

describe('ranked numbering', () => {
  it('numbers 20 per page, continuing across pages', () => {
    expect(rankNumber(1, 0)).toBe(1);
    expect(rankNumber(1, 19)).toBe(20);
    expect(rankNumber(2, 0)).toBe(21);
    expect(rankNumber(3, 4)).toBe(45);
  });
  it('one screen page is two server pages of 10, so numbers never skip', () => {
    expect(rankServerPages(1)).toEqual([1, 2]);
    expect(rankServerPages(2)).toEqual([3, 4]);
    expect(rankNextScreenPage(1, 4)).toBe(2);
    expect(rankNextScreenPage(2, 4)).toBeUndefined();
    expect(rankNextScreenPage(1, 2)).toBeUndefined();
    expect(rankNextScreenPage(1, 3)).toBe(2);
    expect(rankNextScreenPage(1, 0)).toBeUndefined();
  });
  it('highlights the top 3 only', () => {
    expect([1, 2, 3, 4, 21].map(isTopRank)).toEqual([true, true, true, false, false]);
  });
});

describe('layouts', () => {
  it('puts the first 3 books small and the rest large', () => {
    expect(splitLayout([1, 2, 3, 4, 5])).toEqual({ small: [1, 2, 3], large: [4, 5] });
    expect(splitLayout([1, 2])).toEqual({ small: [1, 2], large: [] });
  });
});

describe('three-D time rule', () => {
  // Instants on the service's clock (Asia/Shanghai, UTC+8, no daylight saving).
  const at = (h: number, m = 0) => new Date(Date.UTC(2026, 0, 15, h - 8, m));
  it('loads between 21:00 and 07:00 Beijing time', () => {
    expect(shouldLoadThreeD(at(21), false)).toBe(true);
    expect(shouldLoadThreeD(at(23, 59), false)).toBe(true);
    expect(shouldLoadThreeD(at(0), false)).toBe(true);
    expect(shouldLoadThreeD(at(6, 59), false)).toBe(true);
  });
  it('does not load in the daytime for users who never recharged', () => {
    expect(shouldLoadThreeD(at(7), false)).toBe(false);
    expect(shouldLoadThreeD(at(12), false)).toBe(false);
    expect(shouldLoadThreeD(at(20, 59), false)).toBe(false);
  });
  it('always loads for users who recharged', () => {
    expect(shouldLoadThreeD(at(12), true)).toBe(true);
  });
  it("follows the service's zone, not the device's", () => {
    // 2026-01-15 14:00 UTC: 22:00 in Beijing (open), 09:00 in New York, 15:00 in Berlin.
    const evening = new Date('2026-01-15T14:00:00Z');
    // 2026-07-01 02:00 UTC: 10:00 in Beijing (closed), 22:00 the day before in New York.
    const morning = new Date('2026-07-01T02:00:00Z');
    const zone = process.env.TZ;
    try {
      for (const tz of ['America/New_York', 'Europe/Berlin', 'UTC', 'Asia/Shanghai']) {
        process.env.TZ = tz;
        expect(shouldLoadThreeD(evening, false), tz).toBe(true);
        expect(shouldLoadThreeD(morning, false), tz).toBe(false);
      }
      process.env.TZ = 'America/New_York';
      expect(morning.getHours()).toBe(22); // the device's clock says night: it must not count
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });
});
