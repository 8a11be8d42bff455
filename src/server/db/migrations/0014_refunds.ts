import type { Kysely } from 'kysely';
import { dialectOf, withId } from '../portable.js';

/**
 * Refunds and reconciliation (issue 32 items 4 and 5). `refunds`: our side of every refund, keyed by
 * our refund number (the provider's idempotency key and the reversing ledger entry's ref_id), with what
 * it took back (coins, VIP seconds) and the sweep's claim. The order keeps two running sums: fen
 * reserved by refunds not failed (a conditional UPDATE on it refuses refunding more than was paid, even
 * under concurrent calls) and fen refunded for good. `sandbox_refunds`: the sandbox provider's own books.
 * `pay_mismatches`: what reconciliation (or a notify for a closed order) found at odds with a provider,
 * one row per order and kind, for a person to resolve.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const d = dialectOf(db);
  const table = (name: string) => withId(db.schema.createTable(name), d);

  await db.schema
    .alterTable('recharge_orders')
    .addColumn('refund_reserved', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('recharge_orders')
    .addColumn('refunded_amount', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await table('refunds')
    .addColumn('refund_no', 'text', (c) => c.notNull().unique())
    .addColumn('out_trade_no', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('provider', 'text', (c) => c.notNull())
    /** Fen given back. */
    .addColumn('amount', 'integer', (c) => c.notNull())
    /** REQUESTED, PROCESSING, SUCCESS, FAILED */
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    /** Who asked (e.g. 'cli:alice'). */
    .addColumn('operator', 'text', (c) => c.notNull())
    /** The order's coins this refund's share stands for, and how many of them were taken back. */
    .addColumn('coins_due', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('coins_reversed', 'integer', (c) => c.notNull().defaultTo(0))
    /** The VIP order's seconds this refund's share stands for, and how many were taken off the end. */
    .addColumn('vip_seconds_due', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('vip_seconds_shortened', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('provider_refund_no', 'text')
    /** Why it failed, or what held it (the provider's words). */
    .addColumn('failure', 'text')
    .addColumn('claimed_until', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('settled_at', 'text')
    .execute();
  await db.schema.createIndex('refunds_order').on('refunds').column('out_trade_no').execute();
  await db.schema.createIndex('refunds_open').on('refunds').columns(['status', 'created_at']).execute();

  await table('sandbox_refunds')
    .addColumn('out_trade_no', 'text', (c) => c.notNull())
    .addColumn('refund_no', 'text', (c) => c.notNull())
    .addColumn('trade_no', 'text', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull())
    /** SUCCESS, FAILED */
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('failure', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('sandbox_refunds_once', ['out_trade_no', 'refund_no'])
    .execute();

  await table('pay_mismatches')
    .addColumn('out_trade_no', 'text', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull())
    /** paid_not_credited, credited_not_paid, amount_differs */
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('our_status', 'text', (c) => c.notNull())
    .addColumn('our_amount', 'integer', (c) => c.notNull())
    .addColumn('provider_status', 'text', (c) => c.notNull())
    .addColumn('provider_amount', 'integer')
    /** What found it: 'reconcile' (the daily job) or 'notify' (a notify for a closed order). */
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('detail', 'text', (c) => c.notNull())
    .addColumn('first_seen_at', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', 'text', (c) => c.notNull())
    .addColumn('seen_count', 'integer', (c) => c.notNull().defaultTo(1))
    /** Set by the person who resolved it; never by the service. */
    .addColumn('resolved_at', 'text')
    .addUniqueConstraint('pay_mismatches_once', ['out_trade_no', 'kind'])
    .execute();
  // Reconciliation asks for orders paid (or closed) in the last day.
  await db.schema
    .createIndex('recharge_orders_paid')
    .on('recharge_orders')
    .columns(['status', 'paid_at'])
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('0014_refunds is not reversible');
}
