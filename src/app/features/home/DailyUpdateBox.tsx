import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, memo, Suspense, useState } from 'react';
import { ALL_ID, HOME_DAILY_PAGE_SIZE, HomeText, ListTitle } from '../../../contract';
import { bookKeys, fetchTodayUpdate } from '../../lib/api/books';
import { BookGrid } from '../comics/BookCards';
import { Tabs } from '../comics/Tabs';
import { useCategories } from '../comics/useCategories';
import { nextRefreshPage } from '../lists/paging';
import { SectionHeader } from './SectionHeader';

// Only a service with no book shows it: the home's first load carries none of its code.
const EmptyState = lazy(() => import('../../components/EmptyState').then((m) => ({ default: m.EmptyState })));

/**
 * 每日更新 box: category tabs (all plus each), 6 books a page, 换一批 cycling pages 1 → 2 → 3 → 1 over
 * the pages the category has, and 更多 to /home/day. It lists every book by its last update, so when its
 * first page of all categories is empty the service has no book at all: the home's empty state stands in
 * its place (every other section is empty then too), with the way to ask again.
 */
export const DailyUpdateBox = memo(function DailyUpdateBox() {
  const client = useQueryClient();
  const { categoryTabs } = useCategories();
  const [category, setCategory] = useState(ALL_ID);
  const [page, setPage] = useState(1);
  const q = useQuery({
    queryKey: bookKeys.todayPage(category, HOME_DAILY_PAGE_SIZE, page),
    queryFn: () => fetchTodayUpdate(category, HOME_DAILY_PAGE_SIZE, page),
    placeholderData: keepPreviousData,
  });
  const books = q.data?.bookList ?? [];
  const totalPage = q.data?.totalPage ?? 0;
  if (category === ALL_ID && page === 1 && q.data && books.length === 0 && !q.isPlaceholderData)
    return (
      <Suspense fallback={null}>
        <EmptyState
          kind="home"
          // The home's own answers (index, three-d, categories, this box): a book may have come since.
          onReload={() => void client.invalidateQueries({ queryKey: bookKeys.all, type: 'active' })}
          reloading={q.isFetching}
        />
      </Suspense>
    );
  return (
    <section className="home-section daily-box" aria-labelledby="home-daily">
      <SectionHeader
        id="home-daily"
        title={ListTitle.day}
        more="/home/day"
        refreshing={q.isFetching}
        onRefresh={() => setPage(nextRefreshPage(page, totalPage))}
      />
      <Tabs
        items={categoryTabs}
        value={category}
        onChange={(id) => {
          setCategory(id);
          setPage(1);
        }}
        label={HomeText.dayCategories}
      />
      <div className="daily-books" style={{ minHeight: q.isPending ? 'var(--grid-6-h)' : undefined }}>
        <BookGrid books={books} />
      </div>
    </section>
  );
});
