import { sql, type Kysely } from 'kysely';
import type { Dialect } from './portable.js';
import type { DB } from './schema.js';

/**
 * Holds `key` until the transaction ends, so transactions holding the same key run one after another
 * on every node. PostgreSQL: an advisory transaction lock. SQLite already runs one writer at a time
 * (and the server runs one process on a file), so there is nothing to take.
 */
export async function lockForTransaction(trx: Kysely<DB>, dialect: Dialect, key: number): Promise<void> {
  if (dialect === 'postgres') await sql`select pg_advisory_xact_lock(${key})`.execute(trx);
}
