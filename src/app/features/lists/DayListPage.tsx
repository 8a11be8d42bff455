import { useQueryClient } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { ALL_ID, DAY_PAGE_SIZE, Msg, ListText, ListTitle } from '../../../contract';
import { bookKeys, fetchTodayUpdate } from '../../lib/api/books';
import { categoryParam } from '../../lib/search-params';
import { Tabs } from '../comics/Tabs';
import { useCategories } from '../comics/useCategories';
import { BookListScreen } from './BookListScreen';
import { dayBatchAction, dayNextPage, dayOffersBatch } from './paging';

const route = getRouteApi('/home/day');

/**
 * /home/day: daily updates by category. More loads up to page 5; 再来一批 (offered only after a full page
 * of 10) loads the next page, or starts again from page 1 once page 5 is reached (spec §4). The category
 * tab is the URL's search param, so coming back shows the same list.
 */
export function DayListPage() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const category = search.category === undefined ? ALL_ID : String(search.category);
  const setCategory = (id: string) =>
    void navigate({ search: { category: categoryParam(id) }, replace: true });
  const { categoryTabs } = useCategories();
  const client = useQueryClient();
  const key = bookKeys.today(category, DAY_PAGE_SIZE);
  return (
    <BookListScreen
      title={ListTitle.day}
      note="updated"
      queryKey={key}
      fetchPage={(page) => fetchTodayUpdate(category, DAY_PAGE_SIZE, page)}
      getNextPage={(last, _all, page) => dayNextPage(page, last.totalPage, last.bookList.length)}
      tabs={
        <div className="list-tabs">
          <Tabs items={categoryTabs} value={category} onChange={setCategory} label={ListText.category} />
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
