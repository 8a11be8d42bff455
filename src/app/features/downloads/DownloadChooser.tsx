import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { DownloadText, formatBytes, Msg } from '../../../contract';
import { Dialog } from '../../components/Dialog';
import { showToast } from '../../components/Toaster';
import { bookKeys, fetchChapters } from '../../lib/api/books';
import type { DownloadBookRef } from './book-ref';
import { useDownloadsQuery } from './live';
import { useVipActive } from './useVipActive';
import { estimateBytes } from './quota';
import { chooseChapters, readableChapters, type DownloadChoice } from './selection';
import { startDownload } from './storage';
import './downloads.css';

type Mode = 'all' | 'from';

/** The 下载 chooser: which chapters, what they will take, what is left out and why. */
export function DownloadChooser({
  book,
  current,
  onClose,
}: {
  book: DownloadBookRef;
  current?: number;
  onClose: () => void;
}) {
  const navigate = useNavigate();
  const chapters = useQuery({
    queryKey: bookKeys.chapters(book.bookId),
    queryFn: () => fetchChapters(book.bookId),
  });
  const vip = useVipActive();
  const mine = useDownloadsQuery(`dl-book-items:${book.bookId}`, (db) =>
    db.items.where('bookId').equals(book.bookId).toArray(),
  );
  const [mode, setMode] = useState<Mode>('all');
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string>();

  const list = chapters.data ?? [];
  const queued = new Set((mine ?? []).filter((i) => i.state !== 'locked').map((i) => i.number));
  const ctx = { vipFree: book.vipFree, vipActive: vip, queued };
  const from = current && current > 1 ? current : undefined;
  const choice: DownloadChoice = mode === 'from' && from ? { kind: 'from', number: from } : { kind: 'all' };
  const res = chooseChapters(list, choice, ctx);
  const readable = readableChapters(list, book.vipFree, vip);
  const fromCount = from ? readable.filter((c) => c.number >= from).length : 0;
  const done = (mine ?? []).filter((i) => i.state === 'done');
  const firstLocked = res.locked[0];

  const start = async () => {
    setBusy(true);
    setRefusal(undefined);
    try {
      const r = await startDownload(
        { bookId: book.bookId, title: book.title, cover: book.cover, vipFree: book.vipFree, chapters: list },
        res.take,
      );
      if (!r.ok) return setRefusal(r.message);
      // One toast (a second would replace the first): the persistent-storage answer rides with it.
      showToast(r.persist ? DownloadText.queuedWith(r.added, r.persist) : DownloadText.queued(r.added));
      onClose();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open
      title={DownloadText.chooserTitle}
      onClose={onClose}
      className="download-chooser"
      actions={[
        { label: Msg.cancel, onClick: onClose },
        {
          label: DownloadText.start,
          onClick: () => void start(),
          primary: true,
          disabled: busy || !chapters.data || res.take.length === 0,
        },
      ]}
    >
      {chapters.isError ? (
        <p className="dl-note">{Msg.loadFailed}</p>
      ) : !chapters.data ? (
        <p className="dl-note" aria-busy="true">
          {DownloadText.loading}
        </p>
      ) : (
        <>
          <fieldset className="dl-options" aria-label={DownloadText.chooserTitle}>
            <label className="dl-option">
              <input type="radio" name="dl-mode" checked={mode === 'all'} onChange={() => setMode('all')} />
              {DownloadText.allReadable(readable.length)}
            </label>
            {from && (
              <label className="dl-option">
                <input
                  type="radio"
                  name="dl-mode"
                  checked={mode === 'from'}
                  onChange={() => setMode('from')}
                />
                {DownloadText.fromCurrent(from, fromCount)}
              </label>
            )}
            <button
              type="button"
              className="dl-option dl-pick"
              onClick={() => {
                onClose();
                void navigate({
                  to: '/book/$id/catalog',
                  params: { id: String(book.bookId) },
                  search: { title: book.title, pick: '1' },
                });
              }}
            >
              {DownloadText.pickChapters}
            </button>
          </fieldset>
          {res.take.length > 0 ? (
            <p className="dl-summary">
              {DownloadText.willDownload(res.take.length, formatBytes(estimateBytes(res.take.length, done)))}
            </p>
          ) : (
            <p className="dl-summary">
              {res.locked.length > 0 && res.already.length === 0
                ? DownloadText.nothingReadable
                : DownloadText.allDownloaded}
            </p>
          )}
          <p className="dl-note">{DownloadText.noCoinsNote}</p>
          {firstLocked && (
            <p className="dl-note dl-locked">
              {DownloadText.skippedPaid(res.locked.length)}{' '}
              <Link
                to="/book/read/$id/$number"
                params={{ id: String(book.bookId), number: String(firstLocked.number) }}
                onClick={onClose}
              >
                {DownloadText.buyFirst}
              </Link>
            </p>
          )}
          {refusal && (
            <p className="dl-refusal" role="alert">
              {refusal}
            </p>
          )}
        </>
      )}
    </Dialog>
  );
}
