import type { Ad } from '../../../contract';
import { readDb, withDb } from './store';

/**
 * The last ad list seen for a slot (e.g. 'home', 'list'), shown before the network answers; none, without
 * loading Dexie, on a device with no database.
 */
export const getCachedAds = (slot: string): Promise<Ad[] | undefined> =>
  readDb(async (db) => (await db.ads.get(slot))?.ads, undefined);

export const cacheAds = (slot: string, ads: Ad[]): Promise<void> =>
  withDb(async (db) => {
    await db.ads.put({ slot, ads, savedAt: Date.now() });
  });

/** The ad lists kept for slots whose name starts with `prefix` (each list screen keeps its own: 'list:…'). */
export const getCachedAdsByPrefix = (prefix: string): Promise<Ad[][]> =>
  readDb(async (db) => (await db.ads.where('slot').startsWith(prefix).toArray()).map((e) => e.ads), []);
