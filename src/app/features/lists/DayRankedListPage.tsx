import { getRouteApi } from '@tanstack/react-router';
import { ALL_ID, Msg, ListText, ListTitle } from '../../../contract';
import { bookKeys, fetchRank, type RankType } from '../../lib/api/books';
import { categoryParam } from '../../lib/search-params';
import { Tabs } from '../comics/Tabs';
import { useCategories } from '../comics/useCategories';
import { BookListScreen } from './BookListScreen';
import { rankNumber } from './paging';
import { fetchRankScreenPage, rankNextPage } from './rank-pages';

const RANK_TABS = [
  { id: 'total', label: Msg.rankTotal },
  { id: 'week', label: Msg.rankWeek },
] as const;

const route = getRouteApi('/home/day-ranked');

/**
 * /home/day-ranked: 总榜 / 周榜 tabs plus category tabs, both the URL's search params (总榜 and 'all'
 * left out), so coming back shows the same list.
 */
export function DayRankedListPage() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const type: RankType = search.type === 'week' ? 'week' : 'total';
  const category = search.category === undefined ? ALL_ID : String(search.category);
  const setType = (t: RankType) =>
    void navigate({ search: (s) => ({ ...s, type: t === 'week' ? t : undefined }), replace: true });
  const setCategory = (id: string) =>
    void navigate({ search: (s) => ({ ...s, category: categoryParam(id) }), replace: true });
  const { categoryTabs } = useCategories();
  return (
    <BookListScreen
      title={ListTitle.dayRanked}
      queryKey={bookKeys.rank(type, category)}
      fetchPage={(page) => fetchRankScreenPage(page, (p) => fetchRank(type, category, p))}
      getNextPage={rankNextPage}
      rankOf={rankNumber}
      note={type === 'week' ? 'week' : 'total'}
      tabs={
        <div className="list-tabs">
          <Tabs
            items={RANK_TABS}
            value={type}
            onChange={(id) => setType(id === 'week' ? 'week' : 'total')}
            label={ListText.boards}
            className="tabs-rank"
          />
          <Tabs items={categoryTabs} value={category} onChange={setCategory} label={ListText.category} />
        </div>
      }
    />
  );
}
