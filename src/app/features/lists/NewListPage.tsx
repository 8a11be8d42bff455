import { bookKeys, fetchNewList } from '../../lib/api/books';
import { BookListScreen } from './BookListScreen';
import { ListTitle } from '../../../contract';

/** /home/new (spec "Update list"): every book by its newest chapter, the latest first (new/{page}). */
export function NewListPage() {
  return (
    <BookListScreen
      title={ListTitle.newList}
      queryKey={bookKeys.newList()}
      fetchPage={fetchNewList}
      note="updated"
    />
  );
}
