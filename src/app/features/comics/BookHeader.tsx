import { memo } from 'react';
import type { Book } from '../../../contract';
import { BookCover } from './BookCover';
import { formatCount, statusLabel } from './format';
import { ComicsText } from '../../../contract';

/** Cover, title, status tag, category, recommend index, read count and abstract. */
export const BookHeader = memo(function BookHeader({ book }: { book: Book }) {
  return (
    <header className="book-header">
      <div className="book-header-top">
        <span className="book-header-cover">
          <BookCover src={book.cover} title={book.title} eager />
        </span>
        <div className="book-header-info">
          <h2 className="book-header-title">{book.title}</h2>
          {book.author && <p className="book-header-line">{book.author}</p>}
          <p className="book-header-line">
            <span className={book.publishStatus === 'finish' ? 'tag tag-finish' : 'tag'}>
              {statusLabel(book.publishStatus)}
            </span>
            <span className="book-header-category">{book.categoryName}</span>
          </p>
          <p className="book-header-line">
            {ComicsText.recommendIndex}{' '}
            <strong aria-label={ComicsText.recommendIndexOf(book.recommend)}>{book.recommend}</strong>
          </p>
          <p className="book-header-line">
            {ComicsText.popularity} {formatCount(book.readCount)}
          </p>
        </div>
      </div>
      <p className="book-abstract">{book.abstractContent}</p>
    </header>
  );
});
