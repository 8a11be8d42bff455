import { Link } from '@tanstack/react-router';
import { Msg, ReaderText, ShelfText } from '../../../contract';
import { removeHistory, useHistory, type HistoryRow } from '../../lib/device/history';
import { BookCover } from '../comics/BookCover';
import { chapterLabel, formatReadAt } from '../comics/format';
import { EmptyState } from '../../components/EmptyState';

/** Where in its chapter a history entry stopped: 第3/8页, 已读完, or nothing when never scrolled. */
function spotLabel({ position }: HistoryRow): string {
  if (!position) return '';
  if (position.finished) return ` ${ReaderText.chapterFinished}`;
  return ` ${ReaderText.pageOf(position.page + 1, Math.max(position.pageCount, position.page + 1))}`;
}

/** Reading history, most recent first: each book once, with the chapter (and page) to continue from. */
export function HistoryTab() {
  const history = useHistory();
  if (history === undefined) return <div className="list-status" aria-busy="true" />;
  if (history.length === 0) return <EmptyState kind="history" />;
  return (
    <>
      <ul className="book-rows read-history-list">
        {history.map((h) => (
          <li key={h.bookId} className="read-history-row">
            <Link
              to="/book/$bookId"
              params={{ bookId: String(h.bookId) }}
              className="read-history-cover"
              aria-label={h.title}
            >
              <BookCover src={h.cover} title={h.title} />
            </Link>
            <div className="read-history-info">
              <Link to="/book/$bookId" params={{ bookId: String(h.bookId) }} className="read-history-title">
                {h.title}
              </Link>
              <span className="read-history-meta">
                {ShelfText.readTo(chapterLabel(h.number))}
                {spotLabel(h)} · {formatReadAt(h.readAt)}
              </span>
            </div>
            <div className="read-history-actions">
              <Link
                to="/book/read/$id/$number"
                params={{ id: String(h.bookId), number: String(h.number) }}
                className="read-history-continue"
                aria-label={ShelfText.continueOf(h.title, chapterLabel(h.number), spotLabel(h))}
              >
                {ShelfText.continueReading}
              </Link>
              <button
                type="button"
                className="read-history-remove"
                aria-label={ShelfText.deleteOf(h.title)}
                onClick={() => void removeHistory([h.bookId])}
              >
                {ShelfText.delete}
              </button>
            </div>
          </li>
        ))}
      </ul>
      <div className="list-status list-end">{Msg.endOfList}</div>
    </>
  );
}
