import type { BookRef, HistoryEntry, InkreelDb } from '../db';
import { useDeviceQuery, withDb } from './store';

const list = (db: InkreelDb, limit?: number) => {
  const q = db.history.orderBy('readAt').reverse();
  return (limit === undefined ? q : q.limit(limit)).toArray();
};

/** Opening a chapter adds or updates the book's one entry with the chapter number and date (spec §4). */
export const recordRead = (book: BookRef, number: number): Promise<void> =>
  withDb(async (db) => {
    await db.history.put({ ...book, number, readAt: Date.now() });
  });

/** Reading history, most recent first. */
export const listHistory = (limit?: number): Promise<HistoryEntry[]> => withDb((db) => list(db, limit));

export const getHistory = (bookId: number): Promise<HistoryEntry | undefined> =>
  withDb((db) => db.history.get(bookId));

export const removeHistory = (bookIds: number[]): Promise<void> =>
  withDb((db) => db.history.bulkDelete(bookIds));

/** Live history, most recent first (undefined while loading). */
export const useHistory = (limit?: number) =>
  useDeviceQuery(`history:${limit ?? ''}`, (db) => list(db, limit));
/** Live last-read entry of one book (null when never read, undefined while loading). */
export const useBookHistory = (bookId: number | undefined) =>
  useDeviceQuery(`history-of:${bookId ?? ''}`, async (db) =>
    bookId === undefined ? null : ((await db.history.get(bookId)) ?? null),
  );
