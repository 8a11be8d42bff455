import { SEARCH_HISTORY_MAX, StorageKey } from '../../../contract';
import type { InkreelDb } from '../db';
import { useDeviceQuery, withDb } from './store';

export type SearchKind = 'comic' | 'vod';

const keyOf = (kind: SearchKind) =>
  kind === 'comic' ? StorageKey.comicSearchHistory : StorageKey.vodSearchHistory;

/** Most recent first, no duplicates, at most SEARCH_HISTORY_MAX (spec §5). Blank words are ignored. */
export function pushSearchHistory(list: readonly string[], word: string): string[] {
  const w = word.trim();
  if (!w) return [...list];
  return [w, ...list.filter((x) => x !== w)].slice(0, SEARCH_HISTORY_MAX);
}

const list = async (db: InkreelDb, kind: SearchKind) =>
  (await db.searchHistory.get(keyOf(kind)))?.words ?? [];

export const listSearch = (kind: SearchKind): Promise<string[]> => withDb((db) => list(db, kind));

export const addSearch = (kind: SearchKind, word: string): Promise<string[]> =>
  withDb((db) =>
    db.transaction('rw', db.searchHistory, async () => {
      const words = pushSearchHistory(await list(db, kind), word);
      await db.searchHistory.put({ key: keyOf(kind), words });
      return words;
    }),
  );

export const clearSearch = (kind: SearchKind): Promise<void> =>
  withDb((db) => db.searchHistory.delete(keyOf(kind)));

/** Live search history of one kind (undefined while loading). */
export const useSearchHistory = (kind: SearchKind) =>
  useDeviceQuery(`search:${kind}`, (db) => list(db, kind));
