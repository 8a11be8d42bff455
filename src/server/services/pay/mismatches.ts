import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

/**
 * paid_not_credited: the provider took the money, we did not credit (a notify for an order we had
 * closed, or a payment nobody told us about). credited_not_paid: we credited, the provider shows no
 * payment. amount_differs: both say paid, for different amounts.
 */
export type MismatchKind = 'paid_not_credited' | 'credited_not_paid' | 'amount_differs';

export interface Mismatch {
  outTradeNo: string;
  provider: string;
  kind: MismatchKind;
  ourStatus: string;
  ourAmount: number;
  providerStatus: string;
  providerAmount: number | null;
  source: 'reconcile' | 'notify';
  detail: string;
  at: Date;
}

/**
 * Records a mismatch for a person: one row per order and kind, seen again → its last sighting and count
 * move on (a daily job finding the same thing every day adds no rows). Never touches money: fixing it
 * (a refund, a credit by hand) is a person's decision. True when this is the first sighting.
 */
export async function recordMismatch(db: Kysely<DB>, m: Mismatch): Promise<boolean> {
  const at = m.at.toISOString();
  const detail = m.detail.slice(0, 500);
  const inserted = await db
    .insertInto('pay_mismatches')
    .values({
      out_trade_no: m.outTradeNo,
      provider: m.provider,
      kind: m.kind,
      our_status: m.ourStatus,
      our_amount: m.ourAmount,
      provider_status: m.providerStatus,
      provider_amount: m.providerAmount,
      source: m.source,
      detail,
      first_seen_at: at,
      last_seen_at: at,
      resolved_at: null,
    })
    .onConflict((oc) => oc.columns(['out_trade_no', 'kind']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (inserted) return true;
  await db
    .updateTable('pay_mismatches')
    .set((eb) => ({
      last_seen_at: at,
      seen_count: eb('seen_count', '+', 1),
      our_status: m.ourStatus,
      provider_status: m.providerStatus,
      provider_amount: m.providerAmount,
      detail,
    }))
    .where('out_trade_no', '=', m.outTradeNo)
    .where('kind', '=', m.kind)
    .execute();
  return false;
}
