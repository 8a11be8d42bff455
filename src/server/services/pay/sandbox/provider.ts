import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Config } from '../../../config.js';
import { nowIso } from '../../../db/portable.js';
import type { DB } from '../../../db/schema.js';
import type {
  NotifyRequest,
  PayProvider,
  ProviderOrder,
  ProviderPayment,
  ProviderQuery,
  RejectedNotify,
  VerifiedNotify,
} from '../../../ports/pay-provider.js';
import { sandboxQueryRefund, sandboxRefund, sandboxRefunded, verifySandboxRefundNotify } from './refunds.js';
import { signFields, verifyFields } from './sign.js';
import { formFields, rejectForm as reject } from '../notify-form.js';

export const SANDBOX = 'sandbox';
export const SANDBOX_APP_ID = 'inkreel-sandbox';
export const SANDBOX_NOTIFY_PATH = `/h5/pay/notify/${SANDBOX}`;
export const cashierPath = (tradeNo: string) => `/h5/sandbox/cashier/${tradeNo}`;

const PAID_STATUSES = new Set(['TRADE_SUCCESS', 'TRADE_FINISHED']);
const REQUIRED = [
  'notify_id',
  'out_trade_no',
  'trade_no',
  'total_fee',
  'trade_status',
  'gmt_payment',
  'app_id',
];

/**
 * The built-in provider. It keeps its own payments table like a real provider would, serves a cashier
 * page (cashier.ts), and notifies us over real HTTP with an HMAC-SHA256 signed form (notifier.ts).
 */
export function createSandboxProvider({ db, config }: { db: Kysely<DB>; config: Config }): PayProvider {
  return {
    name: SANDBOX,

    async create(order: ProviderOrder): Promise<ProviderPayment> {
      const tradeNo = `SB${randomBytes(16).toString('hex')}`;
      await db
        .insertInto('sandbox_payments')
        .values({
          trade_no: tradeNo,
          out_trade_no: order.outTradeNo,
          amount: order.amount,
          channel: order.channel.subTypeCode,
          subject: order.subject,
          notify_url: SANDBOX_NOTIFY_PATH,
          return_url: order.returnUrl,
          status: 'WAIT',
          expire_at: order.expireAt,
          paid_at: null,
          created_at: nowIso(),
        })
        .execute();
      const cashierUrl = `${config.publicUrl}${cashierPath(tradeNo)}`;
      if (order.channel.initiatorCode === 'wap_pay')
        return { providerTradeNo: tradeNo, payUrl: cashierUrl, appPayData: null };
      const appPayData: Record<string, string> = {
        app_id: SANDBOX_APP_ID,
        channel: order.channel.superiorCode,
        out_trade_no: order.outTradeNo,
        trade_no: tradeNo,
        total_fee: String(order.amount),
        cashier_url: cashierUrl,
        timestamp: String(Date.now()),
      };
      appPayData.sign = signFields(appPayData, config.paySecret);
      return { providerTradeNo: tradeNo, payUrl: null, appPayData };
    },

    async query(outTradeNo: string): Promise<ProviderQuery> {
      const row = await db
        .selectFrom('sandbox_payments')
        .select(['status', 'amount', 'trade_no', 'paid_at'])
        .where('out_trade_no', '=', outTradeNo)
        .executeTakeFirst();
      if (!row) return { status: 'UNKNOWN' };
      let status: ProviderQuery['status'] =
        row.status === 'PAID' || row.status === 'CLOSED' ? row.status : 'WAIT';
      // Refunded in full, a paid trade reads as closed (Alipay: TRADE_CLOSED), as reconciliation sees it.
      if (status === 'PAID' && (await sandboxRefunded(db, outTradeNo)) >= row.amount) status = 'CLOSED';
      return { status, amount: row.amount, providerTradeNo: row.trade_no, paidAt: row.paid_at };
    },

    async close(outTradeNo: string): Promise<void> {
      await db
        .updateTable('sandbox_payments')
        .set({ status: 'CLOSED' })
        .where('out_trade_no', '=', outTradeNo)
        .where('status', '=', 'WAIT')
        .execute();
    },

    async verifyNotify(request: NotifyRequest): Promise<VerifiedNotify | RejectedNotify> {
      const fields = formFields(request.body);
      if (!fields) return reject('malformed body', null);
      for (const k of REQUIRED) if (!fields[k]) return reject(`missing ${k}`, fields);
      if (!verifyFields(fields, config.paySecret)) return reject('bad signature', fields);
      if (fields.app_id !== SANDBOX_APP_ID) return reject('wrong app_id', fields);
      if (!PAID_STATUSES.has(fields.trade_status!)) return reject(`status ${fields.trade_status}`, fields);
      if (!/^\d{1,12}$/.test(fields.total_fee!)) return reject('bad total_fee', fields);
      const paidAt = Date.parse(fields.gmt_payment!);
      if (Number.isNaN(paidAt)) return reject('bad gmt_payment', fields);
      return {
        ok: true,
        outTradeNo: fields.out_trade_no!,
        amount: Number(fields.total_fee),
        providerTradeNo: fields.trade_no!,
        notifyId: fields.notify_id!,
        paidAt: new Date(paidAt).toISOString(),
      };
    },

    refund: (request) => sandboxRefund(db, request),
    queryRefund: (outTradeNo, refundNo) => sandboxQueryRefund(db, outTradeNo, refundNo),
    verifyRefundNotify: async (request) => verifySandboxRefundNotify(request, config.paySecret, formFields),

    acknowledge: () => ({ status: 200, body: 'success' }),
    refuse: () => ({ status: 400, body: 'fail' }),
  };
}

/** The signed notification form for a paid sandbox payment (the same on every retry). */
export function notificationFields(
  payment: { trade_no: string; out_trade_no: string; amount: number; paid_at: string },
  secret: string,
): Record<string, string> {
  const fields: Record<string, string> = {
    app_id: SANDBOX_APP_ID,
    notify_id: `N${randomBytes(12).toString('hex')}`,
    notify_time: nowIso(),
    notify_type: 'trade_status_sync',
    out_trade_no: payment.out_trade_no,
    trade_no: payment.trade_no,
    total_fee: String(payment.amount),
    trade_status: 'TRADE_SUCCESS',
    gmt_payment: payment.paid_at,
    sign_type: 'HMAC-SHA256',
  };
  fields.sign = signFields(fields, secret);
  return fields;
}
