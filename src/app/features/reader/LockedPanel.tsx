import { Link } from '@tanstack/react-router';
import { Msg, type ChapterUnpaid, CommonText } from '../../../contract';
import { SecureImage } from '../../components/SecureImage';
import type { ReadOutcome } from './access';

/** The preview box's intrinsic size: a page's shape, so the cover fills it without a shift. */
const PREVIEW_W = 3;
const PREVIEW_H = 4;

/**
 * What the reader shows instead of pages: loading; a locked chapter (its title over a blurred preview
 * of its first page, with the buy button); no such chapter (back to the catalogue); offline (retry,
 * and what is readable without a connection); or another failure (reload).
 */
export function LockedPanel({
  bookId,
  bookTitle,
  loading,
  unpaid,
  outcome,
  onBuy,
  onRetry,
  retrying,
}: {
  bookId: number;
  bookTitle: string | undefined;
  loading: boolean;
  unpaid: ChapterUnpaid | undefined;
  outcome: ReadOutcome['kind'] | undefined;
  onBuy: () => void;
  onRetry: () => void;
  /** A retry is under way: its button waits. */
  retrying: boolean;
}) {
  if (loading)
    return (
      <div className="reader-panel" aria-busy="true">
        {CommonText.loading}
      </div>
    );
  if (unpaid)
    return (
      <div className="reader-locked" onClick={(e) => e.stopPropagation()}>
        <h2 className="reader-chapter-title">{unpaid.title}</h2>
        <div className="reader-locked-preview">
          {/* A hint of what the chapter holds, not a free read: blurred past recognition of any text. */}
          <SecureImage
            src={unpaid.cover}
            width={PREVIEW_W}
            height={PREVIEW_H}
            alt=""
            className="reader-locked-image"
            eager
          />
          <div className="reader-locked-note">
            <p>{Msg.chapterLocked}</p>
            <button type="button" className="book-action primary" onClick={onBuy}>
              {Msg.buyChapter}
            </button>
          </div>
        </div>
      </div>
    );
  const stop = (e: { stopPropagation: () => void }) => e.stopPropagation();
  if (outcome === 'no-chapter')
    return (
      <div className="reader-panel" role="alert" onClick={stop}>
        <p>{Msg.noMoreChapters}</p>
        <Link
          to="/book/$id/catalog"
          params={{ id: String(bookId) }}
          search={{ title: bookTitle }}
          className="book-action primary"
        >
          {Msg.backToCatalogue}
        </Link>
      </div>
    );
  if (outcome === 'offline')
    return (
      <div className="reader-panel" role="alert" onClick={stop}>
        <p className="reader-panel-msg">{Msg.readerOffline}</p>
        <button
          type="button"
          className="book-action primary"
          onClick={onRetry}
          disabled={retrying}
          aria-busy={retrying}
        >
          {Msg.retry}
        </button>
        <p className="reader-panel-hint">{Msg.readerOfflineHint}</p>
        <Link to="/shelf" search={{ active: 'history' }} className="book-action">
          {Msg.readingHistory}
        </Link>
      </div>
    );
  return (
    <div className="reader-panel" role="alert" onClick={stop}>
      <p>{outcome === 'congestion' ? Msg.congestion : Msg.loadFailed}</p>
      <button
        type="button"
        className="book-action"
        onClick={onRetry}
        disabled={retrying}
        aria-busy={retrying}
      >
        {Msg.reload}
      </button>
    </div>
  );
}
