import type { Kysely } from 'kysely';
import { prepared } from '../../db/prepared.js';
import type { DB } from '../../db/schema.js';

/**
 * The 周榜 counts reads of the current week (from Monday 00:00 Asia/Shanghai). The week the counts
 * belong to is kept in settings; the first read of a new week zeroes every book's weekly count.
 * The conditional update lets exactly one of several concurrent nodes do the reset.
 */
export const RANK_WEEK_KEY = 'rank_week';
const SHANGHAI_OFFSET_MS = 8 * 3_600_000;

/** The Monday (YYYY-MM-DD, Asia/Shanghai; no daylight saving there) of the week holding `now`. */
export function weekStart(now: Date): string {
  const local = new Date(now.getTime() + SHANGHAI_OFFSET_MS);
  const daysSinceMonday = (local.getUTCDay() + 6) % 7;
  return new Date(local.getTime() - daysSinceMonday * 86_400_000).toISOString().slice(0, 10);
}

// Asked on every counted read: prepared once (db/prepared.ts).
const rankWeek = prepared((db) => db.selectFrom('settings').select('value').where('key', '=', RANK_WEEK_KEY));

/** Call inside the read's transaction, before counting the read. */
export async function rollRankWeek(db: Kysely<DB>, now: Date): Promise<void> {
  const week = weekStart(now);
  const current = await rankWeek.executeTakeFirst(db, {});
  if (current && current.value >= week) return;
  if (!current) {
    // First read ever: the counts present (seeded or imported) belong to this week.
    await db
      .insertInto('settings')
      .values({ key: RANK_WEEK_KEY, value: week })
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
    return;
  }
  const moved = await db
    .updateTable('settings')
    .set({ value: week })
    .where('key', '=', RANK_WEEK_KEY)
    .where('value', '<', week)
    .executeTakeFirst();
  if (Number(moved.numUpdatedRows) > 0) {
    await db.updateTable('books').set({ week_read_count: 0 }).where('week_read_count', '!=', 0).execute();
  }
}
