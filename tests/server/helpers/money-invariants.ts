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
  return out;
}
