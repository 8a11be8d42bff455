import type { Kysely } from 'kysely';
import { imageUrl, type Ad } from '../../../contract/index.js';
import type { DB } from '../../db/schema.js';
import type { AdSlot, ListAdKey } from '../../ports/catalogue-store.js';

/** Where an ad shows: the home carousel, every list screen or one of them, the video home. */
export type AdPosition = AdSlot;

const JUMP_TYPES = new Set<number>([-1, -2, 2, 3]);
/** Ad banners are wide: the 500 px rendition. */
const AD_IMAGE_SIZE = 500;

export async function listAds(db: Kysely<DB>, position: AdPosition): Promise<Ad[]> {
  const rows = await db
    .selectFrom('ads')
    .select(['jump_type', 'biz_id', 'url', 'img_hash', 'title'])
    .where('position', '=', position)
    .orderBy('sort')
    .orderBy('id')
    .execute();
  // A row with an unknown jump type would break every client's carousel: leave it out.
  return rows
    .filter((r) => JUMP_TYPES.has(r.jump_type))
    .map((r) => ({
      jumpType: r.jump_type as Ad['jumpType'],
      bizId: r.biz_id,
      url: r.url,
      imgPath: imageUrl(r.img_hash, AD_IMAGE_SIZE),
      title: r.title,
    }));
}

/**
 * A list screen's carousel: its own banners (position list:<key>) first, then those every list shows
 * (position list), so each list opens on a banner of its own when the operator gave it one.
 */
export async function listScreenAds(db: Kysely<DB>, key: ListAdKey): Promise<Ad[]> {
  const [own, shared] = await Promise.all([listAds(db, `list:${key}`), listAds(db, 'list')]);
  return [...own, ...shared];
}
