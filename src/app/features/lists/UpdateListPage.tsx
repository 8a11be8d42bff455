import { bookKeys, fetchUpdateList } from '../../lib/api/books';
import { BookListScreen } from './BookListScreen';
import { ListTitle } from '../../../contract';

/** /new: the updates day by day, the most read first within a day (update_list/{page}). */
export function UpdateListPage() {
  return (
    <BookListScreen
      title={ListTitle.updateList}
      queryKey={bookKeys.updateList()}
      fetchPage={fetchUpdateList}
      note="updateDay"
    />
  );
}
