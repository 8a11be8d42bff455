import { useEffect, useState } from 'react';
import type { Chapter } from '../../../contract';
import { followOnceMade } from '../../lib/device/db-exists';
import { DOWNLOADS_DB_NAME, downloadsDbLoaded } from '../../../client/downloads/db-name';
import type { DownloadsDb } from '../../../client/downloads/queue-db';

/**
 * Live views of the downloads database for screens that show badges (shelf, catalogue, comic home):
 * the database and Dexie load on first use, never with a screen's first JavaScript.
 */

type DbModule = typeof import('../../../client/downloads/queue-db');
let loading: Promise<DbModule> | undefined;
export const loadDownloadsDb = (): Promise<DbModule> =>
  (loading ??= import('../../../client/downloads/queue-db'));

/**
 * A live view of the downloads database (undefined while loading). `whenNone`: the answer on a device
 * that never made the database, given without loading Dexie; the view goes live once the database's
 * module loads on this page (a first download) or when the page is shown again and it exists.
 */
export function useDownloadsQuery<T>(
  key: string,
  query: (db: DownloadsDb) => Promise<T>,
  whenNone?: { value: T },
): T | undefined {
  const [state, setState] = useState<{ key: string; value: T } | undefined>();
  const [current, setCurrent] = useState({ key, query, whenNone });
  if (current.key !== key) setCurrent({ key, query, whenNone });
  useEffect(() => {
    let closed = false;
    let sub: { unsubscribe(): void } | undefined;
    const live = () =>
      void loadDownloadsDb().then(({ downloadsDb, liveQuery }) => {
        if (closed) return;
        sub = liveQuery(() => current.query(downloadsDb)).subscribe({
          next: (value) => setState({ key: current.key, value }),
          error: (err: unknown) => console.error('[downloads] live query failed', err),
        });
      });
    const none = current.whenNone;
    const stopFollowing =
      none && !loading
        ? followOnceMade(
            DOWNLOADS_DB_NAME,
            downloadsDbLoaded,
            () => setState({ key: current.key, value: none.value }),
            live,
          )
        : live();
    return () => {
      closed = true;
      stopFollowing?.();
      sub?.unsubscribe();
    };
  }, [current]);
  return state?.key === key ? state.value : undefined;
}

/** Numbers of a book's chapters that are on the phone. */
export const useDownloadedNumbers = (bookId: number) =>
  useDownloadsQuery(
    `dl-numbers:${bookId}`,
    async (db) => {
      const items = await db.items.where('bookId').equals(bookId).toArray();
      return new Set(items.filter((i) => i.state === 'done').map((i) => i.number));
    },
    { value: new Set<number>() },
  );

/** Ids of books with at least one chapter on the phone. */
export const useDownloadedBooks = () =>
  useDownloadsQuery(
    'dl-books',
    async (db) => {
      const done = await db.items.where('state').equals('done').toArray();
      return new Set(done.map((i) => i.bookId));
    },
    { value: new Set<number>() },
  );

/** The catalogue kept at the last download, for the catalogue screen with no connection. */
export async function keptCatalogue(bookId: number): Promise<Chapter[] | undefined> {
  const { downloadsDb } = await loadDownloadsDb();
  return (await downloadsDb.books.get(bookId))?.chapters;
}
