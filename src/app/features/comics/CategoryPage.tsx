import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ALL_ID, type Book } from '../../../contract';
import { InfiniteList } from '../../components/InfiniteList';
import { Page } from '../../components/Page';
import { bookKeys, fetchQuery } from '../../lib/api/books';
import { nextPageParam } from '../../lib/paging';
import { LargeBookCard } from './BookCards';
import { Tabs } from './Tabs';
import { useCategories } from './useCategories';

/** /category: filter by publish status and category ('all' first), with an infinite list. */
export function CategoryPage() {
  const [publish, setPublish] = useState(ALL_ID);
  const [category, setCategory] = useState(ALL_ID);
  const { categoryTabs, statuses } = useCategories();
  const q = useInfiniteQuery({
    queryKey: bookKeys.query(publish, category),
    queryFn: ({ pageParam }) => fetchQuery(publish, category, pageParam),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
  });
  const books = q.data?.pages.flatMap((p) => p.bookList) ?? [];
  return (
    <Page title="分类" back={false}>
      <div className="filters">
        <Tabs
          items={statuses.map((s) => ({ id: s.code, label: s.desc }))}
          value={publish}
          onChange={setPublish}
          label="连载状态"
        />
        <Tabs items={categoryTabs} value={category} onChange={setCategory} label="分类" />
      </div>
      <InfiniteList
        className="book-list category-list"
        query={q}
        items={books}
        itemKey={(b: Book) => b.bookId}
        renderItem={(b: Book) => <LargeBookCard book={b} />}
      />
    </Page>
  );
}
