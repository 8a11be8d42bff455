import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

/**
 * Whether the public trial files of a media key may be served: no video of the catalogue uses the key
 * without allowing a trial. Ingest writes trial cuts for every video, so without this a video that
 * offers no trial (can_try 0) would still give its first seconds to anyone who knows its key (the
 * watch answer names it). A key no video uses yet (ingested, not listed) keeps its trial, as before.
 */
export async function trialServable(db: Kysely<DB>, mediaKey: string): Promise<boolean> {
  const rows = await db
    .selectFrom('vods')
    .select(['can_try', 'price'])
    .where('media_key', '=', mediaKey)
    .execute();
  return rows.length === 0 || rows.some((r) => r.can_try === 1 || r.price <= 0);
}

/** How long a trial answer is reused: a player fetches a segment every few seconds. */
const GATE_TTL_MS = 30_000;
const GATE_MAX = 2000;

/**
 * trialServable with a short per-app memory (one app's database only), so a playing trial costs one
 * query per key every half minute; a changed can_try takes effect within that.
 */
export function trialGate(db: Kysely<DB>) {
  const seen = new Map<string, { allowed: boolean; until: number }>();
  return async (mediaKey: string, now = Date.now()): Promise<boolean> => {
    const hit = seen.get(mediaKey);
    if (hit && hit.until > now) return hit.allowed;
    const allowed = await trialServable(db, mediaKey);
    if (seen.size >= GATE_MAX) seen.clear();
    seen.set(mediaKey, { allowed, until: now + GATE_TTL_MS });
    return allowed;
  };
}
