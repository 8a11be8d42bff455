import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  END_SLACK_PX,
  MIN_RESUME_FRACTION,
  reachedEnd,
  resumeSpot,
  sameSpot,
  scrollTopFor,
  spotAt,
  type PageBox,
} from '../../src/app/features/reader/position';

/** Pages stacked from `start` with no gaps, like the reader's list under the chapter title. */
const stack = (heights: number[], start = 90): PageBox[] => {
  let top = start;
  return heights.map((height) => {
    const box = { top, height };
    top += height;
    return box;
  });
};

describe('a spot inside a chapter', () => {
  const boxes = stack([600, 600, 900]);

  it('is the page at the top of the view and how far down it', () => {
    expect(spotAt(boxes, 90)).toEqual({ page: 0, fraction: 0 });
    expect(spotAt(boxes, 90 + 300)).toEqual({ page: 0, fraction: 0.5 });
    expect(spotAt(boxes, 690)).toEqual({ page: 1, fraction: 0 });
    expect(spotAt(boxes, 1290 + 225)).toEqual({ page: 2, fraction: 0.25 });
  });

  it('counts the chapter title above the first page as the start, and has none without pages', () => {
    expect(spotAt(boxes, 0)).toEqual({ page: 0, fraction: 0 });
    expect(spotAt([], 500)).toBeNull();
    expect(scrollTopFor({ page: 1, fraction: 0.5 }, [])).toBeNull();
  });

  it('keeps the fraction below 1, also past the last page (the chapter end below it)', () => {
    const s = spotAt(boxes, 5000)!;
    expect(s.page).toBe(2);
    expect(s.fraction).toBeLessThan(1);
    // A gap between pages belongs to the page above it.
    const gapped: PageBox[] = [
      { top: 0, height: 100 },
      { top: 150, height: 100 },
    ];
    expect(spotAt(gapped, 120)).toEqual({ page: 0, fraction: 0.9999 });
  });

  it('lands on the same panel on a wider screen (pages scale, pixels do not)', () => {
    const phone = stack([585, 585, 585, 585], 90);
    const wide = stack([645, 645, 645, 645], 90);
    const spot = spotAt(phone, 90 + 585 * 2 + 117)!; // a fifth into the third page
    expect(spot).toEqual({ page: 2, fraction: 0.2 });
    expect(scrollTopFor(spot, wide)).toBe(90 + 645 * 2 + 129);
  });

  it('round-trips: the scroll top for a spot gives back that spot', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 50, max: 3000 }), { minLength: 1, maxLength: 40 }),
        fc.integer({ min: 0, max: 400 }),
        fc.nat(),
        fc.double({ min: 0, max: 0.999, noNaN: true }),
        (heights, start, pick, fraction) => {
          const b = stack(heights, start);
          const spot = { page: pick % b.length, fraction: Math.round(fraction * 10_000) / 10_000 };
          const top = scrollTopFor(spot, b)!;
          const back = spotAt(b, top)!;
          expect(back.page).toBe(spot.page);
          expect(back.fraction).toBeCloseTo(spot.fraction, 4);
        },
      ),
    );
  });

  it('a saved page past the chapter end lands on its last page', () => {
    expect(scrollTopFor({ page: 9, fraction: 0.5 }, boxes)).toBe(1290 + 450);
    expect(scrollTopFor({ page: 1, fraction: Number.NaN }, boxes)).toBe(690);
  });
});

describe('the end of a chapter', () => {
  const boxes = stack([600, 600], 90);
  it('is reached when the last page’s end is on screen', () => {
    // Last page ends at 1290; an 844 px view.
    expect(reachedEnd(boxes, 1290 - 844 - END_SLACK_PX - 1, 844)).toBe(false);
    expect(reachedEnd(boxes, 1290 - 844 - END_SLACK_PX, 844)).toBe(true);
    expect(reachedEnd(boxes, 2000, 844)).toBe(true);
    expect(reachedEnd([], 0, 844)).toBe(false);
  });
});

describe('where a chapter opens', () => {
  it('at the saved spot when left in the middle', () => {
    expect(resumeSpot({ page: 3, fraction: 0.42, finished: false })).toEqual({ page: 3, fraction: 0.42 });
    expect(resumeSpot({ page: 0, fraction: 0.5, finished: false })).toEqual({ page: 0, fraction: 0.5 });
  });
  it('at the top when read to the end, never read, left at the start, or saved nonsense', () => {
    expect(resumeSpot({ page: 3, fraction: 0.42, finished: true })).toBeNull();
    expect(resumeSpot(undefined)).toBeNull();
    expect(resumeSpot({ page: 0, fraction: MIN_RESUME_FRACTION / 2, finished: false })).toBeNull();
    expect(resumeSpot({ page: -1, fraction: 0.5, finished: false })).toBeNull();
    expect(resumeSpot({ page: 1.5, fraction: 0.5, finished: false })).toBeNull();
    expect(resumeSpot({ page: 2, fraction: Number.POSITIVE_INFINITY, finished: false })).toBeNull();
  });
  it('clamps a fraction out of range into the page', () => {
    expect(resumeSpot({ page: 2, fraction: 3, finished: false })).toEqual({ page: 2, fraction: 0.9999 });
  });
});

describe('saving', () => {
  it('skips a spot that did not move', () => {
    expect(sameSpot({ page: 1, fraction: 0.25 }, { page: 1, fraction: 0.25 })).toBe(true);
    expect(sameSpot({ page: 1, fraction: 0.25 }, { page: 1, fraction: 0.2501 })).toBe(false);
    expect(sameSpot({ page: 1, fraction: 0.25 }, { page: 2, fraction: 0.25 })).toBe(false);
    expect(sameSpot(null, { page: 2, fraction: 0.25 })).toBe(false);
    expect(sameSpot(null, null)).toBe(true);
  });
});
