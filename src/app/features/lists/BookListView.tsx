import type { Book } from '../../../contract';
import { BookGrid, LargeBookCard } from '../comics/BookCards';
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
}: {
  books: readonly Book[];
  rankOf?: (index: number) => number;
}) {
  const { small, large } = splitLayout(books);
  return (
    <>
      {small.length > 0 && (
        <BookGrid books={small} badge={rankOf ? (_, i) => <RankBadge n={rankOf(i)} /> : undefined} />
      )}
      {large.length > 0 && (
        <ul className="book-rows">
          {large.map((b, i) => (
            <li key={b.bookId}>
              <LargeBookCard
                book={b}
                badge={rankOf ? <RankBadge n={rankOf(i + small.length)} /> : undefined}
              />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
