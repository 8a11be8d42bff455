import { bookKeys, fetchShowcase } from '../../lib/api/books';
import { BookListScreen } from './BookListScreen';
import { rankNumber } from './paging';
import { fetchRankScreenPage, rankNextPage } from './rank-pages';
import { ListTitle } from '../../../contract';

/** /home/ranked: popularity ranking with NO.n badges, the top 3 highlighted, 20 numbers per page. */
export function RankedListPage() {
  return (
    <BookListScreen
      title={ListTitle.ranked}
      queryKey={[...bookKeys.showcase('hot'), 'ranked']}
      fetchPage={(page) => fetchRankScreenPage(page, (p) => fetchShowcase('hot', p))}
      getNextPage={rankNextPage}
      rankOf={rankNumber}
      note="perDay"
    />
  );
}
