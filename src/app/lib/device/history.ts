import type { BookRef, HistoryEntry, InkreelDb, ReadPosition } from '../db';
import { readDb, useDeviceQuery, withDb, withDbWhenIdle } from './store';

/** A history entry with where the reader was inside its chapter, when known. */
export type HistoryRow = HistoryEntry & { position?: ReadPosition };

const list = (db: InkreelDb, limit?: number) => {
  const q = db.history.orderBy('readAt').reverse();
  return (limit === undefined ? q : q.limit(limit)).toArray();
};

const listRows = async (db: InkreelDb, limit?: number): Promise<HistoryRow[]> => {
  const entries = await list(db, limit);
  const positions = await db.readPositions.bulkGet(entries.map((h) => [h.bookId, h.number]));
  return entries.map((h, i) => (positions[i] ? { ...h, position: positions[i] } : h));
};

/**
 * Opening a chapter adds or updates the book's one entry with the chapter number and date (spec §4).
 * Written when the browser is next idle if Dexie is not loaded yet (withDbWhenIdle): on a chapter
 * opened from a link, the reader's first screen comes without it.
 */
export const recordRead = (book: BookRef, number: number): Promise<void> => {
  const readAt = Date.now();
  return withDbWhenIdle(async (db) => {
    await db.history.put({ ...book, number, readAt });
  });
};

/** Reading history, most recent first. */
export const listHistory = (limit?: number): Promise<HistoryEntry[]> => withDb((db) => list(db, limit));
/** Reading history, most recent first, each with the position inside its chapter when known. */
export const listHistoryRows = (limit?: number): Promise<HistoryRow[]> => withDb((db) => listRows(db, limit));

export const getHistory = (bookId: number): Promise<HistoryEntry | undefined> =>
  readDb((db) => db.history.get(bookId), undefined);

/** Forgets the books' entries and every position kept inside their chapters. */
export const removeHistory = (bookIds: number[]): Promise<void> =>
  withDb((db) =>
    db.transaction('rw', db.history, db.readPositions, async () => {
      await db.history.bulkDelete(bookIds);
      await db.readPositions.where('bookId').anyOf(bookIds).delete();
    }),
  );

/** Live history, most recent first, each with its chapter's position (undefined while loading). */
export const useHistory = (limit?: number) =>
  useDeviceQuery(`history:${limit ?? ''}`, (db) => listRows(db, limit));
/** Live last-read entry of one book (null when never read, undefined while loading). */
export const useBookHistory = (bookId: number | undefined) =>
  useDeviceQuery(
    `history-of:${bookId ?? ''}`,
    async (db) => (bookId === undefined ? null : ((await db.history.get(bookId)) ?? null)),
    { value: null },
  );
