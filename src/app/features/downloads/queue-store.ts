import type { Chapter } from '../../../contract';
import { downloadsDb, type DownloadBook, type DownloadsDb } from './downloads-db';
import { deleteAllFiles, deleteChapterFiles, deleteFile } from './files';
import { itemId, transition, type QueueEvent, type QueueItem } from './queue-rules';

/**
 * Queue changes, each in one Dexie transaction so the runner and the screen never undo each other's
 * writes (a pause while a page is being stored wins; the runner sees it and stops).
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

/** Removes an item and its files, whatever its state (cancel of an unfinished one, delete of a done one). */
export async function removeItem(id: string, db: DownloadsDb = downloadsDb): Promise<void> {
  const item = await db.items.get(id);
  if (!item) return;
  await db.items.delete(id);
  await deleteChapterFiles(item.bookId, item.number, item.urls);
  await dropBookIfEmpty(item.bookId, db);
}

/** 取消: only an unfinished chapter is cancelled (a done one is deleted with 删除). */
export async function cancelItem(id: string): Promise<void> {
  const next = await applyEvent(id, { type: 'cancel' });
  if (next?.state === 'cancelled') await removeItem(id);
}

async function dropBookIfEmpty(bookId: number, db: DownloadsDb) {
  if ((await db.items.where('bookId').equals(bookId).count()) > 0) return;
  const book = await db.books.get(bookId);
  await db.books.delete(bookId);
  if (book?.coverStored) await deleteFile(book.cover);
}

export async function deleteBook(bookId: number, db: DownloadsDb = downloadsDb): Promise<void> {
  const items = await db.items.where('bookId').equals(bookId).toArray();
  await db.items.bulkDelete(items.map((i) => i.id));
  await Promise.all(items.map((i) => deleteChapterFiles(i.bookId, i.number, i.urls)));
  await dropBookIfEmpty(bookId, db);
}

export async function deleteAll(db: DownloadsDb = downloadsDb): Promise<void> {
  await db.transaction('rw', db.items, db.books, async () => {
    await db.items.clear();
    await db.books.clear();
  });
  await deleteAllFiles();
}
