import type { Kysely } from 'kysely';

/**
 * Order expiry: the sweep that reconciles orders left unpaid past their window claims each one with a
 * conditional UPDATE of sweep_claimed_until (any API node may sweep; a node that dies mid-way leaves
 * the order to another once the claim lapses), counts its tries, and stamps when it closed the order.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('recharge_orders').addColumn('sweep_claimed_until', 'text').execute();
  await db.schema
    .alterTable('recharge_orders')
    .addColumn('sweep_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('recharge_orders').addColumn('closed_at', 'text').execute();
  // The sweep asks for CREATED orders by expiry; paid ones (nearly all rows) are never scanned.
  await db.schema
    .createIndex('recharge_orders_sweep')
    .on('recharge_orders')
    .columns(['status', 'expire_at'])
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('0006_order_expiry is not reversible');
}
