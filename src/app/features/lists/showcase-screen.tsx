import type { ShowcaseType } from '../../../contract';
import { bookKeys, fetchShowcase } from '../../lib/api/books';
import { BookListScreen } from './BookListScreen';

/** A list screen over one showcase type (showcase/detail/{type}/{page}). */
export function ShowcaseListScreen({ type, title }: { type: ShowcaseType; title: string }) {
  return (
    <BookListScreen
      title={title}
      queryKey={bookKeys.showcase(type)}
      fetchPage={(page) => fetchShowcase(type, page)}
    />
  );
}
