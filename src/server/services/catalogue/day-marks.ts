import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

/** Tables of "counted today" marks: a read or a play counts once per reader and day. */
type DayMarksTable = 'read_marks' | 'watch_marks';

/**
 * A mark matters only on its own day (Asia/Shanghai), so older ones are dropped: the returned
 * function deletes the table's marks before `day` the first time it sees that day in this process,
 * and does nothing on the day's later calls. Each node prunes on its own; a second delete finds none.
 */
export function pruneOncePerDay(table: DayMarksTable) {
  let prunedThrough = '';
  return async (db: Kysely<DB>, day: string): Promise<void> => {
    if (day <= prunedThrough) return;
    prunedThrough = day;
    await db.deleteFrom(table).where('day', '<', day).execute();
  };
}
