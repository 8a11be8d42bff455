import { downloadsDb, type DownloadsDb } from '../../../client/downloads/queue-db';
import { applyEvent } from '../../../client/downloads/queue-store';
import { deleteAllFiles, deleteChapterFiles, deleteFile } from './files';

/**
 * Queue changes that also remove what is stored (the queue's own transitions are in
 * client/downloads/queue-store.ts, shared with the service worker).
 */

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
