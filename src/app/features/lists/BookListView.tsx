import { useState } from 'react';
import type { Book } from '../../../contract';
import { BookGrid, LargeBookCard } from '../comics/BookCards';
import { noteOf, type NoteKind } from './notes';
import { isTopRank } from './paging';
import { splitLayout } from './paging';
import './lists.css';
import { ListText } from '../../../contract';

/** NO.n, the top 3 highlighted (ranking screens). */
export function RankBadge({ n }: { n: number }) {
  return (
    <span className={isTopRank(n) ? `rank-badge top top-${n}` : 'rank-badge'} aria-label={ListText.rank(n)}>
      NO.{n}
    </span>
  );
}

/**
 * A list of books: the first 3 in the small layout, the rest large. `rankOf` numbers them (NO.n badges).
 */
export function BookListView({
  books,
  rankOf,
  note,
}: {
  books: readonly Book[];
  rankOf?: (index: number) => number;
  /** What the list ranks by, under each book (notes.ts). */
  note?: NoteKind;
}) {
  // The notes' clock: read once per screen, so a re-render does not change what they say.
  const [now] = useState(() => Date.now());
  const noteFor = note ? (b: Partial<Book>) => noteOf(note, b, now) : undefined;
  const { small, large } = splitLayout(books);
  return (
    <>
      {small.length > 0 && (
        <BookGrid
          books={small}
          badge={rankOf ? (_, i) => <RankBadge n={rankOf(i)} /> : undefined}
          note={noteFor}
        />
      )}
      {large.length > 0 && (
        <ul className="book-rows">
          {large.map((b, i) => (
            <li key={b.bookId}>
              <LargeBookCard
                book={b}
                badge={rankOf ? <RankBadge n={rankOf(i + small.length)} /> : undefined}
                note={note ? noteOf(note, b, now, 'large') : undefined}
              />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
