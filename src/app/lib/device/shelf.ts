import type { Book } from '../../../contract';
import type { BookRef, InkreelDb, ShelfEntry } from '../db';
import { useDeviceQuery, withDb } from './store';

const list = (db: InkreelDb) => db.shelf.orderBy('addedAt').reverse().toArray();
const has = async (db: InkreelDb, title: string) => (await db.shelf.where('title').equals(title).count()) > 0;

/** Favourites, most recently added first. */
export const listShelf = (): Promise<ShelfEntry[]> => withDb(list);

export const isOnShelf = (title: string): Promise<boolean> => withDb((db) => has(db, title));

/**
 * Adds the book, or removes it when a book of the same TITLE is already there (spec §4).
 * Resolves to whether the book is on the shelf afterwards.
 */
export function toggleShelf(book: Book | BookRef): Promise<boolean> {
  return withDb((db) =>
    db.transaction('rw', db.shelf, async () => {
      const existing = await db.shelf.where('title').equals(book.title).primaryKeys();
      if (existing.length > 0) {
        await db.shelf.bulkDelete(existing);
        return false;
      }
      await db.shelf.put({ ...book, addedAt: Date.now() });
      return true;
    }),
  );
}

export const removeFromShelf = (bookIds: number[]): Promise<void> =>
  withDb((db) => db.shelf.bulkDelete(bookIds));

/** Live favourites (undefined while loading). */
export const useShelf = () => useDeviceQuery('shelf', list);
export const useShelfCount = () => useDeviceQuery('shelf-count', (db) => db.shelf.count());
/** Live "is this title on the shelf" (undefined while loading). */
export const useIsOnShelf = (title: string | undefined) =>
  useDeviceQuery(`on-shelf:${title ?? ''}`, async (db) => (title ? has(db, title) : false), { value: false });
