import { useLiveQuery } from 'dexie-react-hooks';
import type { Book } from '../../../contract';
import { db, type BookRef, type ShelfEntry } from '../db';

/** Favourites, most recently added first. */
export function listShelf(): Promise<ShelfEntry[]> {
  return db.shelf.orderBy('addedAt').reverse().toArray();
}

export async function isOnShelf(title: string): Promise<boolean> {
  return (await db.shelf.where('title').equals(title).count()) > 0;
}

/**
 * Adds the book, or removes it when a book of the same TITLE is already there (spec §4).
 * Resolves to whether the book is on the shelf afterwards.
 */
export function toggleShelf(book: Book | BookRef): Promise<boolean> {
  return db.transaction('rw', db.shelf, async () => {
    const existing = await db.shelf.where('title').equals(book.title).primaryKeys();
    if (existing.length > 0) {
      await db.shelf.bulkDelete(existing);
      return false;
    }
    await db.shelf.put({ ...book, addedAt: Date.now() });
    return true;
  });
}

export async function removeFromShelf(bookIds: number[]): Promise<void> {
  await db.shelf.bulkDelete(bookIds);
}

/** Live favourites (undefined while loading). */
export const useShelf = () => useLiveQuery(listShelf, []);
export const useShelfCount = () => useLiveQuery(() => db.shelf.count(), []);
/** Live "is this title on the shelf" (undefined while loading). */
export const useIsOnShelf = (title: string | undefined) =>
  useLiveQuery(() => (title ? isOnShelf(title) : false), [title]);
