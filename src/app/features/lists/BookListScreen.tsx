import { useInfiniteQuery, type QueryKey } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { Ad, Book } from '../../../contract';
import { EmptyState } from '../../components/EmptyState';
import { InfiniteList } from '../../components/InfiniteList';
import { Page } from '../../components/Page';
import { nextPageParam } from '../../lib/paging';
import { AdSlot } from './AdSlot';
import { BookListView } from './BookListView';
import type { NoteKind } from './notes';

/** One answer page of a list screen. */
export interface ListPage {
  adList: Ad[];
  bookList: Book[];
  totalPage: number;
}

/**
 * The shape of every list screen (spec §2 list screens): ad carousel, the first 3 books small and the
 * rest large, infinite scroll; 暂时没有记录 / 暂时没有更多啦! at the ends.
 */
export function BookListScreen({
  title,
  queryKey,
  fetchPage,
  getNextPage = nextPageParam,
  rankOf,
  note,
  tabs,
  footer,
}: {
  title: string;
  queryKey: QueryKey;
  fetchPage: (page: number) => Promise<ListPage>;
  getNextPage?: (last: ListPage, all: ListPage[], lastPageParam: number) => number | undefined;
  /** NO.n of the book at flat index i on screen page p (ranking screens). */
  rankOf?: (page: number, indexInPage: number) => number;
  /** What the list ranks by, said under each book. */
  note?: NoteKind;
  tabs?: ReactNode;
  footer?: (q: {
    lastCount: number;
    page: number;
    totalPage: number;
    fetchNextPage: () => void;
  }) => ReactNode;
}) {
  const q = useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam }) => fetchPage(pageParam),
    initialPageParam: 1,
    getNextPageParam: getNextPage,
  });
  const pages = q.data?.pages ?? [];
  const books = pages.flatMap((p) => p.bookList);
  const lastCount = pages.at(-1)?.bookList.length ?? 0;
  // Page boundaries of the flat list, to number each book by its screen page.
  const pageOfIndex = (i: number): [number, number] => {
    let rest = i;
    for (let p = 0; p < pages.length; p++) {
      const n = pages[p]!.bookList.length;
      if (rest < n) return [p + 1, rest];
      rest -= n;
    }
    return [pages.length, rest];
  };
  return (
    <Page title={title}>
      {/* Each list has banners of its own: the device keeps each screen's apart (by its title). */}
      <AdSlot slot={`list:${title}`} fresh={pages[0]?.adList} pending={q.isPending} />
      {tabs}
      <InfiniteList
        className="book-list"
        query={q}
        items={books}
        empty={<EmptyState kind="books" />}
        render={(items) => (
          <BookListView
            books={items as Book[]}
            rankOf={rankOf ? (i) => rankOf(...pageOfIndex(i)) : undefined}
            note={note}
          />
        )}
      />
      {pages.length > 0 &&
        footer?.({
          lastCount,
          page: (q.data?.pageParams.at(-1) as number | undefined) ?? 1,
          totalPage: pages.at(-1)?.totalPage ?? 0,
          fetchNextPage: () => void q.fetchNextPage(),
        })}
    </Page>
  );
}
