import type { ListPage } from './BookListScreen';
import { rankNextScreenPage, rankServerPages } from './paging';

/**
 * One ranking screen page: its two server pages of 10 joined, so it holds the 20 books its NO.n numbers
 * cover. The second call is skipped when the first already was the last page.
 */
export async function fetchRankScreenPage(
  screenPage: number,
  fetchServerPage: (page: number) => Promise<ListPage>,
): Promise<ListPage> {
  const [first, ...rest] = rankServerPages(screenPage);
  const head = await fetchServerPage(first!);
  const tail = await Promise.all(rest.filter((p) => p <= head.totalPage).map(fetchServerPage));
  return {
    adList: head.adList,
    bookList: [head, ...tail].flatMap((p) => p.bookList),
    totalPage: head.totalPage,
  };
}

/** getNextPageParam of a ranking screen (pages of 20 over server pages of 10). */
export const rankNextPage = (last: ListPage, _all: ListPage[], screenPage: number) =>
  rankNextScreenPage(screenPage, last.totalPage);
