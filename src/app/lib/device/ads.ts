import type { Ad } from '../../../contract';
import { withDb } from './store';

/** The last ad list seen for a slot (e.g. 'home', 'list'), shown before the network answers. */
export const getCachedAds = (slot: string): Promise<Ad[] | undefined> =>
  withDb(async (db) => (await db.ads.get(slot))?.ads);

export const cacheAds = (slot: string, ads: Ad[]): Promise<void> =>
  withDb(async (db) => {
    await db.ads.put({ slot, ads, savedAt: Date.now() });
  });
