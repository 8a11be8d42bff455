import { Link, useRouter } from '@tanstack/react-router';
import { Msg, type Book, CommonText, ReaderChromeText } from '../../../contract';
import type { BookRef } from '../../lib/db';
import { ShelfButton } from '../comics/ShelfButton';

/** The reader's top bar (back, the book's title) and bottom bar (目录, 上一章, 下一章, 收藏/移出书架). */
export function ReaderMenu({
  visible,
  title,
  book,
  onPrev,
  onNext,
}: {
  visible: boolean;
  title: string;
  book: Book | BookRef | undefined;
  onPrev: () => void;
  onNext: () => void;
}) {
  const router = useRouter();
  const cls = visible ? 'reader-bar shown' : 'reader-bar';
  const bookId = book ? String(book.bookId) : undefined;
  return (
    <>
      <header className={`${cls} reader-top`} inert={!visible}>
        <button
          type="button"
          className="reader-back"
          aria-label={CommonText.back}

          onClick={() =>
            bookId
              ? router.navigate({ to: '/book/$bookId', params: { bookId } })
              : router.navigate({ to: '/home' })
          }
        >
          ‹
        </button>
        {title ? <h1 className="reader-title">{title}</h1> : <span className="reader-title" />}
      </header>
      <nav className={`${cls} reader-bottom`} aria-label={ReaderChromeText.menu} inert={!visible}>
        {bookId ? (
          <Link
            to="/book/$id/catalog"
            params={{ id: bookId }}
            search={{ title: book?.title }}
            className="reader-btn"
          >
            {Msg.catalogue}
          </Link>
        ) : (
          <span className="reader-btn" />
        )}
        <button type="button" className="reader-btn" onClick={onPrev}>
          {Msg.prevChapter}
        </button>
        <button type="button" className="reader-btn" onClick={onNext}>
          {Msg.nextChapter}
        </button>
        {book ? <ShelfButton book={book} short className="reader-btn" /> : <span className="reader-btn" />}
      </nav>
    </>
  );
}
