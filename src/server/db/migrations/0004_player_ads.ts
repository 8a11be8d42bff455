import type { Kysely } from 'kysely';
import { dialectOf, withId } from '../portable.js';

/**
 * Player adverts (spec §3 player items): the start advert (a cover image with a countdown) and the
 * video ads played before a video. Kept apart from `ads` (banners with a jump type) because they
 * carry a length and, for video ads, a clip instead of a picture.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db.schema.createTable('player_ads'), dialectOf(db))
    /** start | video */
    .addColumn('kind', 'text', (c) => c.notNull())
    /** Cover of a start advert (an encrypted image hash). */
    .addColumn('img_hash', 'text')
    /** Clip of a video ad: /media/ad/{media_key}.mp4 */
    .addColumn('media_key', 'text')
    /** The advertiser's page, opened in a new tab. */
    .addColumn('url', 'text', (c) => c.notNull())
    /** Seconds: the start advert's countdown, or the clip's length. */
    .addColumn('duration', 'real', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('player_ads_kind').on('player_ads').columns(['kind', 'sort']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('player_ads_kind').ifExists().execute();
  await db.schema.dropTable('player_ads').ifExists().execute();
}
