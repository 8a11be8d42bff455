import {
  DAY_LIST_STOP_PAGE,
  DAY_PAGE_SIZE,
  HOME_REFRESH_MAX_PAGE,
  RANK_NUMBERING_PER_PAGE,
  RANK_PAGE_SIZE,
  SMALL_LAYOUT_COUNT,
} from '../../../contract';
import { hasMorePages } from '../../lib/paging';

/** The paging rules of spec §4 (Paging) and §9, pure so they are tested on their own. */

/** Whether a paged list has nothing more after `page`: totalPage 0 or page ≥ totalPage. */
export function noMoreAfter(page: number, totalPage: number): boolean {
  return !hasMorePages(page, totalPage);
}

/** The next page to ask for, or undefined when there is none (TanStack getNextPageParam). */
export function nextPage(page: number, totalPage: number): number | undefined {
  return noMoreAfter(page, totalPage) ? undefined : page + 1;
}

/**
 * Home section and home daily-update refresh: pages 1 → 2 → 3 → 1, over the pages that exist only
 * (`totalPage` when known), so a refresh never lands on an empty page.
 */
export function nextRefreshPage(page: number, totalPage?: number): number {
  const last = Math.min(HOME_REFRESH_MAX_PAGE, totalPage ?? HOME_REFRESH_MAX_PAGE);
  return page >= last || page < 1 ? 1 : page + 1;
}

/**
 * Day list: the next page while more is offered. It stops offering more at page 6 (the list resets to
 * page 1 after page 5), when the server has no more pages, and when the last page was short.
 */
export function dayNextPage(page: number, totalPage: number, lastPageCount: number): number | undefined {
  if (page + 1 >= DAY_LIST_STOP_PAGE) return undefined;
  if (lastPageCount !== DAY_PAGE_SIZE) return undefined;
  return nextPage(page, totalPage);
}

/** Day list: 再来一批 is offered only when the last page had exactly 10 items. */
export function dayOffersBatch(lastPageCount: number): boolean {
  return lastPageCount === DAY_PAGE_SIZE;
}

/**
 * What 再来一批 does: append the next page, or start again from page 1 (replacing the list) once the
 * list reached page 5 or the server's last page.
 */
export function dayBatchAction(page: number, totalPage: number, lastPageCount: number): 'append' | 'reset' {
  return dayNextPage(page, totalPage, lastPageCount) === undefined ? 'reset' : 'append';
}

/**
 * Ranking screens show RANK_NUMBERING_PER_PAGE (20) books per screen page while the server answers
 * RANK_PAGE_SIZE (10) per call: one screen page is these server pages, so the NO.n numbers never skip.
 */
export function rankServerPages(screenPage: number): number[] {
  const per = RANK_NUMBERING_PER_PAGE / RANK_PAGE_SIZE;
  return Array.from({ length: per }, (_, i) => (screenPage - 1) * per + i + 1);
}

/** The NO.n of the `index`-th book (0-based) of screen page `page`: numbering uses 20 per page. */
export function rankNumber(page: number, index: number): number {
  return (page - 1) * RANK_NUMBERING_PER_PAGE + index + 1;
}

/** The top 3 are highlighted. */
export const isTopRank = (n: number) => n >= 1 && n <= 3;

/** The next screen page of a ranking, given the last server page it fetched. */
export function rankNextScreenPage(screenPage: number, totalPage: number): number | undefined {
  const pages = rankServerPages(screenPage);
  return noMoreAfter(pages[pages.length - 1]!, totalPage) ? undefined : screenPage + 1;
}

/** The first 3 books of a list in the small layout, the rest large. */
export function splitLayout<T>(items: readonly T[]): { small: T[]; large: T[] } {
  return { small: items.slice(0, SMALL_LAYOUT_COUNT), large: items.slice(SMALL_LAYOUT_COUNT) };
}
