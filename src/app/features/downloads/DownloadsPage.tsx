import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { DownloadText, EmptyText, formatAboutBytes, formatBytes, Msg } from '../../../contract';
import { Dialog } from '../../components/Dialog';
import { Page } from '../../components/Page';
import { BookGroup } from './BookGroup';
import type { DownloadBook } from '../../../client/downloads/queue-db';
import { useDownloadsQuery } from './live';
import { pauseAll, resumeAll } from '../../../client/downloads/queue-store';
import { deleteAll } from './removal';
import { summarize, type QueueItem } from '../../../client/downloads/queue-rules';
import { startQueue } from './runner';
import { SmartSettingsPanel } from './SmartSettingsPanel';
import { persistedNow, persistMessage, storageEstimate, type PersistState } from './storage';
import './downloads.css';

/** /user/downloads: storage, overall progress, every book's downloads, smart downloads. */
export function DownloadsPage() {
  const items = useDownloadsQuery('dl-items', (db) => db.items.orderBy('order').toArray());
  const books = useDownloadsQuery('dl-books-all', (db) => db.books.toArray());
  const [estimate, setEstimate] = useState<StorageEstimate | null | undefined>();
  const [persist, setPersist] = useState<PersistState>();
  const [confirmAll, setConfirmAll] = useState(false);

  // The queue runs on every screen; opening this one makes sure it has started.
  useEffect(() => startQueue(), []);
  // Usage changes as pages are stored and deleted.
  const sum = items ? summarize(items) : undefined;
  useEffect(() => {
    void storageEstimate().then(setEstimate);
    void persistedNow().then(setPersist);
  }, [sum?.bytes, sum?.done]);

  const groups = groupByBook(items ?? [], books ?? []);
  const active = (sum?.running ?? 0) + (sum?.waiting ?? 0) > 0;
  const stopped = (sum?.paused ?? 0) + (sum?.failed ?? 0) > 0;

  return (
    <Page title={DownloadText.downloads}>
      <section className="dl-storage" aria-label={DownloadText.storageRegion}>
        <div className="dl-storage-used" data-testid="dl-used">
          {DownloadText.storageUsed(formatBytes(sum?.bytes ?? 0))}
          {estimate?.quota
            ? DownloadText.storageFree(formatAboutBytes(estimate.quota - (estimate.usage ?? 0)))
            : ''}
        </div>
        {estimate?.quota ? (
          <div className="dl-bar" aria-hidden="true">
            <span style={{ width: `${Math.min(100, ((estimate.usage ?? 0) / estimate.quota) * 100)}%` }} />
          </div>
        ) : null}
        {persist && (
          <div className={persist === 'granted' ? 'dl-persist on' : 'dl-persist'}>
            {persistMessage(persist)}
          </div>
        )}
      </section>

      {sum && sum.total + sum.locked > 0 && (
        <section className="dl-overall" aria-label={DownloadText.overallRegion}>
          <div className="dl-overall-line">
            <span data-testid="dl-overall">{DownloadText.overall(sum.done, sum.total)}</span>
            <span>{DownloadText.overallBytes(formatBytes(sum.bytes))}</span>
          </div>
          <div
            className="dl-bar"
            role="progressbar"
            aria-label={DownloadText.progressLabel}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={sum.percent}
          >
            <span style={{ width: `${sum.percent}%` }} />
          </div>
          <div className="dl-overall-actions">
            {active && (
              <button type="button" className="dl-btn" onClick={() => void pauseAll()}>
                {DownloadText.pauseAll}
              </button>
            )}
            {stopped && (
              <button type="button" className="dl-btn" onClick={() => void resumeAll()}>
                {DownloadText.resumeAll}
              </button>
            )}
            <button type="button" className="dl-btn danger" onClick={() => setConfirmAll(true)}>
              {DownloadText.deleteAll}
            </button>
          </div>
        </section>
      )}

      {items === undefined ? (
        <div className="list-status" aria-busy="true" />
      ) : groups.length === 0 ? (
        <div className="list-status list-empty dl-empty">
          {DownloadText.empty}
          <Link to="/home" className="dl-btn">
            {EmptyText.action}
          </Link>
        </div>
      ) : (
        groups.map((g) => <BookGroup key={g.bookId} book={g.book} items={g.items} />)
      )}

      <SmartSettingsPanel />

      <Dialog
        open={confirmAll}
        title={DownloadText.deleteAll}
        onClose={() => setConfirmAll(false)}
        actions={[
          { label: Msg.cancel, onClick: () => setConfirmAll(false) },
          {
            label: Msg.confirm,
            primary: true,
            onClick: () => {
              setConfirmAll(false);
              void deleteAll();
            },
          },
        ]}
      >
        {DownloadText.deleteAllConfirm}
      </Dialog>
    </Page>
  );
}

interface Group {
  bookId: number;
  book: Pick<DownloadBook, 'bookId' | 'title' | 'cover' | 'coverStored'>;
  items: QueueItem[];
}

/** Books in the order their first chapter was queued. */
function groupByBook(items: readonly QueueItem[], books: readonly DownloadBook[]): Group[] {
  const byId = new Map(books.map((b) => [b.bookId, b]));
  const groups = new Map<number, Group>();
  for (const i of items) {
    let g = groups.get(i.bookId);
    if (!g) {
      const b = byId.get(i.bookId);
      g = { bookId: i.bookId, book: b ?? { bookId: i.bookId, title: `#${i.bookId}`, cover: '' }, items: [] };
      groups.set(i.bookId, g);
    }
    g.items.push(i);
  }
  for (const g of groups.values()) g.items.sort((a, b) => a.number - b.number);
  return [...groups.values()];
}
