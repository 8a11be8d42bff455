import { useLiveQuery } from 'dexie-react-hooks';
import { db, type BookRef, type HistoryEntry } from '../db';

/** Opening a chapter adds or updates the book's one entry with the chapter number and date (spec §4). */
export async function recordRead(book: BookRef, number: number): Promise<void> {
  await db.history.put({ ...book, number, readAt: Date.now() });
}

/** Reading history, most recent first. */
export function listHistory(limit?: number): Promise<HistoryEntry[]> {
  const q = db.history.orderBy('readAt').reverse();
  return (limit === undefined ? q : q.limit(limit)).toArray();
}

export function getHistory(bookId: number): Promise<HistoryEntry | undefined> {
  return db.history.get(bookId);
}

export async function removeHistory(bookIds: number[]): Promise<void> {
  await db.history.bulkDelete(bookIds);
}

/** Live history, most recent first (undefined while loading). */
export const useHistory = (limit?: number) => useLiveQuery(() => listHistory(limit), [limit]);
/** Live last-read entry of one book (null when never read, undefined while loading). */
export const useBookHistory = (bookId: number | undefined) =>
  useLiveQuery(async () => (bookId === undefined ? null : ((await getHistory(bookId)) ?? null)), [bookId]);
