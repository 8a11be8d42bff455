import type { Kysely } from 'kysely';
import { dialectOf, withId } from '../portable.js';

/**
 * SMS verification before binding a mobile: the current code of each number (keyed hash only, with
 * who asked for it, its attempts and its single use), and the sandbox SMS provider's own outbox (what a
 * real provider delivers to the phone; only the sandbox keeps the text).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const d = dialectOf(db);
  await withId(db.schema.createTable('sms_codes'), d)
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('mobile', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sent_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    // One live code per number and purpose: a send claims the row with a conditional upsert.
    .addUniqueConstraint('sms_codes_number', ['purpose', 'mobile'])
    .execute();
  await db.schema.createIndex('sms_codes_expiry').on('sms_codes').column('expires_at').execute();

  await withId(db.schema.createTable('sandbox_sms'), d)
    .addColumn('mobile', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sandbox_sms_created').on('sandbox_sms').column('created_at').execute();
}

export async function down(): Promise<void> {
  throw new Error('0007_sms_codes is not reversible');
}
