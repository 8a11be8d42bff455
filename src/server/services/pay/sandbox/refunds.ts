import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { nowIso } from '../../../db/portable.js';
import type { DB, SandboxRefundsTable } from '../../../db/schema.js';
import type {
  NotifyRequest,
  ProviderRefund,
  ProviderRefundRequest,
  RejectedNotify,
  VerifiedRefundNotify,
} from '../../../ports/pay-provider.js';
import { signFields, verifyFields } from './sign.js';

/** Our sandbox's app id, as in its payment notifications. */
const APP_ID = 'inkreel-sandbox';
const REFUND_REQUIRED = [
  'notify_id',
  'notify_type',
  'out_trade_no',
  'out_request_no',
  'refund_status',
  'refund_fee',
  'app_id',
];

type Row = Pick<SandboxRefundsTable, 'status' | 'amount' | 'refund_no' | 'failure'>;

function answer(row: Row): ProviderRefund {
  return row.status === 'SUCCESS'
    ? { status: 'SUCCESS', amount: row.amount, providerRefundNo: `SR${row.refund_no}` }
    : { status: 'FAILED', amount: row.amount, reason: row.failure ?? 'refused' };
}

async function findRefund(db: Kysely<DB>, outTradeNo: string, refundNo: string) {
  return db
    .selectFrom('sandbox_refunds')
    .select(['status', 'amount', 'refund_no', 'failure'])
    .where('out_trade_no', '=', outTradeNo)
    .where('refund_no', '=', refundNo)
    .executeTakeFirst();
}

/**
 * The sandbox's side of a refund, as a real provider keeps it: one row per (trade, refund number), so
 * asking again with the same number answers the first refund and never refunds twice. It refuses (a
 * FAILED refund, kept with its reason) what a real provider refuses: an unknown or unpaid trade, a total
 * that is not the trade's, and more than was paid minus what was already refunded. Answers at once,
 * like Alipay's trade.refund.
 */
export async function sandboxRefund(db: Kysely<DB>, req: ProviderRefundRequest): Promise<ProviderRefund> {
  const before = await findRefund(db, req.outTradeNo, req.refundNo);
  if (before) return answer(before);
  const row = await db.transaction().execute(async (trx) => {
    // Writing the payment row first takes its lock (PostgreSQL) or the write lock (SQLite): two
    // refunds of one trade are checked one after the other, never against the same "refunded so far".
    const payment = await trx
      .updateTable('sandbox_payments')
      .set((eb) => ({ status: eb.ref('status') }))
      .where('out_trade_no', '=', req.outTradeNo)
      .returning(['trade_no', 'amount', 'status'])
      .executeTakeFirst();
    const again = await trx
      .selectFrom('sandbox_refunds')
      .select(['status', 'amount', 'refund_no', 'failure'])
      .where('out_trade_no', '=', req.outTradeNo)
      .where('refund_no', '=', req.refundNo)
      .executeTakeFirst();
    if (again) return again;
    const refunded = await trx
      .selectFrom('sandbox_refunds')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount'), eb.val(0)).as('total'))
      .where('out_trade_no', '=', req.outTradeNo)
      .where('status', '=', 'SUCCESS')
      .executeTakeFirstOrThrow();
    const left = (payment?.amount ?? 0) - Number(refunded.total);
    let failure: string | null = null;
    if (!payment) failure = 'trade not found';
    else if (payment.status !== 'PAID') failure = 'trade not paid';
    else if (req.total !== payment.amount)
      failure = `total ${req.total} is not the trade's ${payment.amount}`;
    else if (!Number.isSafeInteger(req.amount) || req.amount < 1)
      failure = 'refund amount must be at least 1 fen';
    else if (req.amount > left) failure = `refund ${req.amount} exceeds what is left to refund (${left})`;
    const values = {
      out_trade_no: req.outTradeNo,
      refund_no: req.refundNo,
      trade_no: payment?.trade_no ?? '',
      amount: req.amount,
      status: failure ? 'FAILED' : 'SUCCESS',
      reason: req.reason.slice(0, 200),
      failure,
      created_at: nowIso(),
    };
    await trx
      .insertInto('sandbox_refunds')
      .values(values)
      .onConflict((oc) => oc.columns(['out_trade_no', 'refund_no']).doNothing())
      .execute();
    return values;
  });
  return answer(row);
}

export async function sandboxQueryRefund(
  db: Kysely<DB>,
  outTradeNo: string,
  refundNo: string,
): Promise<ProviderRefund> {
  const row = await findRefund(db, outTradeNo, refundNo);
  return row ? answer(row) : { status: 'UNKNOWN' };
}

/** Fen of a trade refunded so far (a fully refunded trade queries as CLOSED, like Alipay's). */
export async function sandboxRefunded(db: Kysely<DB>, outTradeNo: string): Promise<number> {
  const r = await db
    .selectFrom('sandbox_refunds')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount'), eb.val(0)).as('total'))
    .where('out_trade_no', '=', outTradeNo)
    .where('status', '=', 'SUCCESS')
    .executeTakeFirstOrThrow();
  return Number(r.total);
}

/**
 * The signed form the sandbox would post about a refund (HMAC like its payment notifications, with
 * notify_type refund_status_sync, so neither kind verifies as the other).
 */
export function refundNotificationFields(
  refund: { out_trade_no: string; refund_no: string; amount: number; status: 'SUCCESS' | 'FAILED' },
  secret: string,
): Record<string, string> {
  const fields: Record<string, string> = {
    app_id: APP_ID,
    notify_id: `R${randomBytes(12).toString('hex')}`,
    notify_time: nowIso(),
    notify_type: 'refund_status_sync',
    out_trade_no: refund.out_trade_no,
    out_request_no: refund.refund_no,
    refund_fee: String(refund.amount),
    refund_status: refund.status === 'SUCCESS' ? 'REFUND_SUCCESS' : 'REFUND_FAIL',
    sign_type: 'HMAC-SHA256',
  };
  fields.sign = signFields(fields, secret);
  return fields;
}

function reject(reason: string, fields: Record<string, string> | null): RejectedNotify {
  return { ok: false, reason, outTradeNo: fields?.out_trade_no ?? null, notifyId: fields?.notify_id ?? null };
}

export function verifySandboxRefundNotify(
  request: NotifyRequest,
  secret: string,
  stringFields: (body: unknown) => Record<string, string> | null,
): VerifiedRefundNotify | RejectedNotify {
  const fields = stringFields(request.body);
  if (!fields) return reject('malformed body', null);
  for (const k of REFUND_REQUIRED) if (!fields[k]) return reject(`missing ${k}`, fields);
  if (!verifyFields(fields, secret)) return reject('bad signature', fields);
  if (fields.app_id !== APP_ID) return reject('wrong app_id', fields);
  if (fields.notify_type !== 'refund_status_sync') return reject(`type ${fields.notify_type}`, fields);
  const status =
    fields.refund_status === 'REFUND_SUCCESS'
      ? 'SUCCESS'
      : fields.refund_status === 'REFUND_FAIL'
        ? 'FAILED'
        : null;
  if (!status) return reject(`refund_status ${fields.refund_status}`, fields);
  if (!/^\d{1,12}$/.test(fields.refund_fee!)) return reject('bad refund_fee', fields);
  return {
    ok: true,
    outTradeNo: fields.out_trade_no!,
    refundNo: fields.out_request_no!,
    status,
    amount: Number(fields.refund_fee),
    notifyId: fields.notify_id!,
  };
}
