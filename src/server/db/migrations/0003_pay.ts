import type { Kysely } from 'kysely';
import { dialectOf, withId } from '../portable.js';

/**
 * Money, part two: settings (sign-in amounts), the sandbox provider's own books (its payments and the
 * notification attempts it still owes us, kept in the database so any node can resume them), and the
 * single-use mark of a signed apply URL.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const d = dialectOf(db);
  const table = (name: string) => withId(db.schema.createTable(name), d);

  await db.schema
    .createTable('settings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();

  await table('sandbox_payments')
    .addColumn('trade_no', 'text', (c) => c.notNull().unique())
    .addColumn('out_trade_no', 'text', (c) => c.notNull().unique())
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('notify_url', 'text', (c) => c.notNull())
    .addColumn('return_url', 'text')
    /** WAIT, PAID, CLOSED */
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('expire_at', 'text', (c) => c.notNull())
    .addColumn('paid_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await table('sandbox_notify_attempts')
    .addColumn('trade_no', 'text', (c) => c.notNull().unique())
    .addColumn('notify_url', 'text', (c) => c.notNull())
    /** The signed form body, sent unchanged on every attempt (same notify_id, like Alipay). */
    .addColumn('payload', 'text', (c) => c.notNull())
    /** PENDING, DONE, FAILED */
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_at', 'text', (c) => c.notNull())
    .addColumn('claimed_until', 'text')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('sandbox_notify_due')
    .on('sandbox_notify_attempts')
    .columns(['status', 'next_at'])
    .execute();

  await db.schema.alterTable('recharge_orders').addColumn('applied_at', 'text').execute();
  // What the provider answered at creation (payUrl / appPayData as JSON), replayed by /h5/pay/apply.
  await db.schema.alterTable('recharge_orders').addColumn('pay_data', 'text').execute();
  await db.schema
    .createIndex('recharge_orders_user')
    .on('recharge_orders')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('purchases_user_type')
    .on('purchases')
    .columns(['user_id', 'item_type', 'id'])
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('0003_pay is not reversible');
}
