import { useState } from 'react';
import { ALL_ID, Msg } from '../../../contract';
import { bookKeys, fetchRank, type RankType } from '../../lib/api/books';
import { Tabs } from '../comics/Tabs';
import { useCategories } from '../comics/useCategories';
import { BookListScreen } from './BookListScreen';
import { rankNumber } from './paging';
import { fetchRankScreenPage, rankNextPage } from './rank-pages';
import { ListTitle } from './titles';

const RANK_TABS = [
  { id: 'total', label: Msg.rankTotal },
  { id: 'week', label: Msg.rankWeek },
] as const;

/** /home/day-ranked: 总榜 / 周榜 tabs plus category tabs. */
export function DayRankedListPage() {
  const [type, setType] = useState<RankType>('total');
  const [category, setCategory] = useState(ALL_ID);
  const { categoryTabs } = useCategories();
  return (
    <BookListScreen
      title={ListTitle.dayRanked}
      queryKey={bookKeys.rank(type, category)}
      fetchPage={(page) => fetchRankScreenPage(page, (p) => fetchRank(type, category, p))}
      getNextPage={rankNextPage}
      rankOf={rankNumber}
      tabs={
        <div className="list-tabs">
          <Tabs
            items={RANK_TABS}
            value={type}
            onChange={(id) => setType(id === 'week' ? 'week' : 'total')}
            label="榜单"
            className="tabs-rank"
          />
          <Tabs items={categoryTabs} value={category} onChange={setCategory} label="分类" />
        </div>
      }
    />
  );
}
