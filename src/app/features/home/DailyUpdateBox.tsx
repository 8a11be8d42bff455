import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { memo, useState } from 'react';
import { ALL_ID, HOME_DAILY_PAGE_SIZE, HomeText, ListTitle } from '../../../contract';
import { bookKeys, fetchTodayUpdate } from '../../lib/api/books';
import { BookGrid } from '../comics/BookCards';
import { Tabs } from '../comics/Tabs';
import { useCategories } from '../comics/useCategories';
import { nextRefreshPage } from '../lists/paging';
import { SectionHeader } from './SectionHeader';

/**
 * 每日更新 box: category tabs (all plus each), 6 books a page, 换一批 cycling pages 1 → 2 → 3 → 1 over
 * the pages the category has, and 更多 to /home/day.
 */
export const DailyUpdateBox = memo(function DailyUpdateBox() {
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
