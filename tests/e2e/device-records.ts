import type { Page } from 'playwright-core';

/** The keys our stores use: a string id, or an array of numbers (book, chapter). */
type Key = string | number | (string | number)[];

interface Ask {
  db: string;
  store: string;
  /** Absent: every record of the store. */
  key?: Key;
}

/**
 * Reads one object store of the page's IndexedDB straight, with no app code: a store not created yet
 * reads as empty. Shared by the end-to-end tests and the benches (no test runner imported here).
 */
function read(page: Page, ask: Ask): Promise<unknown> {
  return page.evaluate(
    ({ db: name, store, key }) =>
      new Promise<unknown>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains(store)) {
            db.close();
            return resolve(key === undefined ? [] : null);
          }
          const os = db.transaction(store).objectStore(store);
          const q = key === undefined ? os.getAll() : os.get(key);
          q.onsuccess = () => {
            db.close();
            resolve(q.result ?? null);
          };
          q.onerror = () => reject(q.error);
        };
      }),
    ask,
  );
}

/** Every record of `store` in the page's database `db` ([] before the store exists). */
export const readRecords = <T>(page: Page, db: string, store: string) =>
  read(page, { db, store }) as Promise<T[]>;

/** The record under `key` (null when there is none, or no such store yet). */
export const readRecord = <T>(page: Page, db: string, store: string, key: Key) =>
  read(page, { db, store, key }) as Promise<T | null>;

/** The search words kept on the phone under `key` (StorageKey's comic or video history), most recent first. */
export const storedSearchWords = async (page: Page, key: string) =>
  (await readRecord<{ words: string[] }>(page, 'inkreel', 'searchHistory', key))?.words ?? [];
