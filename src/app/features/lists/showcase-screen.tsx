import type { ShowcaseType } from '../../../contract';
import { bookKeys, fetchShowcase } from '../../lib/api/books';
import { BookListScreen } from './BookListScreen';
import type { NoteKind } from './notes';

/** A list screen over one showcase type (showcase/detail/{type}/{page}). */
export function ShowcaseListScreen({
  type,
  title,
  note,
}: {
  type: ShowcaseType;
  title: string;
  note?: NoteKind;
}) {
  return (
    <BookListScreen
      title={title}
      queryKey={bookKeys.showcase(type)}
      fetchPage={(page) => fetchShowcase(type, page)}
      note={note}
    />
  );
}
