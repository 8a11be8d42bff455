import { createHmac, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Config } from '../config.js';
import type { DB } from '../db/schema.js';

/** settings key of the generated server secret (PAY_SECRET when the environment gives none). */
export const PAY_SECRET_SETTING = 'secret.pay';

/**
 * This install's secret under `key`: generated once (32 random bytes) and kept in the database, so a
 * restart keeps it and every API node on one PostgreSQL reads the same one. Several nodes starting at
 * once race on the insert; the first one wins and everyone reads that row back.
 */
export async function storedSecret(db: Kysely<DB>, key: string): Promise<string> {
  await db
    .insertInto('settings')
    .values({ key, value: randomBytes(32).toString('base64url') })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await db
    .selectFrom('settings')
    .select('value')
    .where('key', '=', key)
    .executeTakeFirstOrThrow();
  return row.value;
}

/**
 * Fills config.paySecret from the database when PAY_SECRET is unset: no install ever signs with a
 * secret someone else knows (a default printed in the README would let anyone forge a paid
 * notification or a full-video URL).
 */
export async function loadSecrets(config: Config, db: Kysely<DB>): Promise<void> {
  if (!config.paySecret) config.paySecret = await storedSecret(db, PAY_SECRET_SETTING);
}

/** A key for one purpose (`label`) derived from the server secret; refuses to sign before it is loaded. */
export function derivedKey(secret: string, label: string): Buffer {
  if (!secret) throw new Error('server secret not loaded');
  return createHmac('sha256', secret).update(label).digest();
}
