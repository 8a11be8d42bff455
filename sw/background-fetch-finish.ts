import { BG_FETCH_PREFIX, downloadedChapterPath, pendingChapterPath } from '../src/contract/downloads';
import { DownloadText } from '../src/contract/messages/downloads';
import { downloadsDb, type DownloadsDb } from '../src/client/downloads/queue-db';
import type { QueueItem } from '../src/client/downloads/queue-rules';
import { applyEvent, failureText } from '../src/client/downloads/queue-store';
import { keepPicture, storedBytes } from '../src/client/pictures';

/**
 * What the worker does when the browser is done with a chapter's Background Fetch, apart from the
 * worker's events (background-fetch.ts) so a test drives it against the app's own queue database: the
 * pictures are stored through the same envelope as every other (client/pictures.ts) and the queue item
 * moves on through the queue's own transitions (client/downloads/queue-store.ts), which the page hears
 * through the database. Only a running item is finished or failed: one the user paused, cancelled or
 * deleted meanwhile stays as it is.
 */

/** A fetched request and its answer, as a Background Fetch registration's matchAll() gives them. */
export interface FetchedRecord {
  request: Request;
  responseReady: Promise<Response>;
}

/** Where the worker keeps things: the downloads cache, the queue database, the origin of its paths. */
export interface FinishPlace {
  cache: Cache;
  origin: string;
  db?: DownloadsDb;
}

/** The queue item's id of one of our Background Fetch ids, or null for any other. */
export function downloadOf(fetchId: string): { itemId: string; bookId: number; number: number } | null {
  if (!fetchId.startsWith(BG_FETCH_PREFIX)) return null;
  const itemId = fetchId.slice(BG_FETCH_PREFIX.length);
  const m = /^(\d+):(\d+)$/.exec(itemId);
  return m ? { itemId, bookId: Number(m[1]), number: Number(m[2]) } : null;
}

const sizeOf = async (cache: Cache, url: string) => {
  const kept = await cache.match(url);
  return kept ? storedBytes(kept) : 0;
};

/**
 * The fetch succeeded: every picture stored decrypted; for a running item the chapter's answer moves
 * from pending to kept and the item is finished with the bytes the cache holds for it. An item not
 * running any more keeps the pictures (a resumed chapter finds them there) and loses the pending
 * answer (the page stores it again when it runs the chapter); one removed meanwhile leaves nothing.
 * A picture that cannot be stored (or any other failure) fails the item. Resolves to the item after it.
 */
export async function finishBackgroundFetch(
  fetchId: string,
  records: readonly FetchedRecord[],
  { cache, origin, db = downloadsDb }: FinishPlace,
): Promise<QueueItem | undefined> {
  const dl = downloadOf(fetchId);
  if (!dl) return undefined;
  const abs = (path: string) => new URL(path, origin).href;
  const pending = abs(pendingChapterPath(dl.bookId, dl.number));
  const kept = abs(downloadedChapterPath(dl.bookId, dl.number));
  try {
    for (const rec of records) await keepPicture(cache, rec.request.url, await rec.responseReady);
    const item = await db.items.get(dl.itemId);
    if (item?.state !== 'running') {
      await cache.delete(pending);
      if (!item) await Promise.all(records.map((r) => cache.delete(r.request.url)));
      return item;
    }
    const answer = await cache.match(pending);
    if (answer) {
      await cache.put(kept, answer);
      await cache.delete(pending);
    }
    let bytes = await sizeOf(cache, kept);
    for (const u of item.urls ?? []) bytes += await sizeOf(cache, abs(u));
    return await applyEvent(
      dl.itemId,
      { type: 'finish' },
      { bytes, pagesDone: item.pagesTotal, background: undefined },
      db,
    );
  } catch (err) {
    // Never left running: the page waits for this item to change (and retries a failed one).
    await cache.delete(pending).catch(() => undefined);
    return applyEvent(dl.itemId, { type: 'fail', error: failureText(err) }, {}, db);
  }
}

/**
 * The fetch failed or was stopped: no pending answer is left. A failure fails a running item (it is
 * tried again with the queue's backoff); a stop the user made in the browser's own download UI pauses
 * it (a pause, cancel or delete in the app changed the item before the app stopped the fetch).
 */
export async function endBackgroundFetch(
  fetchId: string,
  how: 'failed' | 'aborted',
  { cache, origin, db = downloadsDb }: FinishPlace,
): Promise<QueueItem | undefined> {
  const dl = downloadOf(fetchId);
  if (!dl) return undefined;
  await cache.delete(new URL(pendingChapterPath(dl.bookId, dl.number), origin).href);
  return how === 'failed'
    ? applyEvent(dl.itemId, { type: 'fail', error: DownloadText.bgFailed }, {}, db)
    : applyEvent(dl.itemId, { type: 'pause' }, {}, db);
}

/** The book's title for the browser's notification ('' when unknown). */
export async function downloadBookTitle(bookId: number, db: DownloadsDb = downloadsDb): Promise<string> {
  try {
    return (await db.books.get(bookId))?.title ?? '';
  } catch {
    return '';
  }
}
