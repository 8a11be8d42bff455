import { useLiveQuery } from 'dexie-react-hooks';
import { SEARCH_HISTORY_MAX, StorageKey } from '../../../contract';
import { db } from '../db';

export type SearchKind = 'comic' | 'vod';

const keyOf = (kind: SearchKind) =>
  kind === 'comic' ? StorageKey.comicSearchHistory : StorageKey.vodSearchHistory;

/** Most recent first, no duplicates, at most SEARCH_HISTORY_MAX (spec §5). Blank words are ignored. */
export function pushSearchHistory(list: readonly string[], word: string): string[] {
  const w = word.trim();
  if (!w) return [...list];
  return [w, ...list.filter((x) => x !== w)].slice(0, SEARCH_HISTORY_MAX);
}

export async function listSearch(kind: SearchKind): Promise<string[]> {
  return (await db.searchHistory.get(keyOf(kind)))?.words ?? [];
}

export function addSearch(kind: SearchKind, word: string): Promise<string[]> {
  return db.transaction('rw', db.searchHistory, async () => {
    const words = pushSearchHistory(await listSearch(kind), word);
    await db.searchHistory.put({ key: keyOf(kind), words });
    return words;
  });
}

export async function clearSearch(kind: SearchKind): Promise<void> {
  await db.searchHistory.delete(keyOf(kind));
}

/** Live search history of one kind (undefined while loading). */
export const useSearchHistory = (kind: SearchKind) => useLiveQuery(() => listSearch(kind), [kind]);
