import { Wechatpay } from 'wechatpay-axios-plugin';
import type { Config } from '../../../config.js';
import type { Clock } from '../../../ports/clock.js';
import type {
  NotifyRequest,
  PayProvider,
  ProviderOrder,
  ProviderPayment,
  ProviderQuery,
  ProviderRefund,
  ProviderRefundRequest,
} from '../../../ports/pay-provider.js';
import { absoluteUrl, notifyUrlOf, refundNotifyUrlOf } from '../urls.js';
import { describeFailure, ProviderCallError } from '../provider-error.js';
import { rfc3339Beijing } from '../shanghai-time.js';
import { ABNORMAL_REASON, verifyWechatpayNotify, verifyWechatpayRefundNotify } from './notify.js';
import type { WechatpaySettings } from './settings.js';

export const WECHAT = 'wechat';

/** WeChat Pay's refusal (4xx with {code, message}) as the SDK reports it, or null for anything else. */
function refusalOf(err: unknown): { status: number; code: string; message: string } | null {
  const e = err as { code?: string; response?: { status?: number; data?: unknown } };
  const status = e.response?.status ?? 0;
  // The SDK's own refusals of an answer (bad signature, stale, unknown serial) carry EV3_ codes: never
  // a business answer, whatever the status.
  if (status < 400 || status >= 500 || e.code?.startsWith('EV3_')) return null;
  const data = (e.response?.data ?? {}) as { code?: unknown; message?: unknown };
  return { status, code: String(data.code ?? ''), message: String(data.message ?? '') };
}

function tradeState(s: unknown): ProviderQuery['status'] {
  // REFUND: paid, then (part) refunded; still a paid payment.
  if (s === 'SUCCESS' || s === 'REFUND') return 'PAID';
  if (s === 'CLOSED' || s === 'REVOKED' || s === 'PAYERROR') return 'CLOSED';
  if (s === 'NOTPAY' || s === 'USERPAYING') return 'WAIT';
  return 'UNKNOWN';
}

interface RefundAnswer {
  status?: unknown;
  out_refund_no?: unknown;
  refund_id?: unknown;
  amount?: { refund?: unknown };
}

function refundOf(d: RefundAnswer): ProviderRefund {
  const amount = Number.isSafeInteger(d.amount?.refund) ? (d.amount!.refund as number) : undefined;
  const no = typeof d.refund_id === 'string' ? { providerRefundNo: d.refund_id } : {};
  // ABNORMAL is not final (the merchant may still send it by hand under this number): held open, its
  // fen kept reserved, never released as FAILED. Only CLOSED is a failure for good.
  const status = d.status === 'SUCCESS' ? 'SUCCESS' : d.status === 'CLOSED' ? 'FAILED' : 'PROCESSING';
  const reason =
    status === 'FAILED' ? `refund ${String(d.status)}` : d.status === 'ABNORMAL' ? ABNORMAL_REASON : null;
  return {
    status,
    ...(amount !== undefined ? { amount } : {}),
    ...no,
    ...(reason ? { reason } : {}),
  };
}

export interface WechatpayDeps {
  config: Config;
  clock: Clock;
}

/**
 * WeChat Pay API v3 through wechatpay-axios-plugin (requests signed with our merchant key, every answer
 * verified against WeChat Pay's configured keys, no certificate download at run time): H5 pay for the
 * mobile browser (WeChat's own browser is sent to the open-in-browser page), query, close, refund and
 * refund query. Notifies are verified here on the raw body (notify.ts).
 */
export function createWechatpayProvider(
  { config, clock }: WechatpayDeps,
  settings: WechatpaySettings,
): PayProvider {
  const wx = new Wechatpay({
    mchid: settings.mchid,
    serial: settings.serial,
    privateKey: settings.privateKey.export({ type: 'pkcs8', format: 'pem' }),
    certs: { ...settings.platformKeys },
    baseURL: settings.baseUrl,
    timeout: 10_000,
  });
  const { mchid } = settings;
  const failed = (operation: string, err: unknown) =>
    new ProviderCallError(WECHAT, operation, describeFailure(err));

  async function queryRefund(_outTradeNo: string, refundNo: string): Promise<ProviderRefund> {
    try {
      const res = await wx
        .chain('v3/refund/domestic/refunds/{out_refund_no}')
        .get({ out_refund_no: refundNo } as object);
      return refundOf(res.data as RefundAnswer);
    } catch (err) {
      const refused = refusalOf(err);
      if (refused?.status === 404) return { status: 'UNKNOWN' };
      throw failed('refund query', err);
    }
  }

  return {
    name: WECHAT,

    async create(order: ProviderOrder): Promise<ProviderPayment> {
      if (order.channel.initiatorCode !== 'wap_pay')
        throw new Error('wechat: only H5 pay (wap_pay) is offered');
      let res;
      try {
        res = await wx.chain('v3/pay/transactions/h5').post({
          appid: settings.appid,
          mchid,
          description: order.subject.slice(0, 127),
          out_trade_no: order.outTradeNo,
          time_expire: rfc3339Beijing(new Date(order.expireAt)),
          notify_url: notifyUrlOf(config, WECHAT),
          amount: { total: order.amount, currency: 'CNY' },
          scene_info: {
            payer_client_ip: order.payerIp ?? '127.0.0.1',
            h5_info: { type: 'Wap' },
          },
        });
      } catch (err) {
        throw failed('H5 pay', err);
      }
      const h5Url = (res.data as { h5_url?: unknown }).h5_url;
      if (typeof h5Url !== 'string' || !/^https?:\/\//.test(h5Url))
        throw new ProviderCallError(WECHAT, 'H5 pay', 'answer without h5_url');
      // WeChat's cashier sends the payer back to redirect_url when done (our return page).
      const payUrl = new URL(h5Url);
      payUrl.searchParams.set('redirect_url', absoluteUrl(config, order.returnUrl));
      return { providerTradeNo: '', payUrl: payUrl.href, appPayData: null };
    },

    async query(outTradeNo: string): Promise<ProviderQuery> {
      try {
        const res = await wx
          .chain('v3/pay/transactions/out-trade-no/{out_trade_no}')
          .get({ params: { mchid }, out_trade_no: outTradeNo } as object);
        const d = res.data as {
          trade_state?: unknown;
          transaction_id?: unknown;
          success_time?: unknown;
          amount?: { total?: unknown };
        };
        const paidAt = typeof d.success_time === 'string' ? Date.parse(d.success_time) : Number.NaN;
        return {
          status: tradeState(d.trade_state),
          ...(Number.isSafeInteger(d.amount?.total) ? { amount: d.amount!.total as number } : {}),
          ...(typeof d.transaction_id === 'string' ? { providerTradeNo: d.transaction_id } : {}),
          paidAt: Number.isNaN(paidAt) ? null : new Date(paidAt).toISOString(),
        };
      } catch (err) {
        if (refusalOf(err)?.status === 404) return { status: 'UNKNOWN' };
        throw failed('query', err);
      }
    },

    async close(outTradeNo: string): Promise<void> {
      try {
        await wx
          .chain('v3/pay/transactions/out-trade-no/{out_trade_no}/close')
          .post({ mchid }, { out_trade_no: outTradeNo } as object);
      } catch (err) {
        // Paid or closed already (ORDER_PAID, ORDER_CLOSED): nothing to stop; the caller queries again.
        const refused = refusalOf(err);
        if (refused && ['ORDER_PAID', 'ORDER_CLOSED', 'ORDER_NOT_EXIST'].includes(refused.code)) return;
        throw failed('close', err);
      }
    },

    async refund(request: ProviderRefundRequest): Promise<ProviderRefund> {
      try {
        const res = await wx.chain('v3/refund/domestic/refunds').post({
          out_trade_no: request.outTradeNo,
          out_refund_no: request.refundNo,
          reason: request.reason.slice(0, 80),
          // Refund notifies come to the payment notify URL; their event type tells them apart.
          notify_url: refundNotifyUrlOf(config, WECHAT),
          amount: { refund: request.amount, total: request.total, currency: 'CNY' },
        });
        return refundOf(res.data as RefundAnswer);
      } catch (err) {
        const refused = refusalOf(err);
        // A refusal for good (NOT_ENOUGH, INVALID_REQUEST…); 429 FREQUENCY_LIMITED is worth asking again.
        if (refused && refused.status !== 429)
          return { status: 'FAILED', reason: `${refused.code}: ${refused.message}`.slice(0, 200) };
        throw failed('refund', err);
      }
    },

    queryRefund,

    verifyNotify: async (request: NotifyRequest) => verifyWechatpayNotify(settings, request, clock.now()),
    verifyRefundNotify: async (request: NotifyRequest) =>
      verifyWechatpayRefundNotify(settings, request, clock.now()),

    // WeChat Pay: 2xx with no body acknowledges; 4xx/5xx with this JSON makes it retry.
    acknowledge: () => ({ status: 204, body: '' }),
    refuse: () => ({
      status: 400,
      body: JSON.stringify({ code: 'FAIL', message: '失败' }),
      contentType: 'application/json; charset=utf-8',
    }),
  };
}
