import type { Kysely } from 'kysely';

/**
 * A watch counts towards a video's play count once per user, video and day (Asia/Shanghai), as a read
 * counts towards a book's (0008_read_marks): the play count orders 猜你喜欢, so repeated watch calls
 * must not push a video up. Rows of past days are pruned; the day leads the key for that delete.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('watch_marks')
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('vod_id', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('watch_marks_pk', ['day', 'vod_id', 'user_id'])
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('0010_watch_marks is not reversible');
}
