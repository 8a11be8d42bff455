import { PlainLink } from '../../components/PlainLink';
import type { Book } from '../../../contract';
import { BookCover } from '../comics/BookCover';
import { statusLabel } from '../comics/format';

/** Full-width card on the wide cover (the heavyweight section). */
export function WideBookCard({ book }: { book: Book }) {
  return (
    <div className="book-wide link-card">
      <BookCover src={book.horiCover || book.cover} title={book.title} wide />
      <span className="book-wide-caption">
        {/* The title is the link, stretched over the card (see BookCards). */}
        <PlainLink
          link={{ to: '/book/$bookId', params: { bookId: String(book.bookId) } }}
          className="book-wide-title card-link"
        >
          {book.title}
        </PlainLink>
        <span className="book-wide-sub">
          {statusLabel(book.publishStatus)} · {book.categoryName}
        </span>
      </span>
    </div>
  );
}
