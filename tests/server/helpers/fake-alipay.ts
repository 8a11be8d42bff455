import { createSign, createVerify, randomBytes, type KeyObject } from 'node:crypto';
import type { Server } from 'node:http';
import { closeServer, html, listen, rsaPair, type NotifyReply, type PemPair } from './fake-gateway.js';

/**
 * A local Alipay open-platform gateway for tests: it checks every request's RSA2 signature with the
 * app's public key (as Alipay does), answers alipay.trade.{wap.pay,query,close,refund} and
 * alipay.trade.fastpay.refund.query in Alipay's JSON shape signed with its own key (what the SDK's
 * validateSign checks), serves a cashier page for the wap.pay link, and sends signed form notifies to
 * our notify_url as Alipay does (sorted k=v of every non-empty field but sign and sign_type, RSA2).
 */

export interface AlipayTrade {
  outTradeNo: string;
  tradeNo: string;
  totalAmount: string;
  subject: string;
  notifyUrl: string;
  returnUrl: string;
  status: 'WAIT_BUYER_PAY' | 'TRADE_SUCCESS' | 'TRADE_CLOSED';
  paidAt: string | null;
  refunds: Map<string, string>;
}

export interface FakeAlipay {
  base: string;
  gateway: string;
  appId: string;
  sellerId: string;
  /** Alipay's key pair: its public PEM is our ALIPAY_PUBLIC_KEY. */
  keys: PemPair;
  trades: Map<string, AlipayTrade>;
  /** Every call the gateway took, by method name (signature checked). */
  calls: string[];
  /** When set, answers are changed after signing (a man in the middle): the SDK must refuse them. */
  alterAnswers: boolean;
  /** Requests refused for a bad signature. */
  badlySigned: number;
  /** Our answers to its notifies, in order. */
  replies: NotifyReply[];
  /** The env our server needs to use this gateway. */
  env(appPrivatePem: string): Record<string, string>;
  /** The payer presses 付款 on the cashier: the trade is paid and the notify sent (awaited). */
  pay(outTradeNo: string): Promise<NotifyReply>;
  /** Sends a notify for a trade, fields changed or added by `patch`; `signWith` forges the signature. */
  notify(
    outTradeNo: string,
    opts?: { patch?: Record<string, string>; signWith?: KeyObject; notifyId?: string },
  ): Promise<NotifyReply>;
  /** A notify's fields for a trade, signed as Alipay signs them, not sent (to tamper with after). */
  signedFields(outTradeNo: string, patch?: Record<string, string>): Record<string, string>;
  /** Posts exactly these (already signed or not) fields to a notify URL. */
  post(url: string, fields: Record<string, string>): Promise<NotifyReply>;
  close(): Promise<void>;
}

/** Alipay's signing string: sorted k=v of the non-empty fields, leaving out the named ones. */
export function alipaySignContent(fields: Record<string, string>, leaveOut: string[]): string {
  return Object.keys(fields)
    .filter((k) => !leaveOut.includes(k) && fields[k] !== '')
    .sort()
    .map((k) => `${k}=${fields[k]}`)
    .join('&');
}

export const rsa2 = (content: string, key: KeyObject) =>
  createSign('RSA-SHA256').update(content, 'utf8').sign(key, 'base64');

const yuanTime = (d: Date) =>
  new Date(d.getTime() + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');

export async function startFakeAlipay(appPublicKey: KeyObject): Promise<FakeAlipay> {
  const keys = rsaPair();
  const appId = `2021${randomBytes(6).readUIntBE(0, 6).toString().padStart(12, '0').slice(0, 12)}`;
  const sellerId = `2088${String(Date.now()).slice(-12).padStart(12, '0')}`;
  const trades = new Map<string, AlipayTrade>();
  const calls: string[] = [];
  const replies: NotifyReply[] = [];
  const fake = { alterAnswers: false } as FakeAlipay;

  const answer = (method: string, inner: Record<string, unknown>) => {
    const json = JSON.stringify(inner);
    const key = `${method.replaceAll('.', '_')}_response`;
    const sent = fake.alterAnswers ? json.replace('"Success"', '"Success "') : json;
    return `{"${key}":${sent},"sign":"${rsa2(json, keys.privateKey)}"}`;
  };
  const notExist = {
    code: '40004',
    msg: 'Business Failed',
    sub_code: 'ACQ.TRADE_NOT_EXIST',
    sub_msg: '交易不存在',
  };

  async function post(url: string, fields: Record<string, string>): Promise<NotifyReply> {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
      body: new URLSearchParams(fields).toString(),
    });
    const reply = {
      status: res.status,
      contentType: res.headers.get('content-type'),
      body: await res.text(),
    };
    replies.push(reply);
    return reply;
  }

  function notifyFields(t: AlipayTrade, notifyId: string): Record<string, string> {
    return {
      notify_time: yuanTime(new Date()),
      notify_type: 'trade_status_sync',
      notify_id: notifyId,
      charset: 'utf-8',
      version: '1.0',
      sign_type: 'RSA2',
      app_id: appId,
      seller_id: sellerId,
      trade_no: t.tradeNo,
      out_trade_no: t.outTradeNo,
      trade_status: t.status,
      total_amount: t.totalAmount,
      receipt_amount: t.totalAmount,
      buyer_pay_amount: t.totalAmount,
      subject: t.subject,
      gmt_create: t.paidAt ?? yuanTime(new Date()),
      gmt_payment: t.paidAt ?? yuanTime(new Date()),
    };
  }

  function signedFields(
    outTradeNo: string,
    opts: { patch?: Record<string, string>; signWith?: KeyObject; notifyId?: string } = {},
  ) {
    const t = trades.get(outTradeNo);
    if (!t) throw new Error(`fake alipay: no trade ${outTradeNo}`);
    const fields = {
      ...notifyFields(t, opts.notifyId ?? `N${randomBytes(12).toString('hex')}`),
      ...opts.patch,
    };
    fields.sign = rsa2(alipaySignContent(fields, ['sign', 'sign_type']), opts.signWith ?? keys.privateKey);
    return fields;
  }

  async function notify(
    outTradeNo: string,
    opts: { patch?: Record<string, string>; signWith?: KeyObject; notifyId?: string } = {},
  ) {
    return post(trades.get(outTradeNo)!.notifyUrl, signedFields(outTradeNo, opts));
  }

  const { server, base } = await listen(async (req, res, url, body) => {
    if (url.pathname === '/gateway.do') {
      const params: Record<string, string> = Object.fromEntries(url.searchParams);
      if (req.method === 'POST')
        Object.assign(params, Object.fromEntries(new URLSearchParams(body.toString())));
      const signed = createVerify('RSA-SHA256')
        .update(alipaySignContent(params, ['sign']), 'utf8')
        .verify(appPublicKey, params.sign ?? '', 'base64');
      const method = params.method ?? '';
      if (!signed || params.app_id !== appId) {
        fake.badlySigned += 1;
        const refused = { code: '40002', msg: 'Invalid Arguments', sub_code: 'isv.invalid-signature' };
        if (req.method === 'GET') return html(res, 400, '<p>invalid-signature</p>');
        return void res.writeHead(200, { 'content-type': 'application/json' }).end(answer(method, refused));
      }
      calls.push(method);
      const biz = JSON.parse(params.biz_content ?? '{}') as Record<string, string>;
      const t = trades.get(biz.out_trade_no ?? '');
      const json = (inner: Record<string, unknown>) =>
        res.writeHead(200, { 'content-type': 'application/json;charset=utf-8' }).end(answer(method, inner));

      if (method === 'alipay.trade.wap.pay') {
        if (!t)
          trades.set(biz.out_trade_no!, {
            outTradeNo: biz.out_trade_no!,
            tradeNo: `2026${randomBytes(10).toString('hex')}`,
            totalAmount: biz.total_amount!,
            subject: biz.subject!,
            notifyUrl: params.notify_url!,
            returnUrl: params.return_url!,
            status: 'WAIT_BUYER_PAY',
            paidAt: null,
            refunds: new Map(),
          });
        return html(
          res,
          200,
          `<!doctype html><meta charset="utf-8"><title>支付宝</title><h1>支付宝收银台</h1>` +
            `<p>${biz.subject} ￥${biz.total_amount}</p>` +
            `<form method="post" action="/cashier/${encodeURIComponent(biz.out_trade_no!)}/pay">` +
            `<button type="submit">确认付款</button></form>`,
        );
      }
      if (method === 'alipay.trade.query') {
        if (!t) return json(notExist);
        return json({
          code: '10000',
          msg: 'Success',
          out_trade_no: t.outTradeNo,
          trade_no: t.tradeNo,
          trade_status: t.status,
          total_amount: t.totalAmount,
          ...(t.paidAt ? { send_pay_date: t.paidAt } : {}),
        });
      }
      if (method === 'alipay.trade.close') {
        if (!t) return json(notExist);
        if (t.status !== 'WAIT_BUYER_PAY')
          return json({ code: '40004', msg: 'Business Failed', sub_code: 'ACQ.TRADE_STATUS_ERROR' });
        t.status = 'TRADE_CLOSED';
        return json({ code: '10000', msg: 'Success', out_trade_no: t.outTradeNo, trade_no: t.tradeNo });
      }
      if (method === 'alipay.trade.refund') {
        if (!t || t.status !== 'TRADE_SUCCESS') return json(notExist);
        const already = t.refunds.has(biz.out_request_no!);
        if (!already) t.refunds.set(biz.out_request_no!, biz.refund_amount!);
        const total = [...t.refunds.values()].reduce((s, v) => s + Math.round(Number(v) * 100), 0);
        return json({
          code: '10000',
          msg: 'Success',
          out_trade_no: t.outTradeNo,
          trade_no: t.tradeNo,
          refund_fee: (total / 100).toFixed(2),
          fund_change: already ? 'N' : 'Y',
        });
      }
      if (method === 'alipay.trade.fastpay.refund.query') {
        if (!t) return json(notExist);
        const amount = t.refunds.get(biz.out_request_no!);
        if (!amount) return json({ code: '10000', msg: 'Success' });
        return json({
          code: '10000',
          msg: 'Success',
          out_trade_no: t.outTradeNo,
          out_request_no: biz.out_request_no,
          refund_amount: amount,
          total_amount: t.totalAmount,
          refund_status: 'REFUND_SUCCESS',
        });
      }
      return json({ code: '40004', msg: 'Business Failed', sub_code: 'isv.invalid-method' });
    }
    const pay = /^\/cashier\/([^/]+)\/pay$/.exec(url.pathname);
    if (pay && req.method === 'POST') {
      const t = trades.get(decodeURIComponent(pay[1]!));
      if (!t || t.status === 'TRADE_CLOSED') return html(res, 410, '<p>交易已关闭</p>');
      await payTrade(t);
      return void res.writeHead(303, { location: t.returnUrl }).end();
    }
    return html(res, 404, 'not found');
  });

  async function payTrade(t: AlipayTrade): Promise<NotifyReply> {
    if (t.status === 'WAIT_BUYER_PAY') {
      t.status = 'TRADE_SUCCESS';
      t.paidAt = yuanTime(new Date());
    }
    return notify(t.outTradeNo);
  }

  Object.assign(fake, <Omit<FakeAlipay, 'alterAnswers'>>{
    base,
    gateway: `${base}/gateway.do`,
    appId,
    sellerId,
    keys,
    trades,
    calls,
    badlySigned: 0,
    replies,
    env: (appPrivatePem) => ({
      ALIPAY_APP_ID: appId,
      ALIPAY_PRIVATE_KEY: appPrivatePem,
      ALIPAY_PUBLIC_KEY: keys.publicPem,
      ALIPAY_SELLER_ID: sellerId,
      ALIPAY_GATEWAY: `${base}/gateway.do`,
    }),
    async pay(outTradeNo) {
      const t = trades.get(outTradeNo);
      if (!t) throw new Error(`fake alipay: no trade ${outTradeNo} (the cashier link was never opened)`);
      return payTrade(t);
    },
    notify,
    signedFields: (outTradeNo, patch) => signedFields(outTradeNo, { patch }),
    post,
    close: () => closeServer(server as Server),
  });
  return fake;
}
