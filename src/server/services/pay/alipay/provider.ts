import { AlipaySdk, type AlipaySdkCommonResult } from 'alipay-sdk';
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
  RejectedNotify,
  VerifiedNotify,
} from '../../../ports/pay-provider.js';
import { absoluteUrl, notifyUrlOf } from '../urls.js';
import { describeFailure, ProviderCallError } from '../provider-error.js';
import { alipayTime, parseAlipayTime } from '../shanghai-time.js';
import { fenOfYuan, yuanOfFen } from '../yuan.js';
import { verifyAlipayNotify } from './notify.js';
import type { AlipaySettings } from './settings.js';

export const ALIPAY = 'alipay';

/** Codes Alipay answers for "no such trade / refund": not an error, the provider never saw it. */
const TRADE_NOT_EXIST = 'ACQ.TRADE_NOT_EXIST';
const SUCCESS_CODE = '10000';

/** A business refusal from Alipay (code ≠ 10000): its sub_code and message, for the caller's log. */
export class AlipayRefusal extends Error {
  constructor(
    readonly method: string,
    readonly result: AlipaySdkCommonResult,
  ) {
    super(`${method}: ${result.code} ${result.sub_code ?? ''} ${result.sub_msg ?? result.msg ?? ''}`.trim());
  }
}

/** A system-side answer (ACQ.SYSTEM_ERROR, 20000 unavailable): ask again later, it is not a refusal. */
const retryable = (r: AlipaySdkCommonResult) =>
  r.code === '20000' || r.sub_code === 'ACQ.SYSTEM_ERROR' || r.sub_code === 'aop.ACQ.SYSTEM_ERROR';

function tradeStatus(s: unknown): ProviderQuery['status'] {
  if (s === 'TRADE_SUCCESS' || s === 'TRADE_FINISHED') return 'PAID';
  if (s === 'TRADE_CLOSED') return 'CLOSED';
  if (s === 'WAIT_BUYER_PAY') return 'WAIT';
  return 'UNKNOWN';
}

export interface AlipayDeps {
  config: Config;
  clock: Clock;
}

/**
 * Alipay through its official SDK (alipay-sdk 4): mobile web checkout (alipay.trade.wap.pay,
 * QUICK_WAP_WAY) as a signed GET link to Alipay's cashier, and the server calls (query, close, refund,
 * refund query), every answer's signature checked with Alipay's public key (validateSign).
 */
export function createAlipayProvider({ config, clock }: AlipayDeps, settings: AlipaySettings): PayProvider {
  const sdk = new AlipaySdk({
    appId: settings.appId,
    privateKey: settings.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    alipayPublicKey: settings.alipayPublicKey.export({ type: 'spki', format: 'pem' }).toString(),
    keyType: 'PKCS8',
    gateway: settings.gateway,
    // Answers keep Alipay's own field names (out_trade_no), as its documents write them.
    camelcase: false,
  });

  /** One signed call; an answer whose signature fails throws (the SDK's 验签失败), as does the network. */
  async function call(method: string, bizContent: Record<string, unknown>) {
    let result: AlipaySdkCommonResult;
    try {
      result = await sdk.exec(method, { bizContent }, { validateSign: true });
    } catch (err) {
      throw new ProviderCallError(ALIPAY, method, describeFailure(err));
    }
    if (result.code !== SUCCESS_CODE && retryable(result)) throw new AlipayRefusal(method, result);
    return result;
  }

  async function queryRefund(outTradeNo: string, refundNo: string): Promise<ProviderRefund> {
    const r = await call('alipay.trade.fastpay.refund.query', {
      out_trade_no: outTradeNo,
      out_request_no: refundNo,
      query_options: ['gmt_refund_pay'],
    });
    if (r.code !== SUCCESS_CODE) {
      if (r.sub_code === TRADE_NOT_EXIST) return { status: 'UNKNOWN' };
      throw new AlipayRefusal('alipay.trade.fastpay.refund.query', r);
    }
    // A refund number Alipay never took answers 10000 with no refund fields at all.
    const amount = typeof r.refund_amount === 'string' ? fenOfYuan(r.refund_amount) : null;
    if (amount === null) return { status: 'UNKNOWN' };
    return {
      status: r.refund_status === 'REFUND_SUCCESS' ? 'SUCCESS' : 'PROCESSING',
      amount,
      providerRefundNo: String(r.out_request_no ?? refundNo),
    };
  }

  return {
    name: ALIPAY,

    async create(order: ProviderOrder): Promise<ProviderPayment> {
      if (order.channel.initiatorCode !== 'wap_pay')
        throw new Error('alipay: only mobile web checkout (wap_pay) is offered');
      const returnUrl = absoluteUrl(config, order.returnUrl);
      const payUrl = sdk.pageExec('alipay.trade.wap.pay', 'GET', {
        notifyUrl: notifyUrlOf(config, ALIPAY),
        returnUrl,
        bizContent: {
          out_trade_no: order.outTradeNo,
          total_amount: yuanOfFen(order.amount),
          subject: order.subject,
          product_code: 'QUICK_WAP_WAY',
          // Alipay closes the trade itself at our window's end (minute precision; the sweep does the rest).
          time_expire: alipayTime(new Date(order.expireAt)),
          quit_url: returnUrl,
        },
      });
      // Alipay numbers the trade when the payer opens its cashier: ours is the only number until then.
      return { providerTradeNo: '', payUrl, appPayData: null };
    },

    async query(outTradeNo: string): Promise<ProviderQuery> {
      const r = await call('alipay.trade.query', { out_trade_no: outTradeNo });
      if (r.code !== SUCCESS_CODE) {
        if (r.sub_code === TRADE_NOT_EXIST) return { status: 'UNKNOWN' };
        throw new AlipayRefusal('alipay.trade.query', r);
      }
      const amount = typeof r.total_amount === 'string' ? fenOfYuan(r.total_amount) : null;
      const paidAt = parseAlipayTime(r.send_pay_date);
      return {
        status: tradeStatus(r.trade_status),
        ...(amount !== null ? { amount } : {}),
        ...(typeof r.trade_no === 'string' ? { providerTradeNo: r.trade_no } : {}),
        paidAt: paidAt?.toISOString() ?? null,
      };
    },

    async close(outTradeNo: string): Promise<void> {
      const r = await call('alipay.trade.close', { out_trade_no: outTradeNo });
      // Not opened at Alipay yet, or already paid or closed: nothing to stop; the caller queries again.
      if (
        r.code === SUCCESS_CODE ||
        r.sub_code === TRADE_NOT_EXIST ||
        r.sub_code === 'ACQ.TRADE_STATUS_ERROR'
      )
        return;
      throw new AlipayRefusal('alipay.trade.close', r);
    },

    async refund(request: ProviderRefundRequest): Promise<ProviderRefund> {
      const r = await call('alipay.trade.refund', {
        out_trade_no: request.outTradeNo,
        refund_amount: yuanOfFen(request.amount),
        out_request_no: request.refundNo,
        refund_reason: request.reason.slice(0, 256),
      });
      if (r.code !== SUCCESS_CODE)
        return { status: 'FAILED', reason: `${r.sub_code ?? r.code}: ${r.sub_msg ?? r.msg ?? ''}` };
      // fund_change N: this refund number moved no money now (a replay, or still settling): Alipay's
      // word on it is the refund query.
      if (r.fund_change !== 'Y') return queryRefund(request.outTradeNo, request.refundNo);
      return { status: 'SUCCESS', amount: request.amount, providerRefundNo: request.refundNo };
    },

    queryRefund,

    async verifyNotify(request: NotifyRequest): Promise<VerifiedNotify | RejectedNotify> {
      return verifyAlipayNotify(sdk, settings, request, clock.now());
    },

    // Alipay stops retrying on exactly this body; anything else is retried (8 times over about 25 h).
    acknowledge: () => ({ status: 200, body: 'success' }),
    refuse: () => ({ status: 400, body: 'fail' }),
  };
}
