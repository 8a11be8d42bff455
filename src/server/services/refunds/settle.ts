import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { applyCoins, moneyTransaction } from '../ledger.js';
import { coinsToReverse, shareOf, vipSecondsToShorten } from './shares.js';

export const OPEN_STATUSES = ['REQUESTED', 'PROCESSING'] as const;

/**
 * Settles a refund the provider confirmed, in ONE transaction: the refund turns SUCCESS only if it was
 * still open (a copy finds zero rows and changes nothing), the order's refunded sum moves (its row lock
 * orders concurrent settlements of one order), and the order's delivery is reversed by the refund's
 * share — coins through the ledger under the refund number (kind 'refund', ref 'refund'), VIP by moving
 * its end — within the rules of shares.ts. A closed order the provider was paid for delivered nothing,
 * so nothing is reversed; refunded in full, its paid_not_credited mismatch is resolved. False when the
 * refund was already settled or failed.
 */
export async function settleRefund(
  db: Kysely<DB>,
  refundNo: string,
  providerRefundNo: string | null,
  now: Date,
): Promise<boolean> {
  return moneyTransaction(db, async (trx) => {
    const nowText = now.toISOString();
    const refund = await trx
      .updateTable('refunds')
      .set((eb) => ({
        status: 'SUCCESS',
        // A notify may not name the provider's refund number: keep the one its refund answer gave.
        provider_refund_no: providerRefundNo ?? eb.ref('provider_refund_no'),
        claimed_until: null,
        updated_at: nowText,
        settled_at: nowText,
      }))
      .where('refund_no', '=', refundNo)
      .where('status', 'in', OPEN_STATUSES)
      .returningAll()
      .executeTakeFirst();
    if (!refund) return false;
    const order = await trx
      .updateTable('recharge_orders')
      .set((eb) => ({ refunded_amount: eb('refunded_amount', '+', refund.amount) }))
      .where('out_trade_no', '=', refund.out_trade_no)
      .returning(['amount', 'refunded_amount', 'purpose', 'pay_config_id', 'user_id', 'status'])
      .executeTakeFirstOrThrow();
    if (order.status !== 'PAID') {
      if (order.refunded_amount >= order.amount)
        await trx
          .updateTable('pay_mismatches')
          .set({ resolved_at: nowText })
          .where('out_trade_no', '=', refund.out_trade_no)
          .where('kind', '=', 'paid_not_credited')
          .where('resolved_at', 'is', null)
          .execute();
      return true;
    }
    const before = order.refunded_amount - refund.amount;
    // Taking the user's row lock first: the balance and VIP end read below cannot move under us.
    const user = await trx
      .updateTable('users')
      .set((eb) => ({ recharged: eb.ref('recharged') }))
      .where('id', '=', order.user_id)
      .returning(['balance', 'vip_end_at'])
      .executeTakeFirstOrThrow();
    let coinsDue = 0;
    let coinsReversed = 0;
    let vipDue = 0;
    let vipShortened = 0;
    if (order.purpose === 'vip') {
      const cfg = await trx
        .selectFrom('pay_configs')
        .select('vip_days')
        .where('id', '=', order.pay_config_id)
        .executeTakeFirstOrThrow();
      vipDue = shareOf(cfg.vip_days * 86_400, order.amount, before, refund.amount);
      const end = user.vip_end_at ? Date.parse(user.vip_end_at) : null;
      vipShortened = vipSecondsToShorten(vipDue, end, now.getTime());
      if (vipShortened > 0)
        await trx
          .updateTable('users')
          .set({ vip_end_at: new Date(end! - vipShortened * 1000).toISOString() })
          .where('id', '=', order.user_id)
          .execute();
    } else {
      // What the order credited, as the ledger has it (exact even if the package changed since).
      const credit = await trx
        .selectFrom('ledger')
        .select('amount')
        .where('kind', '=', 'recharge')
        .where('ref_type', '=', 'recharge_order')
        .where('ref_id', '=', refund.out_trade_no)
        .executeTakeFirst();
      coinsDue = shareOf(credit?.amount ?? 0, order.amount, before, refund.amount);
      coinsReversed = coinsToReverse(coinsDue, user.balance);
      if (coinsReversed > 0)
        await applyCoins(trx, {
          userId: order.user_id,
          amount: -coinsReversed,
          kind: 'refund',
          refType: 'refund',
          refId: refundNo,
          at: now,
        });
    }
    await trx
      .updateTable('refunds')
      .set({
        coins_due: coinsDue,
        coins_reversed: coinsReversed,
        vip_seconds_due: vipDue,
        vip_seconds_shortened: vipShortened,
      })
      .where('refund_no', '=', refundNo)
      .execute();
    return true;
  });
}

/**
 * A refund the provider refused or failed for good: FAILED with its reason, and its fen released on the
 * order (so they may be refunded again under another number), in one transaction. False when it was
 * no longer open.
 */
export async function failRefund(
  db: Kysely<DB>,
  refundNo: string,
  failure: string,
  now: Date,
): Promise<boolean> {
  return moneyTransaction(db, async (trx) => {
    const refund = await trx
      .updateTable('refunds')
      .set({
        status: 'FAILED',
        failure: failure.slice(0, 500),
        claimed_until: null,
        updated_at: now.toISOString(),
      })
      .where('refund_no', '=', refundNo)
      .where('status', 'in', OPEN_STATUSES)
      .returning(['out_trade_no', 'amount'])
      .executeTakeFirst();
    if (!refund) return false;
    await trx
      .updateTable('recharge_orders')
      .set((eb) => ({ refund_reserved: eb('refund_reserved', '-', refund.amount) }))
      .where('out_trade_no', '=', refund.out_trade_no)
      .execute();
    return true;
  });
}
