import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../db/schema.js';

/**
 * Attempt counters in the auth_throttle table, so every API node sees the same counts (login
 * failures per account, recovery attempts per device). A fixed window per key: the first attempt
 * after the window ends starts a new one.
 */
type Db = Kysely<DB> | Transaction<DB>;

export interface ThrottleRule {
  /** Attempts allowed in one window. */
  limit: number;
  windowMs: number;
}

/** Login failures per account (or mobile): 10 per 15 minutes. */
export const LOGIN_FAILURES: ThrottleRule = { limit: 10, windowMs: 15 * 60 * 1000 };
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

/** Counts one attempt atomically (one upsert, safe across nodes); returns the count in the window. */
export async function recordAttempt(db: Db, key: string, rule: ThrottleRule, now: Date = new Date()) {
  const iso = now.toISOString();
  const cutoff = new Date(now.getTime() - rule.windowMs).toISOString();
  const row = await db
    .insertInto('auth_throttle')
    .values({ key, count: 1, window_start: iso })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        count: sql<number>`case when auth_throttle.window_start <= ${cutoff} then 1 else auth_throttle.count + 1 end`,
        window_start: sql<string>`case when auth_throttle.window_start <= ${cutoff} then ${iso} else auth_throttle.window_start end`,
      }),
    )
    .returning('count')
    .executeTakeFirstOrThrow();
  return row.count;
}

export async function clearAttempts(db: Db, key: string) {
  await db.deleteFrom('auth_throttle').where('key', '=', key).execute();
}

/** Keys are namespaced and bounded so a long account name cannot bloat the table's key. */
export const throttleKey = (kind: string, value: string) => `${kind}:${value.toLowerCase().slice(0, 80)}`;
