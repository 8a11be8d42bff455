import type { Chapter } from '../../contract/schemas/book';
import { DownloadText } from '../../contract/messages/downloads';
import { downloadsDb, liveQuery, type DownloadBook, type DownloadsDb } from './queue-db';
import { itemId, transition, type QueueEvent, type QueueItem } from './queue-rules';

/**
 * Queue changes, each in one Dexie transaction so the runner, the screens and the service worker never
 * undo each other's writes (a pause while a page is being stored wins; the runner sees it and stops; a
 * chapter paused while the browser fetched it stays paused when the worker is done with it). Every
 * change of state goes through applyEvent, so the rules (queue-rules.ts) hold whoever makes it.
 */

/** Applies an event to one item; resolves to the item after it (undefined when gone). */
export async function applyEvent(
  id: string,
  event: QueueEvent,
  patch: Partial<QueueItem> = {},
  db: DownloadsDb = downloadsDb,
): Promise<QueueItem | undefined> {
  return db.transaction('rw', db.items, async () => {
    const item = await db.items.get(id);
    if (!item) return undefined;
    const next = transition(item, event, Date.now());
    if (next === item) return item;
    const out = { ...next, ...patch };
    await db.items.put(out);
    return out;
  });
}

/** Progress of a running item; ignored once it is no longer running (paused, cancelled, deleted). */
export async function recordProgress(
  id: string,
  patch: Pick<QueueItem, 'pagesDone' | 'bytes'> &
    Partial<Pick<QueueItem, 'pagesTotal' | 'urls' | 'background'>>,
  db: DownloadsDb = downloadsDb,
): Promise<boolean> {
  return db.transaction('rw', db.items, async () => {
    const item = await db.items.get(id);
    if (item?.state !== 'running') return false;
    await db.items.put({ ...item, ...patch });
    return true;
  });
}

/**
 * Resolves once the item is no longer running (or is gone), with the item as it is then. The database
 * tells, whoever changed it: this page, another tab, or the service worker finishing a chapter that
 * came by Background Fetch (Dexie's liveQuery hears other contexts' writes through its BroadcastChannel).
 * When `signal` aborts first, resolves with the item as it is then.
 */
export function whenStopped(
  id: string,
  signal: AbortSignal,
  db: DownloadsDb = downloadsDb,
): Promise<QueueItem | undefined> {
  return new Promise((resolve, reject) => {
    let settled = false;
    const settle = (item: QueueItem | undefined) => {
      if (settled) return;
      settled = true;
      signal.removeEventListener('abort', onAbort);
      // Unsubscribed next turn: the first answer may come before subscribe() has returned `sub`.
      queueMicrotask(() => sub.unsubscribe());
      resolve(item);
    };
    const onAbort = () =>
      void db.items.get(id).then(settle, (err: unknown) => {
        if (!settled) reject(err);
      });
    const sub = liveQuery(() => db.items.get(id)).subscribe({
      next: (item) => {
        if (item?.state !== 'running') settle(item);
      },
      error: (err: unknown) => {
        if (settled) return;
        settled = true;
        signal.removeEventListener('abort', onAbort);
        reject(err);
      },
    });
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
  });
}

/** The words a failed chapter shows for `err`. */
export function failureText(err: unknown): string {
  if (err instanceof DOMException && err.name === 'QuotaExceededError') return DownloadText.storageFull;
  return String((err as Error)?.message ?? err);
}

/** Adds chapters to the end of the queue (those already there stay as they are). */
export async function enqueue(
  book: Omit<DownloadBook, 'updatedAt' | 'coverStored'>,
  chapters: readonly (Pick<Chapter, 'number' | 'title'> & Partial<Pick<Chapter, 'cover'>>)[],
  opts: { smart?: boolean } = {},
  db: DownloadsDb = downloadsDb,
): Promise<number> {
  return db.transaction('rw', db.items, db.books, async () => {
    const kept = await db.books.get(book.bookId);
    await db.books.put({ ...kept, ...book, updatedAt: Date.now() });
    const last = await db.items.orderBy('order').last();
    let order = (last?.order ?? 0) + 1;
    let added = 0;
    const now = Date.now();
    for (const c of chapters) {
      const id = itemId(book.bookId, c.number);
      if (await db.items.get(id)) continue;
      await db.items.add({
        id,
        bookId: book.bookId,
        number: c.number,
        title: c.title,
        cover: c.cover || undefined,
        state: 'waiting',
        attempts: 0,
        nextAttemptAt: 0,
        bytes: 0,
        pagesDone: 0,
        pagesTotal: 0,
        order: order++,
        createdAt: now,
        smart: opts.smart || undefined,
      });
      added++;
    }
    return added;
  });
}

/** What a page reload does: chapters cut off mid-way wait to run again, keeping their stored pages. */
export async function recoverAfterRestart(db: DownloadsDb = downloadsDb): Promise<void> {
  await db.transaction('rw', db.items, async () => {
    const running = await db.items.where('state').equals('running').toArray();
    await db.items.bulkPut(running.map((i) => transition(i, { type: 'restart' }, Date.now())));
  });
}

export const pauseItem = (id: string) => applyEvent(id, { type: 'pause' });
export const resumeItem = (id: string) => applyEvent(id, { type: 'resume' });
export const retryItem = (id: string) => applyEvent(id, { type: 'retry' });

async function applyToAll(event: QueueEvent, db: DownloadsDb = downloadsDb) {
  await db.transaction('rw', db.items, async () => {
    const now = Date.now();
    const all = await db.items.toArray();
    const changed = all.map((i) => transition(i, event, now)).filter((n, k) => n !== all[k]);
    await db.items.bulkPut(changed);
  });
}
export const pauseAll = () => applyToAll({ type: 'pause' });
export const resumeAll = async () => {
  await applyToAll({ type: 'resume' });
  await applyToAll({ type: 'retry' });
};
