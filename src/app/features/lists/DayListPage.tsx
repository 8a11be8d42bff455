import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ALL_ID, DAY_PAGE_SIZE, Msg } from '../../../contract';
import { bookKeys, fetchTodayUpdate } from '../../lib/api/books';
import { Tabs } from '../comics/Tabs';
import { useCategories } from '../comics/useCategories';
import { BookListScreen } from './BookListScreen';
import { dayBatchAction, dayNextPage, dayOffersBatch } from './paging';
import { ListTitle } from './titles';

/**
 * /home/day: daily updates by category. More loads up to page 5; 再来一批 (offered only after a full page
 * of 10) loads the next page, or starts again from page 1 once page 5 is reached (spec §4).
 */
export function DayListPage() {
  const [category, setCategory] = useState(ALL_ID);
  const { categoryTabs } = useCategories();
  const client = useQueryClient();
  const key = bookKeys.today(category, DAY_PAGE_SIZE);
  return (
    <BookListScreen
      title={ListTitle.day}
      queryKey={key}
      fetchPage={(page) => fetchTodayUpdate(category, DAY_PAGE_SIZE, page)}
      getNextPage={(last, _all, page) => dayNextPage(page, last.totalPage, last.bookList.length)}
      tabs={
        <div className="list-tabs">
          <Tabs items={categoryTabs} value={category} onChange={setCategory} label="分类" />
        </div>
      }
      footer={({ lastCount, page, totalPage, fetchNextPage }) =>
        dayOffersBatch(lastCount) ? (
          <button
            type="button"
            className="batch-button"
            onClick={() => {
              if (dayBatchAction(page, totalPage, lastCount) === 'append') return fetchNextPage();
              // The list resets after page 5: back to a fresh page 1 at the top.
              window.scrollTo({ top: 0 });
              void client.resetQueries({ queryKey: key, exact: true });
            }}
          >
            {Msg.moreBatch}
          </button>
        ) : null
      }
    />
  );
}
