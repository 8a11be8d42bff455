import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { DownloadText, formatBytes, Msg } from '../../../contract';
import { Dialog } from '../../components/Dialog';
import { SecureImage } from '../../components/SecureImage';
import type { DownloadBook } from '../../../client/downloads/queue-db';
import { pauseItem, resumeItem, retryItem } from '../../../client/downloads/queue-store';
import { cancelItem, deleteBook, removeItem } from './removal';
import { MAX_AUTO_TRIES, summarize, type QueueItem } from '../../../client/downloads/queue-rules';

/** One book on the downloads screen: its counts, 目录 and 删除本书, and a row per chapter. */
export function BookGroup({
  book,
  items,
}: {
  book: Pick<DownloadBook, 'bookId' | 'title' | 'cover'>;
  items: QueueItem[];
}) {
  const [confirm, setConfirm] = useState(false);
  const s = summarize(items);
  const id = String(book.bookId);
  return (
    <section className="dl-book" aria-label={book.title}>
      <header className="dl-book-head">
        <span className="dl-book-cover">
          {book.cover && <SecureImage src={book.cover} width={60} height={80} alt="" />}
        </span>
        <span className="dl-book-info">
          <Link to="/book/$bookId" params={{ bookId: id }} className="dl-book-title">
            {book.title}
          </Link>
          <span className="dl-book-counts">
            {DownloadText.bookCounts(s)} · {formatBytes(s.bytes)}
          </span>
          <span className="dl-book-actions">
            <Link to="/book/$id/catalog" params={{ id }} search={{ title: book.title }} className="dl-btn">
              {DownloadText.openCatalogue}
            </Link>
            <button type="button" className="dl-btn danger" onClick={() => setConfirm(true)}>
              {DownloadText.deleteBook}
            </button>
          </span>
        </span>
      </header>
      <ol className="dl-chapters">
        {items.map((i) => (
          <ChapterRow key={i.id} item={i} />
        ))}
      </ol>
      <Dialog
        open={confirm}
        title={DownloadText.deleteBook}
        onClose={() => setConfirm(false)}
        actions={[
          { label: Msg.cancel, onClick: () => setConfirm(false) },
          {
            label: Msg.confirm,
            primary: true,
            onClick: () => {
              setConfirm(false);
              void deleteBook(book.bookId);
            },
          },
        ]}
      >
        {DownloadText.deleteBookConfirm(book.title)}
      </Dialog>
    </section>
  );
}

function stateText(i: QueueItem): string {
  if (i.state === 'running' && i.background) return `${DownloadText.background} ${formatBytes(i.bytes)}`;
  if (i.state === 'running')
    return DownloadText.progress(i.pagesTotal ? Math.floor((i.pagesDone / i.pagesTotal) * 100) : 0);
  if (i.state === 'failed' && i.attempts < MAX_AUTO_TRIES)
    return DownloadText.retryIn(Math.max(1, Math.ceil((i.nextAttemptAt - Date.now()) / 1000)));
  return DownloadText.state[i.state];
}

function ChapterRow({ item: i }: { item: QueueItem }) {
  const title =
    i.state === 'done' ? (
      <Link
        to="/book/read/$id/$number"
        params={{ id: String(i.bookId), number: String(i.number) }}
        className="dl-chapter-title"
      >
        {i.title}
      </Link>
    ) : (
      <span className="dl-chapter-title">{i.title}</span>
    );
  const btn = (label: string, fn: () => unknown, cls = 'dl-btn small') => (
    <button type="button" className={cls} onClick={() => void fn()} aria-label={`${label} ${i.title}`}>
      {label}
    </button>
  );
  return (
    <li className={`dl-chapter state-${i.state}`} data-state={i.state}>
      <span className="dl-chapter-main">
        {title}
        <span className="dl-chapter-state">
          {stateText(i)}
          {i.state === 'done' && ` · ${formatBytes(i.bytes)}`}
          {i.state === 'failed' && i.error ? ` · ${i.error}` : ''}
        </span>
        {i.state === 'running' && (
          <span className="dl-bar thin" aria-hidden="true">
            <span style={{ width: `${i.pagesTotal ? (i.pagesDone / i.pagesTotal) * 100 : 0}%` }} />
          </span>
        )}
      </span>
      <span className="dl-chapter-actions">
        {(i.state === 'running' || i.state === 'waiting') && btn(DownloadText.pause, () => pauseItem(i.id))}
        {i.state === 'paused' && btn(DownloadText.resume, () => resumeItem(i.id))}
        {(i.state === 'failed' || i.state === 'locked') && btn(DownloadText.retry, () => retryItem(i.id))}
        {i.state === 'done' || i.state === 'locked'
          ? btn(DownloadText.deleteChapter, () => removeItem(i.id), 'dl-btn small danger')
          : btn(DownloadText.cancel, () => cancelItem(i.id), 'dl-btn small danger')}
      </span>
    </li>
  );
}
