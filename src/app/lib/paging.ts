import { NEAR_BOTTOM_RATIO } from '../../contract';

/** Spec §4 paging: no more when totalPage is 0 or the current page is at least totalPage. */
export function hasMorePages(currentPage: number, totalPage: number): boolean {
  return totalPage > 0 && currentPage < totalPage;
}

/**
 * `getNextPageParam` for TanStack infinite queries over the spec's `{ totalPage }` answers:
 * pages are numbered from 1, so the current page is the count of loaded pages.
 */
export function nextPageParam(
  lastPage: { totalPage: number },
  allPages: readonly unknown[],
): number | undefined {
  return hasMorePages(allPages.length, lastPage.totalPage) ? allPages.length + 1 : undefined;
}

/** Whether an element whose top is at `top` (px from the viewport top) is near enough to load more. */
export function isNearBottom(top: number, viewportHeight: number, ratio = NEAR_BOTTOM_RATIO): boolean {
  return top <= viewportHeight * ratio;
}

/** IntersectionObserver margin that fires when a sentinel comes within `ratio` × the view height. */
export const nearBottomRootMargin = (ratio = NEAR_BOTTOM_RATIO) =>
  `0px 0px ${Math.round((ratio - 1) * 100)}% 0px`;
