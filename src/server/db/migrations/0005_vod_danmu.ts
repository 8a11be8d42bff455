import type { Kysely } from 'kysely';
import { dialectOf, withId } from '../portable.js';

/** Player comments (danmu) that come with a video; the watch answer reads the newest per video. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db.schema.createTable('vod_danmu'), dialectOf(db))
    .addColumn('vod_id', 'integer', (c) => c.notNull().references('vods.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('mode', 'integer', (c) => c.notNull())
    .addColumn('stime', 'integer', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('color', 'integer', (c) => c.notNull())
    .addColumn('dur', 'integer', (c) => c.notNull())
    .addColumn('border', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('opacity', 'real', (c) => c.notNull().defaultTo(1))
    .addColumn('font', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('shadow', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('position', 'text')
    .addColumn('motion', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  // The watch answer takes the newest comments of one video.
  await db.schema.createIndex('vod_danmu_vod').on('vod_danmu').columns(['vod_id', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('vod_danmu').ifExists().execute();
}
