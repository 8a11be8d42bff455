import { useInfiniteQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { ALL_ID, type Book, ComicsText } from '../../../contract';
import { EmptyState } from '../../components/EmptyState';
import { InfiniteList } from '../../components/InfiniteList';
import { Page } from '../../components/Page';
import { bookKeys, fetchQuery } from '../../lib/api/books';
import { nextPageParam } from '../../lib/paging';
import { categoryParam } from '../../lib/search-params';
import { LargeBookCard } from './BookCards';
import { Tabs } from './Tabs';
import { useCategories } from './useCategories';

const route = getRouteApi('/category');

/** A filter row with its label at the start; the tab list carries the same words as its name. */
function FilterRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="filter-row">
      <span className="filter-label" aria-hidden="true">
        {label}
      </span>
      {children}
    </div>
  );
}

/**
 * /category: filter by publish status and category ('all' first), with an infinite list. The filters
 * are the URL's search params, so coming back shows the same list where it was left.
 */
export function CategoryPage() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const publish = search.publish ?? ALL_ID;
  const category = search.category === undefined ? ALL_ID : String(search.category);
  const setPublish = (id: string) =>
    void navigate({
      search: (s) => ({ ...s, publish: id === 'serialize' || id === 'finish' ? id : undefined }),
      replace: true,
    });
  const setCategory = (id: string) =>
    void navigate({ search: (s) => ({ ...s, category: categoryParam(id) }), replace: true });
  const { categoryTabs, statuses } = useCategories();
  const q = useInfiniteQuery({
    queryKey: bookKeys.query(publish, category),
    queryFn: ({ pageParam }) => fetchQuery(publish, category, pageParam),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
  });
  const books = q.data?.pages.flatMap((p) => p.bookList) ?? [];
  return (
    <Page title={ComicsText.category} back={false}>
      <div className="filters">
        <FilterRow label={ComicsText.statusFilter}>
          <Tabs
            items={statuses.map((s) => ({ id: s.code, label: s.desc }))}
            value={publish}
            onChange={setPublish}
            label={ComicsText.statusFilter}
          />
        </FilterRow>
        <FilterRow label={ComicsText.genreFilter}>
          <Tabs items={categoryTabs} value={category} onChange={setCategory} label={ComicsText.genreFilter} />
        </FilterRow>
      </div>
      <InfiniteList
        className="book-list category-list"
        query={q}
        items={books}
        itemKey={(b: Book) => b.bookId}
        renderItem={(b: Book) => <LargeBookCard book={b} />}
        empty={<EmptyState kind="category" />}
      />
    </Page>
  );
}
