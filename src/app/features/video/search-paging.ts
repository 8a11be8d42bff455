import { VOD_SEARCH_PAGE_SIZE } from '../../../contract';

/** Video search has a next page only when a full page (20) came back (spec §4 paging). */
export function searchNextPage(
  lastPage: { list: readonly unknown[] },
  allPages: readonly unknown[],
): number | undefined {
  return lastPage.list.length >= VOD_SEARCH_PAGE_SIZE ? allPages.length + 1 : undefined;
}
