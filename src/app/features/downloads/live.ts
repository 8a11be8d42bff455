import { useEffect, useState } from 'react';
import type { Chapter } from '../../../contract';
import type { DownloadsDb } from './downloads-db';

/**
 * Live views of the downloads database for screens that show badges (shelf, catalogue, comic home):
 * the database and Dexie load on first use, never with a screen's first JavaScript.
 */

type DbModule = typeof import('./downloads-db');
let loading: Promise<DbModule> | undefined;
export const loadDownloadsDb = (): Promise<DbModule> => (loading ??= import('./downloads-db'));

export function useDownloadsQuery<T>(key: string, query: (db: DownloadsDb) => Promise<T>): T | undefined {
  const [state, setState] = useState<{ key: string; value: T } | undefined>();
  const [current, setCurrent] = useState({ key, query });
  if (current.key !== key) setCurrent({ key, query });
  useEffect(() => {
    let closed = false;
    let sub: { unsubscribe(): void } | undefined;
    void loadDownloadsDb().then(({ downloadsDb, liveQuery }) => {
      if (closed) return;
      sub = liveQuery(() => current.query(downloadsDb)).subscribe({
        next: (value) => setState({ key: current.key, value }),
        error: (err: unknown) => console.error('[downloads] live query failed', err),
      });
    });
    return () => {
      closed = true;
      sub?.unsubscribe();
    };
  }, [current]);
  return state?.key === key ? state.value : undefined;
}

/** Numbers of a book's chapters that are on the phone. */
export const useDownloadedNumbers = (bookId: number) =>
  useDownloadsQuery(`dl-numbers:${bookId}`, async (db) => {
    const items = await db.items.where('bookId').equals(bookId).toArray();
    return new Set(items.filter((i) => i.state === 'done').map((i) => i.number));
  });

/** Ids of books with at least one chapter on the phone. */
export const useDownloadedBooks = () =>
  useDownloadsQuery('dl-books', async (db) => {
    const done = await db.items.where('state').equals('done').toArray();
    return new Set(done.map((i) => i.bookId));
  });

/** The catalogue kept at the last download, for the catalogue screen with no connection. */
export async function keptCatalogue(bookId: number): Promise<Chapter[] | undefined> {
  const { downloadsDb } = await loadDownloadsDb();
  return (await downloadsDb.books.get(bookId))?.chapters;
}
