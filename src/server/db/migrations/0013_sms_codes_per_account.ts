import { type Kysely, sql } from 'kysely';
import { dialectOf, withId } from '../portable.js';

/**
 * A bind code belongs to the account that asked for it and the number (issue 32 item 7): one live code
 * per (purpose, mobile, user), so another account's send never replaces it. 0007 kept one per
 * (purpose, mobile). The rows already there satisfy the new key (one per number means one per number
 * and user), so they are kept. SQLite cannot drop a table constraint: the table is rebuilt with its rows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    await db.schema.alterTable('sms_codes').dropConstraint('sms_codes_number').execute();
    await db.schema
      .alterTable('sms_codes')
      .addUniqueConstraint('sms_codes_account', ['purpose', 'mobile', 'user_id'])
      .execute();
    return;
  }
  await withId(db.schema.createTable('sms_codes_0013'), 'sqlite')
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('mobile', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sent_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addUniqueConstraint('sms_codes_account', ['purpose', 'mobile', 'user_id'])
    .execute();
  await sql`insert into sms_codes_0013 (id, purpose, mobile, user_id, code_hash, attempts, sent_at, expires_at, used_at)
    select id, purpose, mobile, user_id, code_hash, attempts, sent_at, expires_at, used_at from sms_codes`.execute(
    db,
  );
  await db.schema.dropTable('sms_codes').execute();
  await db.schema.alterTable('sms_codes_0013').renameTo('sms_codes').execute();
  await db.schema.createIndex('sms_codes_expiry').on('sms_codes').column('expires_at').execute();
}

export async function down(): Promise<void> {
  throw new Error('0013_sms_codes_per_account is not reversible');
}
