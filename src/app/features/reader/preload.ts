/**
 * What the reader fetches ahead, decided by one pure function (as Suwayomi's getPageIndexesToLoad):
 * the next few pages of this chapter, and — once the reader is a quarter in or near the end, as Suwayomi
 * and Mihon do — the first pages of the next chapter, so 下一章 shows images at once.
 */

/** Pages of this chapter fetched ahead of the last visible one. */
export const PAGES_AHEAD = 4;
/** The next chapter is fetched once this share of the chapter has been read… */
export const NEXT_CHAPTER_AT_RATIO = 0.25;
/** …or when this few pages (or fewer) remain after the last visible one. */
export const NEXT_CHAPTER_REMAINING = 4;
/** How many of the next chapter's first pages are fetched. */
export const NEXT_CHAPTER_PAGES = 3;

export interface PreloadInput {
  /** Pages in the current chapter. */
  pageCount: number;
  /** Index of the last page on screen (-1 before any is). */
  lastVisible: number;
  /** The next chapter's number, 0 when there is none. */
  nextNumber: number;
  /** The next chapter's page count once its data is known (undefined before). */
  nextPageCount?: number;
}

export interface PreloadPlan {
  /** Indexes of this chapter's pages to load eagerly (visible ones and those ahead). */
  pages: number[];
  /** Whether to fetch the next chapter's data now. */
  nextChapter: boolean;
  /** Indexes of the next chapter's pages to fetch (empty until its data is known). */
  nextPages: number[];
}

const range = (from: number, toExclusive: number) =>
  Array.from({ length: Math.max(0, toExclusive - from) }, (_, i) => from + i);

export function getPagesToPreload(input: PreloadInput): PreloadPlan {
  const count = Math.max(0, input.pageCount);
  const last = Math.min(Math.max(input.lastVisible, -1), count - 1);
  const pages = range(0, Math.min(count, last + 1 + PAGES_AHEAD));
  const readRatio = count === 0 ? 1 : (last + 1) / count;
  const remaining = count - 1 - last;
  const nextChapter =
    input.nextNumber > 0 && (readRatio >= NEXT_CHAPTER_AT_RATIO || remaining <= NEXT_CHAPTER_REMAINING);
  const nextPages =
    nextChapter && input.nextPageCount !== undefined
      ? range(0, Math.min(input.nextPageCount, NEXT_CHAPTER_PAGES))
      : [];
  return { pages, nextChapter, nextPages };
}
