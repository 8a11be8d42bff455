import { useQuery } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { PlainLink } from '../../components/PlainLink';
import {
  Code,
  ComicsText,
  DownloadText,
  FREE_CHAPTER_COUNT,
  Msg,
  type Book,
  type Chapter,
} from '../../../contract';
import { Page } from '../../components/Page';
import { detailQuery } from '../../lib/api/books';
import { ApiError } from '../../lib/api/http';
import { useBookHistory } from '../../lib/device/history';
import { DownloadButton } from '../downloads/DownloadButton';
import { DownloadedTag } from '../downloads/DownloadedMark';
import { useDownloadedNumbers } from '../downloads/live';
import { BookGrid } from './BookCards';
import { BookHeader } from './BookHeader';
import { ContinueDialog } from './ContinueDialog';
import { ShelfButton } from './ShelfButton';

// Only a missing book shows it: the comic home's first load carries none of its code.
const EmptyState = lazy(() => import('../../components/EmptyState').then((m) => ({ default: m.EmptyState })));

/** The chapters offered straight from the comic home: those free among the first 2 (spec §9). */
export const freeFirstChapters = (chapters: readonly Chapter[]) =>
  chapters.slice(0, FREE_CHAPTER_COUNT).filter((c) => c.price === 0);

/** /book/$bookId: the comic home (spec §2). */
export function BookHomePage() {
  const { bookId } = useParams({ strict: false });
  const id = /^\d{1,10}$/.test(bookId ?? '') ? Number(bookId) : 0;
  const q = useQuery(detailQuery(id));
  const d = q.data;
  // No such book (an id that names none, or the server's NOT_FOUND): say so, with the way back home.
  const missing = id === 0 || (q.error instanceof ApiError && q.error.code === Code.NOT_FOUND);
  return (
    <Page title={d?.book.title ?? ''}>
      {missing ? (
        <Suspense fallback={null}>
          <EmptyState kind="book" />
        </Suspense>
      ) : q.isError ? (
        <div className="list-status">{Msg.loadFailed}</div>
      ) : !d ? (
        <div className="book-home-skeleton" aria-busy="true" />
      ) : (
        <BookHomeBody book={d.book} chapters={d.chapterList} recommend={d.recommendList} />
      )}
      {d && <ContinueDialog book={d.book} accountLast={d.lastChapter} />}
    </Page>
  );
}

function BookHomeBody({ book, chapters, recommend }: { book: Book; chapters: Chapter[]; recommend: Book[] }) {
  const first = chapters[0]?.number ?? 1;
  const free = freeFirstChapters(chapters);
  const id = String(book.bookId);
  const downloaded = useDownloadedNumbers(book.bookId);
  const last = useBookHistory(book.bookId);
  return (
    <div className="book-home">
      <BookHeader book={book} />
      <div className="book-actions">
        <ShelfButton book={book} className="book-action" />
        <PlainLink
          link={{ to: '/book/read/$id/$number', params: { id, number: String(first) } }}
          className="book-action primary"
        >
          {Msg.startReading}
        </PlainLink>
        <PlainLink link={{ to: '/purchase', search: { bookId: book.bookId } }} className="book-action">
          {Msg.recharge}
        </PlainLink>
        <DownloadButton book={book} current={last?.number} className="book-action" />
      </div>
      {downloaded && downloaded.size > 0 && (
        <PlainLink link={{ to: '/user/downloads' }} className="book-downloaded">
          <DownloadedTag on="row" />
          <span>{DownloadText.bookDownloaded(downloaded.size)}</span>
          <span aria-hidden="true">›</span>
        </PlainLink>
      )}
      {free.length > 0 && (
        <ul className="free-chapters" aria-label={ComicsText.freeChapters}>
          {free.map((c) => (
            <li key={c.chapterId}>
              <PlainLink
                link={{ to: '/book/read/$id/$number', params: { id, number: String(c.number) } }}
                className="free-chapter"
              >
                <span className="free-chapter-title">{c.title}</span>
                {downloaded?.has(c.number) && <DownloadedTag on="chip" />}
                <span className="tag">{Msg.free}</span>
              </PlainLink>
            </li>
          ))}
        </ul>
      )}
      <PlainLink
        link={{ to: '/book/$id/catalog', params: { id }, search: { title: book.title } }}
        className="catalogue-link"
      >
        <span>{Msg.catalogue}</span>
        <span className="catalogue-count">
          {book.publishStatus === 'finish' ? ComicsText.allChapters : ComicsText.updatedTo}
          {ComicsText.chapterCount(book.chapterCount)} ›
        </span>
      </PlainLink>
      {recommend.length > 0 && (
        <section className="home-section" aria-labelledby="same-category">
          <h2 id="same-category" className="section-title">
            {Msg.sameCategory}
          </h2>
          <BookGrid books={recommend} />
        </section>
      )}
    </div>
  );
}
