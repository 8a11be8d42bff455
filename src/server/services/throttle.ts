import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../db/schema.js';

/**
 * Attempt counters in the auth_throttle table, so every API node sees the same counts (login
 * attempts, see login-guard.ts; recovery attempts per device). A fixed window per key: the first attempt
 * after the window ends starts a new one.
 */
type Db = Kysely<DB> | Transaction<DB>;

export interface ThrottleRule {
  /** Attempts allowed in one window. */
  limit: number;
  windowMs: number;
}

/** Recovery attempts that found nothing, per device: 10 per day. */
export const FIND_ACCOUNT_MISSES: ThrottleRule = { limit: 10, windowMs: 24 * 3600 * 1000 };

/** True when the key has used up its attempts in the current window. */
export async function isThrottled(db: Db, key: string, rule: ThrottleRule, now: Date = new Date()) {
  const row = await db
    .selectFrom('auth_throttle')
    .select(['count', 'window_start'])
    .where('key', '=', key)
    .executeTakeFirst();
  if (!row) return false;
  if (now.getTime() - Date.parse(row.window_start) >= rule.windowMs) return false;
  return row.count >= rule.limit;
}

/** One atomic upsert (safe across nodes): the attempt counted, in a window restarted when it ran out. */
async function bumpAttempt(db: Db, key: string, rule: ThrottleRule, now: Date) {
  const iso = now.toISOString();
  const cutoff = new Date(now.getTime() - rule.windowMs).toISOString();
  return db
    .insertInto('auth_throttle')
    .values({ key, count: 1, window_start: iso })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        count: sql<number>`case when auth_throttle.window_start <= ${cutoff} then 1 else auth_throttle.count + 1 end`,
        window_start: sql<string>`case when auth_throttle.window_start <= ${cutoff} then ${iso} else auth_throttle.window_start end`,
      }),
    )
    .returning(['count', 'window_start'])
    .executeTakeFirstOrThrow();
}

/** Counts one attempt atomically (one upsert, safe across nodes); returns the count in the window. */
export async function recordAttempt(db: Db, key: string, rule: ThrottleRule, now: Date = new Date()) {
  return (await bumpAttempt(db, key, rule, now)).count;
}

/**
 * Reserves one attempt before the work it guards runs: the count goes up atomically, so parallel
 * callers each see their own place in the window and at most `limit` of them are admitted. A refused
 * reservation is given back, so refusals do not lengthen anything.
 */
export async function reserveAttempt(
  db: Db,
  key: string,
  rule: ThrottleRule,
  now: Date = new Date(),
): Promise<{ admitted: boolean; retryAfterSeconds: number }> {
  const row = await bumpAttempt(db, key, rule, now);
  // Another node's clock (or a call that read the clock a moment earlier) may have opened the window
  // a little after `now`: the wait is never more than one window.
  const left = Math.min(rule.windowMs, Date.parse(row.window_start) + rule.windowMs - now.getTime());
  const retryAfterSeconds = Math.max(1, Math.ceil(left / 1000));
  if (row.count <= rule.limit) return { admitted: true, retryAfterSeconds };
  await releaseAttempt(db, key);
  return { admitted: false, retryAfterSeconds };
}

/** Gives back one reserved attempt (the work did not run); never below zero. */
export async function releaseAttempt(db: Db, key: string) {
  await db
    .updateTable('auth_throttle')
    .set({ count: sql<number>`case when count > 0 then count - 1 else 0 end` })
    .where('key', '=', key)
    .execute();
}

/** Ends the counts of these keys (one statement: one write on the success path of a login). */
export async function clearAttempts(db: Db, keys: string | string[]) {
  const list = typeof keys === 'string' ? [keys] : keys;
  if (list.length) await db.deleteFrom('auth_throttle').where('key', 'in', list).execute();
}

/** Keys are namespaced and bounded so a long account name cannot bloat the table's key. */
export const throttleKey = (kind: string, value: string) => `${kind}:${value.toLowerCase().slice(0, 80)}`;
