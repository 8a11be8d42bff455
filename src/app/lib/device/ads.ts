import type { Ad } from '../../../contract';
import { db } from '../db';

/** The last ad list seen for a slot (e.g. 'home', 'list'), shown before the network answers. */
export async function getCachedAds(slot: string): Promise<Ad[] | undefined> {
  return (await db.ads.get(slot))?.ads;
}

export async function cacheAds(slot: string, ads: Ad[]): Promise<void> {
  await db.ads.put({ slot, ads, savedAt: Date.now() });
}
