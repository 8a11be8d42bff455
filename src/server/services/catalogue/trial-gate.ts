import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { offersTrial } from '../access.js';
import { shortCacheBy } from './short-cache.js';

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
  // A free video's files are open anyway (it plays in full for everyone).
  return rows.length === 0 || rows.some((r) => offersTrial(r) || r.price <= 0);
}

/** How long a trial answer is reused: a player fetches a segment every few seconds. */
const GATE_TTL_MS = 30_000;
const GATE_MAX_KEYS = 2000;

/**
 * trialServable with a short per-node memory, so a playing trial costs one query per key every half
 * minute; a changed can_try takes effect within that.
 */
export const trialGate = (db: Kysely<DB>) =>
  shortCacheBy(GATE_TTL_MS, GATE_MAX_KEYS, (mediaKey: string) => trialServable(db, mediaKey));
