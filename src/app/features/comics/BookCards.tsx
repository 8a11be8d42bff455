import { PlainLink } from '../../components/PlainLink';
import { memo, type ReactNode } from 'react';
import type { Book } from '../../../contract';
import { BookCover } from './BookCover';
import { formatCount, statusLabel } from './format';
import './comics.css';
import { ComicsText } from '../../../contract';

type CardBook = Pick<Book, 'bookId' | 'title' | 'cover'> & Partial<Book>;

/*
 * Cards link through their title only, stretched over the whole card in CSS: the link's name is the
 * title a reader sees and says (WCAG 2.5.3), while the status, category and abstract stay plain text.
 */

/** A cover with the title under it: grids (home sections, the first 3 of a list, 同类推荐). */
export function SmallBookCard({
  book,
  badge,
  note,
}: {
  book: CardBook;
  badge?: ReactNode;
  /** What its list ranks by (3天前上架…), in place of the category (also on the cover). */
  note?: string;
}) {
  return (
    <div className="book-small link-card">
      <span className="book-small-cover">
        <BookCover src={book.cover} title={book.title} />
        {badge}
      </span>
      <PlainLink
        link={{ to: '/book/$bookId', params: { bookId: String(book.bookId) } }}
        className="book-small-title card-link"
      >
        {book.title}
      </PlainLink>
      {note ? (
        <span className="book-small-sub">{note}</span>
      ) : (
        book.categoryName && <span className="book-small-sub">{book.categoryName}</span>
      )}
    </div>
  );
}

/** A row with the cover, title, status, category, read count and abstract (the rest of a list). */
export function LargeBookCard({
  book,
  badge,
  extra,
  note,
}: {
  book: CardBook;
  badge?: ReactNode;
  extra?: ReactNode;
  /** What its list ranks by (2小时前更新…), in place of the read count. */
  note?: string;
}) {
  return (
    <div className="book-large link-card">
      <span className="book-large-cover">
        <BookCover src={book.cover} title={book.title} />
        {badge}
      </span>
      <span className="book-large-info">
        <PlainLink
          link={{ to: '/book/$bookId', params: { bookId: String(book.bookId) } }}
          className="book-large-title card-link"
        >
          {book.title}
        </PlainLink>
        <span className="book-large-meta">
          {book.publishStatus && (
            <span className={`tag ${book.publishStatus === 'finish' ? 'tag-finish' : ''}`}>
              {statusLabel(book.publishStatus)}
            </span>
          )}
          {book.categoryName && <span>{book.categoryName}</span>}
          {note ? (
            <span className="book-note">{note}</span>
          ) : (
            book.readCount !== undefined && <span>{ComicsText.readers(formatCount(book.readCount))}</span>
          )}
        </span>
        {book.abstractContent && <span className="book-large-abstract">{book.abstractContent}</span>}
        {extra}
      </span>
    </div>
  );
}

/**
 * A 3-column grid of small cards. Memoised: the screens around it re-render as device storage and
 * answers come in, and its books are the same objects from one render to the next.
 */
export const BookGrid = memo(function BookGrid({
  books,
  badge,
  note,
}: {
  books: readonly CardBook[];
  badge?: (book: CardBook, index: number) => ReactNode;
  note?: (book: CardBook) => string | undefined;
}) {
  return (
    <ul className="book-grid">
      {books.map((b, i) => (
        <li key={b.bookId}>
          <SmallBookCard book={b} badge={badge?.(b, i)} note={note?.(b)} />
        </li>
      ))}
    </ul>
  );
});
