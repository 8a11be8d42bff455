import { Link } from '@tanstack/react-router';
import type { Book } from '../../../contract';
import { BookCover } from '../comics/BookCover';
import { statusLabel } from '../comics/format';

/** Full-width card on the wide cover (the heavyweight section). */
export function WideBookCard({ book }: { book: Book }) {
  return (
    <Link
      to="/book/$bookId"
      params={{ bookId: String(book.bookId) }}
      className="book-wide"
      aria-label={book.title}
    >
      <BookCover src={book.horiCover || book.cover} title={book.title} wide />
      <span className="book-wide-caption">
        <span className="book-wide-title">{book.title}</span>
        <span className="book-wide-sub">
          {statusLabel(book.publishStatus)} · {book.categoryName}
        </span>
      </span>
    </Link>
  );
}
