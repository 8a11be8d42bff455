import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { getPagesToPreload, NEXT_CHAPTER_PAGES, PAGES_AHEAD } from '../../src/app/features/reader/preload';

describe('getPagesToPreload', () => {
  it('loads the visible pages and the next few of a long chapter, not the next chapter yet', () => {
    const plan = getPagesToPreload({ pageCount: 40, lastVisible: 1, nextNumber: 2 });
    expect(plan.pages).toEqual([0, 1, 2, 3, 4, 5]);
    expect(plan.nextChapter).toBe(false);
    expect(plan.nextPages).toEqual([]);
  });
  it('fetches the next chapter once a quarter is read', () => {
    expect(getPagesToPreload({ pageCount: 40, lastVisible: 8, nextNumber: 2 }).nextChapter).toBe(false);
    expect(getPagesToPreload({ pageCount: 40, lastVisible: 9, nextNumber: 2 }).nextChapter).toBe(true);
  });
  it('fetches the next chapter at once for a short chapter', () => {
    const plan = getPagesToPreload({ pageCount: 4, lastVisible: -1, nextNumber: 2, nextPageCount: 8 });
    expect(plan.nextChapter).toBe(true);
    expect(plan.nextPages).toEqual([0, 1, 2]);
  });
  it('never fetches past the last chapter', () => {
    const plan = getPagesToPreload({ pageCount: 5, lastVisible: 4, nextNumber: 0, nextPageCount: 5 });
    expect(plan.nextChapter).toBe(false);
    expect(plan.nextPages).toEqual([]);
  });
  it('caps the next chapter pages at its length', () => {
    expect(
      getPagesToPreload({ pageCount: 3, lastVisible: 2, nextNumber: 4, nextPageCount: 1 }).nextPages,
    ).toEqual([0]);
  });
  it('stays within bounds for any input', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 200 }),
        fc.integer({ min: -5, max: 300 }),
        fc.integer({ min: 0, max: 50 }),
        fc.option(fc.integer({ min: 0, max: 200 }), { nil: undefined }),
        (pageCount, lastVisible, nextNumber, nextPageCount) => {
          const p = getPagesToPreload({ pageCount, lastVisible, nextNumber, nextPageCount });
          expect(p.pages.every((i) => i >= 0 && i < pageCount)).toBe(true);
          expect(p.pages.length).toBeLessThanOrEqual(
            Math.min(pageCount, Math.max(lastVisible + 1, 0) + PAGES_AHEAD),
          );
          expect(p.nextPages.length).toBeLessThanOrEqual(NEXT_CHAPTER_PAGES);
          if (nextNumber === 0) expect(p.nextChapter).toBe(false);
          if (!p.nextChapter) expect(p.nextPages).toEqual([]);
        },
      ),
    );
  });
});
