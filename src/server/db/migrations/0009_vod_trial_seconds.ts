import type { Kysely } from 'kysely';

/**
 * A video's own trial length in seconds. Null (every video until an operator sets one) follows
 * VOD_TRIAL_SECONDS, so changing that setting moves every such trial at once: the trial playlists are
 * cut from the full ones when served (services/catalogue/trial.ts), never stored.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('vods').addColumn('trial_seconds', 'integer').execute();
}

export async function down(): Promise<void> {
  throw new Error('0009_vod_trial_seconds is not reversible');
}
