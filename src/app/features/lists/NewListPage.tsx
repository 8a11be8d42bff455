import { bookKeys, fetchNewList } from '../../lib/api/books';
import { BookListScreen } from './BookListScreen';
import { ListTitle } from '../../../contract';

/** /home/new and /new: the update list (new/{page}). */
export function NewListPage() {
  return <BookListScreen title={ListTitle.newList} queryKey={bookKeys.newList()} fetchPage={fetchNewList} />;
}
