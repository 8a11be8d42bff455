import type { Kysely, Transaction } from 'kysely';
import type { DB, RechargeOrdersTable } from '../../db/schema.js';
import { applyCoins, moneyTransaction } from '../ledger.js';
import { recordMismatch } from './mismatches.js';
import { shanghaiDay } from '../shanghai-day.js';

/**
 * uncredited: paid at the provider for an order we had already closed (EXPIRED): recorded as a
 * paid_not_credited mismatch for a person (who refunds it), never credited.
 */
export type NotifyOutcome = 'credited' | 'late' | 'duplicate' | 'rejected' | 'uncredited' | 'ignored';

/** Every word a provider gave us about an order (notifications and sweep queries alike). */
export async function logNotification(
  db: Kysely<DB>,
  row: {
    provider: string;
    outTradeNo: string | null;
    notifyId: string | null;
    /** A payment's outcome, or a refund notification's (refund_settled, refund_failed). */
    outcome: NotifyOutcome | 'refund_settled' | 'refund_failed';
    detail: string;
    at: Date;
  },
) {
  await db
    .insertInto('pay_notifications')
    .values({
      provider: row.provider.slice(0, 32),
      out_trade_no: (row.outTradeNo ?? '').slice(0, 64),
      notify_id: (row.notifyId ?? '').slice(0, 64),
      outcome: row.outcome,
      detail: row.detail.slice(0, 500),
      created_at: row.at.toISOString(),
    })
    .execute();
}

/** VIP runs from the later of now and the current end, plus the package's days. */
export function extendVipEnd(currentEnd: string | null, now: Date, days: number): string {
  const end = currentEnd ? Date.parse(currentEnd) : Number.NaN;
  const from = Number.isNaN(end) ? now.getTime() : Math.max(end, now.getTime());
  return new Date(from + days * 86_400_000).toISOString();
}

/** Credits a just-paid order: coins through the ledger, or VIP days; marks the user as recharged. */
async function deliver(
  trx: Transaction<DB>,
  order: Pick<RechargeOrdersTable, 'user_id' | 'pay_config_id' | 'purpose' | 'out_trade_no'>,
  now: Date,
) {
  // Taking the user row lock first makes the VIP read below see any concurrent commit (READ COMMITTED).
  await trx.updateTable('users').set({ recharged: 1 }).where('id', '=', order.user_id).execute();
  const cfg = await trx
    .selectFrom('pay_configs')
    .selectAll()
    .where('id', '=', order.pay_config_id)
    .executeTakeFirstOrThrow();
  if (order.purpose === 'vip') {
    const user = await trx
      .selectFrom('users')
      .select(['vip_end_at'])
      .where('id', '=', order.user_id)
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('users')
      .set({ vip_type: cfg.vip_type, vip_end_at: extendVipEnd(user.vip_end_at, now, cfg.vip_days) })
      .where('id', '=', order.user_id)
      .execute();
    return;
  }
  const coins = cfg.item_count + cfg.present_count;
  if (coins > 0) {
    await applyCoins(trx, {
      userId: order.user_id,
      amount: coins,
      kind: 'recharge',
      refType: 'recharge_order',
      refId: order.out_trade_no,
      at: now,
    });
  }
}

/** What the provider says was paid, already checked against our order (signature, amount). */
export interface ConfirmedPayment {
  provider: string;
  outTradeNo: string;
  amount: number;
  providerTradeNo: string;
  paidAt: string;
  /** The notification's id, or what else told us (the expiry sweep's query). */
  notifyId: string;
  /** Why we heard: 'notify' or 'query'; kept in the log. */
  source: 'notify' | 'query';
}

/**
 * The one way an order becomes paid, for notifications and the expiry sweep alike. In ONE transaction
 * the order turns PAID only if it is still CREATED (exactly one row) and is credited; a copy finds zero
 * rows and changes nothing. Paid after its window (or reported only by the sweep) is logged 'late'.
 * An order we had closed (EXPIRED: closed at the provider and here) is never credited: the product
 * sells a package only within its 2-minute window, so a payment that still reached the provider is
 * recorded as a paid_not_credited mismatch (pay_mismatches) for a person to refund, logged
 * 'uncredited', and acknowledged (recorded is handled; retries would add nothing).
 */
export async function settlePaid(db: Kysely<DB>, p: ConfirmedPayment, now: Date): Promise<NotifyOutcome> {
  return moneyTransaction(db, async (trx): Promise<NotifyOutcome> => {
    const paid = await trx
      .updateTable('recharge_orders')
      .set({
        status: 'PAID',
        paid_at: p.paidAt,
        charge_day: shanghaiDay(new Date(p.paidAt)),
        provider_trade_no: p.providerTradeNo,
        sweep_claimed_until: null,
      })
      .where('out_trade_no', '=', p.outTradeNo)
      .where('status', '=', 'CREATED')
      .returningAll()
      .executeTakeFirst();
    let result: NotifyOutcome = 'duplicate';
    let detail = `${p.source} amount ${p.amount}`;
    if (paid) {
      await deliver(trx, paid, now);
      result = Date.parse(paid.expire_at) < now.getTime() ? 'late' : 'credited';
    } else {
      const order = await trx
        .selectFrom('recharge_orders')
        .select(['status', 'amount', 'closed_at'])
        .where('out_trade_no', '=', p.outTradeNo)
        .executeTakeFirst();
      if (order?.status === 'EXPIRED') {
        result = 'uncredited';
        detail += `; order had been closed at ${order.closed_at ?? '?'}: recorded for reconciliation, not credited`;
        await recordMismatch(trx, {
          outTradeNo: p.outTradeNo,
          provider: p.provider,
          kind: 'paid_not_credited',
          ourStatus: order.status,
          ourAmount: order.amount,
          providerStatus: 'PAID',
          providerAmount: p.amount,
          source: p.source === 'notify' ? 'notify' : 'reconcile',
          detail: `paid ${p.paidAt} (${p.providerTradeNo}) after the order was closed at ${order.closed_at ?? '?'}`,
          at: now,
        });
      }
    }
    await logNotification(trx, {
      provider: p.provider,
      outTradeNo: p.outTradeNo,
      notifyId: p.notifyId,
      outcome: result,
      detail,
      at: now,
    });
    return result;
  });
}
