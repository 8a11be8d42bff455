import type { Kysely } from 'kysely';
import type { DB } from '../../../src/server/db/schema.js';

/**
 * The money invariants, as a list of violations (empty when all hold): balances never negative and
 * equal to the sum of each user's ledger; every charged purchase matched by exactly one debit of its
 * price; every paid coin order credited exactly once and no unpaid order credited. No test framework
 * here, so the benchmark can use it too.
 */
export async function moneyViolations(db: Kysely<DB>): Promise<string[]> {
  const out: string[] = [];
  const users = await db.selectFrom('users').select(['id', 'balance']).execute();
  const sums = await db
    .selectFrom('ledger')
    .select((eb) => ['user_id', eb.fn.sum<number>('amount').as('total')])
    .groupBy('user_id')
    .execute();
  const sumBy = new Map(sums.map((s) => [s.user_id, Number(s.total)]));
  for (const u of users) {
    if (u.balance < 0) out.push(`user ${u.id} balance ${u.balance} < 0`);
    if (u.balance !== (sumBy.get(u.id) ?? 0))
      out.push(`user ${u.id} balance ${u.balance} != ledger ${sumBy.get(u.id) ?? 0}`);
  }
  const purchases = await db
    .selectFrom('purchases')
    .select(['id', 'user_id', 'item_type', 'item_id', 'price'])
    .execute();
  const keys = new Set(purchases.map((p) => `${p.user_id}/${p.item_type}/${p.item_id}`));
  if (keys.size !== purchases.length) out.push('an item was bought twice');
  const debits = await db
    .selectFrom('ledger')
    .select(['ref_id', 'amount', 'user_id'])
    .where('kind', '=', 'purchase')
    .execute();
  const debitBy = new Map(debits.map((d) => [d.ref_id, d]));
  if (debits.length !== purchases.length)
    out.push(`${debits.length} debits for ${purchases.length} purchases`);
  for (const p of purchases) {
    const d = debitBy.get(String(p.id));
    if (!d || d.amount !== -p.price || d.user_id !== p.user_id)
      out.push(`purchase ${p.id} without its exact debit`);
  }
  const orders = await db
    .selectFrom('recharge_orders')
    .innerJoin('pay_configs', 'pay_configs.id', 'recharge_orders.pay_config_id')
    .select(['out_trade_no', 'status', 'purpose', 'item_count', 'present_count'])
    .execute();
  const credits = await db
    .selectFrom('ledger')
    .select(['ref_id'])
    .where('kind', '=', 'recharge')
    .where('ref_type', '=', 'recharge_order')
    .execute();
  const creditBy = new Map<string, number>();
  for (const c of credits) creditBy.set(c.ref_id, (creditBy.get(c.ref_id) ?? 0) + 1);
  for (const o of orders) {
    const expected =
      o.status === 'PAID' && o.purpose === 'coin' && o.item_count + o.present_count > 0 ? 1 : 0;
    const got = creditBy.get(o.out_trade_no) ?? 0;
    if (got !== expected)
      out.push(`order ${o.out_trade_no} (${o.status}) credited ${got}×, expected ${expected}`);
  }
  out.push(...(await refundViolations(db)));
  return out;
}

/**
 * Refunds: each order's refunds never exceed what was paid; its reserved and refunded sums match its
 * refunds (reserved: all but FAILED; refunded: SUCCESS); each settled refund has exactly the reversal
 * it records (none when it took no coins back), and nothing else is reversed.
 */
async function refundViolations(db: Kysely<DB>): Promise<string[]> {
  const out: string[] = [];
  const refunds = await db
    .selectFrom('refunds')
    .select(['refund_no', 'out_trade_no', 'amount', 'status', 'coins_reversed', 'user_id'])
    .execute();
  const reversals = await db
    .selectFrom('ledger')
    .select(['ref_id', 'amount', 'user_id'])
    .where('kind', '=', 'refund')
    .execute();
  const reversalOf = new Map<string, { amount: number; user_id: number }[]>();
  for (const r of reversals) reversalOf.set(r.ref_id, [...(reversalOf.get(r.ref_id) ?? []), r]);
  const byOrder = new Map<string, { reserved: number; refunded: number }>();
  for (const r of refunds) {
    const sums = byOrder.get(r.out_trade_no) ?? { reserved: 0, refunded: 0 };
    if (r.status !== 'FAILED') sums.reserved += r.amount;
    if (r.status === 'SUCCESS') sums.refunded += r.amount;
    byOrder.set(r.out_trade_no, sums);
    const entries = reversalOf.get(r.refund_no) ?? [];
    reversalOf.delete(r.refund_no);
    const expected = r.status === 'SUCCESS' && r.coins_reversed > 0 ? [-r.coins_reversed] : [];
    if (JSON.stringify(entries.map((e) => e.amount)) !== JSON.stringify(expected))
      out.push(
        `refund ${r.refund_no} (${r.status}) reversed ${JSON.stringify(entries.map((e) => e.amount))}`,
      );
    if (entries.some((e) => e.user_id !== r.user_id)) out.push(`refund ${r.refund_no} reversed another user`);
  }
  for (const ref of reversalOf.keys()) out.push(`reversal ${ref} without its refund`);
  const orders = await db
    .selectFrom('recharge_orders')
    .select(['out_trade_no', 'amount', 'refund_reserved', 'refunded_amount'])
    .where((eb) => eb.or([eb('refund_reserved', '<>', 0), eb('refunded_amount', '<>', 0)]))
    .execute();
  for (const o of orders) {
    const sums = byOrder.get(o.out_trade_no) ?? { reserved: 0, refunded: 0 };
    byOrder.delete(o.out_trade_no);
    if (o.refund_reserved > o.amount)
      out.push(`order ${o.out_trade_no} refunds ${o.refund_reserved} > paid ${o.amount}`);
    if (o.refund_reserved !== sums.reserved || o.refunded_amount !== sums.refunded)
      out.push(
        `order ${o.out_trade_no} reserved ${o.refund_reserved}/refunded ${o.refunded_amount}, refunds say ${sums.reserved}/${sums.refunded}`,
      );
  }
  for (const [no, sums] of byOrder)
    if (sums.reserved || sums.refunded) out.push(`order ${no} has refunds its row does not count`);
  return out;
}
