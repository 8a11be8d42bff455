import { Msg, type ChapterUnpaid } from '../../../contract';
import type { ReadOutcome } from './access';

/** What the reader shows instead of pages: loading, a locked chapter (with its buy button), or an error. */
export function LockedPanel({
  loading,
  unpaid,
  outcome,
  onBuy,
  onRetry,
}: {
  loading: boolean;
  unpaid: ChapterUnpaid | undefined;
  outcome: ReadOutcome['kind'] | undefined;
  onBuy: () => void;
  onRetry: () => void;
}) {
  if (loading)
    return (
      <div className="reader-panel" aria-busy="true">
        加载中…
      </div>
    );
  if (unpaid)
    return (
      <div className="reader-panel" onClick={(e) => e.stopPropagation()}>
        <p>{Msg.chapterLocked}</p>
        <button type="button" className="book-action primary" onClick={onBuy}>
          {Msg.buyChapter}
        </button>
      </div>
    );
  const msg =
    outcome === 'no-chapter'
      ? Msg.noMoreChapters
      : outcome === 'congestion'
        ? Msg.congestion
        : Msg.loadFailed;
  return (
    <div className="reader-panel" onClick={(e) => e.stopPropagation()}>
      <p>{msg}</p>
      <button type="button" className="book-action" onClick={onRetry}>
        重新加载
      </button>
    </div>
  );
}
