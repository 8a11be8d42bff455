/**
 * Where a reader is inside a chapter, and where to scroll to land there again. A spot is a page index
 * plus a fraction of that page's height, not pixels: page boxes are reserved from their width and
 * height before images arrive, so a spot maps to the same panel on any screen width, loaded or not.
 */

/** A page's box in document coordinates (px from the top of the document). */
export interface PageBox {
  top: number;
  height: number;
}

export interface ChapterSpot {
  /** Index of the page at the top of the view. */
  page: number;
  /** How far down that page the top of the view is, 0 ≤ fraction < 1. */
  fraction: number;
}

/** The view's bottom within this many px of the last page's end counts as the end read. */
export const END_SLACK_PX = 4;
/** Saved fractions are rounded to this many steps per page (1/10,000 of a page is under a pixel). */
const FRACTION_STEPS = 10_000;
/** A spot this close to the chapter's start is the start: no jump, the chapter title stays in view. */
export const MIN_RESUME_FRACTION = 0.05;

const clampFraction = (f: number) =>
  Math.min(
    (FRACTION_STEPS - 1) / FRACTION_STEPS,
    Math.max(0, Math.round(f * FRACTION_STEPS) / FRACTION_STEPS),
  );

/**
 * The spot at the top of the view, or null for a chapter with no pages. Above the first page (the
 * chapter title) is page 0 at 0; a gap between pages belongs to the page above it.
 */
export function spotAt(boxes: readonly PageBox[], scrollTop: number): ChapterSpot | null {
  if (boxes.length === 0) return null;
  // The last page whose top is at or above the view's top (boxes are in document order).
  let lo = 0;
  let hi = boxes.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (boxes[mid]!.top <= scrollTop) lo = mid;
    else hi = mid - 1;
  }
  const box = boxes[lo]!;
  const fraction = box.height > 0 ? (scrollTop - box.top) / box.height : 0;
  return { page: lo, fraction: clampFraction(fraction) };
}

/**
 * The scroll top that puts `spot` at the top of the view. A page past the chapter's end (it has fewer
 * pages than when saved) lands on its last page; null for a chapter with no pages.
 */
export function scrollTopFor(spot: ChapterSpot, boxes: readonly PageBox[]): number | null {
  if (boxes.length === 0) return null;
  const page = Math.min(Math.max(0, Math.trunc(spot.page)), boxes.length - 1);
  const box = boxes[page]!;
  const fraction = Number.isFinite(spot.fraction) ? Math.min(1, Math.max(0, spot.fraction)) : 0;
  return box.top + fraction * box.height;
}

/** Whether the end of the last page is on screen (the chapter has been read to its end). */
export function reachedEnd(boxes: readonly PageBox[], scrollTop: number, viewportHeight: number): boolean {
  const last = boxes.at(-1);
  return !!last && scrollTop + viewportHeight >= last.top + last.height - END_SLACK_PX;
}

/**
 * The spot to land on when a chapter opens, or null to open it at the top: a chapter read to its end
 * opens at the top again (a re-read), and so does one left at its very start.
 */
export function resumeSpot(
  saved: (ChapterSpot & { finished: boolean }) | undefined | null,
): ChapterSpot | null {
  if (!saved || saved.finished) return null;
  if (!Number.isInteger(saved.page) || saved.page < 0 || !Number.isFinite(saved.fraction)) return null;
  if (saved.page === 0 && saved.fraction < MIN_RESUME_FRACTION) return null;
  return { page: saved.page, fraction: clampFraction(saved.fraction) };
}

/** Same page and (after rounding) same fraction: nothing new to save. */
export const sameSpot = (a: ChapterSpot | null, b: ChapterSpot | null) =>
  a === b || (!!a && !!b && a.page === b.page && Math.abs(a.fraction - b.fraction) < 0.5 / FRACTION_STEPS);
