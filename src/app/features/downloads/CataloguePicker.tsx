import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { DownloadText, type Chapter } from '../../../contract';
import { showAlert, showToast } from '../../components/Toaster';
import { detailQuery } from '../../lib/api/books';
import { useDownloadsQuery } from './live';
import { useVipActive } from './useVipActive';
import { chooseChapters, readability } from './selection';
import { startDownload } from './storage';
import './downloads.css';

/**
 * The catalogue in picking mode (?pick=1): a check box per readable chapter; paid chapters not bought
 * are shown as 需购买 and cannot be picked; chapters already there are marked.
 */
export function CataloguePicker({ bookId, chapters }: { bookId: number; chapters: Chapter[] }) {
  const navigate = useNavigate();
  const detail = useQuery(detailQuery(bookId));
  const vip = useVipActive();
  const vipFree = detail.data?.book.vipFree ?? false;
  const mine = useDownloadsQuery(`dl-book-items:${bookId}`, (db) =>
    db.items.where('bookId').equals(bookId).toArray(),
  );
  const queued = new Set((mine ?? []).filter((i) => i.state !== 'locked').map((i) => i.number));
  const [picked, setPicked] = useState<ReadonlySet<number>>(new Set());
  const [busy, setBusy] = useState(false);
  const pickable = chapters.filter((c) => readability(c, vipFree, vip) !== 'locked' && !queued.has(c.number));

  const toggle = (n: number) =>
    setPicked((s) => {
      const next = new Set(s);
      if (next.has(n)) next.delete(n);
      else next.add(n);
      return next;
    });

  const start = async () => {
    const book = detail.data?.book;
    if (!book) return;
    setBusy(true);
    try {
      const res = chooseChapters(
        chapters,
        { kind: 'picked', numbers: [...picked] },
        { vipFree, vipActive: vip, queued },
      );
      const r = await startDownload(
        { bookId, title: book.title, cover: book.cover, vipFree: book.vipFree, chapters },
        res.take,
      );
      if (!r.ok) return void showAlert(r.message);
      // One toast (a second would replace the first): the persistent-storage answer rides with it.
      showToast(r.persist ? DownloadText.queuedWith(r.added, r.persist) : DownloadText.queued(r.added));
      void navigate({ to: '/user/downloads' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="dl-picker">
      <p className="dl-note dl-picker-note">{DownloadText.noCoinsNote}</p>
      <ol className="chapter-list">
        {chapters.map((c) => {
          const locked = readability(c, vipFree, vip) === 'locked';
          const there = queued.has(c.number);
          return (
            <li key={c.chapterId}>
              <label
                className={locked || there ? 'chapter-row dl-pick-row disabled' : 'chapter-row dl-pick-row'}
              >
                <input
                  type="checkbox"
                  checked={there || picked.has(c.number)}
                  disabled={locked || there}
                  onChange={() => toggle(c.number)}
                />
                <span className="chapter-title">{c.title}</span>
                <span className={locked ? 'price-label' : there ? 'dl-badge' : 'price-label free'}>
                  {locked ? DownloadText.paidLocked : there ? DownloadText.badge : ''}
                </span>
              </label>
            </li>
          );
        })}
      </ol>
      <div className="dl-picker-bar">
        <button
          type="button"
          className="dl-btn"
          onClick={() =>
            setPicked(picked.size === pickable.length ? new Set() : new Set(pickable.map((c) => c.number)))
          }
        >
          {picked.size === pickable.length && pickable.length > 0
            ? DownloadText.clearPick
            : DownloadText.selectAllReadable}
        </button>
        <button
          type="button"
          className="dl-btn primary"
          disabled={busy || picked.size === 0 || !detail.data}
          onClick={() => void start()}
        >
          {DownloadText.downloadPicked(picked.size)}
        </button>
      </div>
    </div>
  );
}
