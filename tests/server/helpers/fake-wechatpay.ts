import { createCipheriv, createSign, createVerify, randomBytes, type KeyObject } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { closeServer, html, listen, rsaPair, type NotifyReply, type PemPair } from './fake-gateway.js';

/**
 * A local WeChat Pay API v3 for tests: it checks each request's Authorization signature with the
 * merchant's public key (as WeChat Pay does), answers H5 pay, query by out_trade_no, close, refund and
 * refund query in WeChat Pay's JSON shapes, signs every answer with its platform key and the four
 * Wechatpay-* headers (what the SDK verifies), serves the h5_url pay page, and sends notifies the way
 * WeChat Pay does: the transaction encrypted with AES-256-GCM under the APIv3 key, the JSON body signed
 * over `timestamp\nnonce\nbody\n`.
 */

export interface WechatTransaction {
  outTradeNo: string;
  transactionId: string;
  total: number;
  description: string;
  notifyUrl: string;
  state: 'NOTPAY' | 'SUCCESS' | 'CLOSED' | 'REFUND';
  successTime: string | null;
  /** By out_refund_no; notifyUrl is the refund request's notify_url (where its REFUND.* events go). */
  refunds: Map<
    string,
    {
      refundId: string;
      amount: number;
      notifyUrl: string;
      /** ABNORMAL: the payer's card refused it; WeChat Pay holds it until the merchant acts. */
      status: 'SUCCESS' | 'ABNORMAL';
    }
  >;
}

export interface NotifyOptions {
  /** Fields of the decrypted transaction changed (amount, mchid, appid, trade_state…). */
  patch?: Record<string, unknown>;
  /** Unix seconds in Wechatpay-Timestamp (default now). */
  timestamp?: number;
  /** Signs with this key instead of the platform key (a forgery). */
  signWith?: KeyObject;
  /** The Wechatpay-Serial header (default the platform key's id). */
  serial?: string;
  eventType?: string;
  /** Notify id (a retry sends the same one). */
  id?: string;
  /** Changes the body after it was signed. */
  tamper?: (body: string) => string;
  /** For a refund notify: the refund number. */
  refundNo?: string;
}

export interface FakeWechatpay {
  base: string;
  mchid: string;
  appid: string;
  /** The platform public key id (PUB_KEY_ID_…) named by Wechatpay-Serial. */
  keyId: string;
  keys: PemPair;
  apiV3Key: string;
  transactions: Map<string, WechatTransaction>;
  calls: string[];
  badlySigned: number;
  /** While set, every API call answers 500 SYSTEM_ERROR (an outage). */
  down: boolean;
  /** The status new refunds take (default SUCCESS); ABNORMAL as when the payer's card is frozen. */
  refundStatus: 'SUCCESS' | 'ABNORMAL';
  replies: NotifyReply[];
  env(merchant: { privatePem: string; serial: string }): Record<string, string>;
  /** The payer pays on the H5 page: paid, and WeChat Pay's notify sent (awaited). */
  pay(outTradeNo: string): Promise<NotifyReply>;
  notify(outTradeNo: string, opts?: NotifyOptions): Promise<NotifyReply>;
  close(): Promise<void>;
}

/** The request fields the fake reads. */
interface WxRequest {
  mchid?: string;
  appid?: string;
  out_trade_no?: string;
  out_refund_no?: string;
  description?: string;
  notify_url?: string;
  amount?: { total?: number; refund?: number };
  scene_info?: { payer_client_ip?: string; h5_info?: { type?: string } };
}

const sign = (message: string, key: KeyObject) =>
  createSign('RSA-SHA256').update(message).sign(key, 'base64');

function encrypt(plain: string, key: string, aad: string) {
  const nonce = randomBytes(6).toString('hex');
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(key), nonce).setAAD(Buffer.from(aad));
  const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return {
    algorithm: 'AEAD_AES_256_GCM',
    ciphertext: ciphertext.toString('base64'),
    associated_data: aad,
    nonce,
  };
}

const rfc3339 = (d: Date) => `${new Date(d.getTime() + 8 * 3600_000).toISOString().slice(0, 19)}+08:00`;

export async function startFakeWechatpay(merchantPublicKey: KeyObject): Promise<FakeWechatpay> {
  const keys = rsaPair();
  const mchid = `19${String(Date.now()).slice(-8)}`;
  const appid = `wx${randomBytes(8).toString('hex')}`;
  const keyId = `PUB_KEY_ID_0119${randomBytes(12).toString('hex').toUpperCase()}`;
  const apiV3Key = randomBytes(16).toString('hex');
  const transactions = new Map<string, WechatTransaction>();
  const fake = {
    calls: [] as string[],
    badlySigned: 0,
    down: false,
    refundStatus: 'SUCCESS',
    replies: [] as NotifyReply[],
  } as FakeWechatpay;

  /** An answer as WeChat Pay sends it: JSON (or nothing) signed with the platform key. */
  function answer(res: ServerResponse, status: number, data?: unknown) {
    const body = data === undefined ? '' : JSON.stringify(data);
    const ts = String(Math.floor(Date.now() / 1000));
    const nonce = randomBytes(16).toString('hex');
    res.writeHead(status, {
      ...(body ? { 'content-type': 'application/json; charset=utf-8' } : {}),
      'Wechatpay-Timestamp': ts,
      'Wechatpay-Nonce': nonce,
      'Wechatpay-Serial': keyId,
      'Wechatpay-Signature': sign(`${ts}\n${nonce}\n${body}\n`, keys.privateKey),
      'Request-ID': randomBytes(8).toString('hex'),
    });
    res.end(body);
  }

  function transactionJson(t: WechatTransaction) {
    return {
      mchid,
      appid,
      out_trade_no: t.outTradeNo,
      transaction_id: t.transactionId,
      trade_type: 'MWEB',
      trade_state: t.state,
      trade_state_desc: t.state === 'SUCCESS' ? '支付成功' : '未支付',
      bank_type: 'OTHERS',
      attach: '',
      ...(t.successTime ? { success_time: t.successTime } : {}),
      payer: { openid: 'oTestOpenId' },
      amount: { total: t.total, payer_total: t.total, currency: 'CNY', payer_currency: 'CNY' },
    };
  }

  async function notify(outTradeNo: string, opts: NotifyOptions = {}): Promise<NotifyReply> {
    const t = transactions.get(outTradeNo);
    if (!t) throw new Error(`fake wechatpay: no transaction ${outTradeNo}`);
    const eventType = opts.eventType ?? 'TRANSACTION.SUCCESS';
    const refund = opts.refundNo ? t.refunds.get(opts.refundNo) : undefined;
    const resource = eventType.startsWith('REFUND.')
      ? {
          mchid,
          out_trade_no: t.outTradeNo,
          transaction_id: t.transactionId,
          out_refund_no: opts.refundNo,
          refund_id: refund?.refundId,
          refund_status: eventType === 'REFUND.SUCCESS' ? 'SUCCESS' : 'ABNORMAL',
          success_time: rfc3339(new Date()),
          user_received_account: '支付用户零钱',
          amount: {
            total: t.total,
            refund: refund?.amount ?? 0,
            payer_total: t.total,
            payer_refund: refund?.amount ?? 0,
          },
          ...opts.patch,
        }
      : { ...transactionJson(t), ...opts.patch };
    const body = JSON.stringify({
      id: opts.id ?? `EV-${randomBytes(10).toString('hex')}`,
      create_time: rfc3339(new Date()),
      resource_type: 'encrypt-resource',
      event_type: eventType,
      summary: eventType.startsWith('REFUND.') ? '退款成功' : '支付成功',
      resource: encrypt(
        JSON.stringify(resource),
        apiV3Key,
        eventType.startsWith('REFUND.') ? 'refund' : 'transaction',
      ),
    });
    const ts = String(opts.timestamp ?? Math.floor(Date.now() / 1000));
    const nonce = randomBytes(16).toString('hex');
    const signature = sign(`${ts}\n${nonce}\n${body}\n`, opts.signWith ?? keys.privateKey);
    // WeChat Pay posts a refund's events to that refund's notify_url, a payment's to the payment's.
    const res = await fetch(refund?.notifyUrl ?? t.notifyUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'Wechatpay-Timestamp': ts,
        'Wechatpay-Nonce': nonce,
        'Wechatpay-Serial': opts.serial ?? keyId,
        'Wechatpay-Signature': signature,
        'Wechatpay-Signature-Type': 'WECHATPAY2-SHA256-RSA2048',
      },
      body: opts.tamper ? opts.tamper(body) : body,
    });
    const reply = {
      status: res.status,
      contentType: res.headers.get('content-type'),
      body: await res.text(),
    };
    fake.replies.push(reply);
    return reply;
  }

  async function payTransaction(t: WechatTransaction) {
    if (t.state === 'NOTPAY') {
      t.state = 'SUCCESS';
      t.successTime = rfc3339(new Date());
    }
    return notify(t.outTradeNo);
  }

  /** The merchant's request signature, checked as WeChat Pay checks it. */
  function signedByMerchant(method: string, url: URL, body: string, authorization: string | undefined) {
    const m = /^WECHATPAY2-SHA256-RSA2048 (.*)$/.exec(authorization ?? '');
    if (!m) return false;
    const parts = Object.fromEntries(
      [...m[1]!.matchAll(/(\w+)="([^"]*)"/g)].map((p) => [p[1]!, p[2]!]),
    ) as Record<string, string>;
    if (parts.mchid !== mchid) return false;
    const message = `${method}\n${url.pathname}${url.search}\n${parts.timestamp}\n${parts.nonce_str}\n${body}\n`;
    return createVerify('RSA-SHA256')
      .update(message)
      .verify(merchantPublicKey, parts.signature ?? '', 'base64');
  }

  const { server, base } = await listen(async (req, res, url, raw) => {
    const body = raw.toString('utf8');
    if (url.pathname.startsWith('/v3/')) {
      if (!signedByMerchant(req.method!, url, body, req.headers.authorization)) {
        fake.badlySigned += 1;
        return answer(res, 401, { code: 'SIGN_ERROR', message: '签名错误' });
      }
      fake.calls.push(`${req.method} ${url.pathname}`);
      if (fake.down) return answer(res, 500, { code: 'SYSTEM_ERROR', message: '系统错误' });
      const data = (body ? JSON.parse(body) : {}) as WxRequest;
      if (req.method === 'POST' && url.pathname === '/v3/pay/transactions/h5') {
        if (data.mchid !== mchid || data.appid !== appid)
          return answer(res, 400, { code: 'INVALID_REQUEST', message: 'mchid与appid不匹配' });
        if (!data.scene_info?.payer_client_ip || data.scene_info?.h5_info?.type !== 'Wap')
          return answer(res, 400, { code: 'PARAM_ERROR', message: '缺少scene_info' });
        const no = data.out_trade_no!;
        if (!transactions.has(no))
          transactions.set(no, {
            outTradeNo: no,
            transactionId: `4200${randomBytes(12).toString('hex')}`,
            total: data.amount!.total!,
            description: data.description!,
            notifyUrl: data.notify_url!,
            state: 'NOTPAY',
            successTime: null,
            refunds: new Map(),
          });
        const prepay = `wx${randomBytes(12).toString('hex')}`;
        return answer(res, 200, {
          h5_url: `${base}/pay/mweb?prepay_id=${prepay}&package=${encodeURIComponent(no)}`,
        });
      }
      const byNo = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)(\/close)?$/.exec(url.pathname);
      if (byNo) {
        const t = transactions.get(decodeURIComponent(byNo[1]!));
        if (!t) return answer(res, 404, { code: 'ORDER_NOT_EXIST', message: '订单不存在' });
        if (!byNo[2]) {
          if (url.searchParams.get('mchid') !== mchid)
            return answer(res, 400, { code: 'PARAM_ERROR', message: 'mchid' });
          return answer(res, 200, transactionJson(t));
        }
        if (t.state !== 'NOTPAY') return answer(res, 400, { code: 'ORDER_PAID', message: '订单已支付' });
        t.state = 'CLOSED';
        return answer(res, 204);
      }
      if (req.method === 'POST' && url.pathname === '/v3/refund/domestic/refunds') {
        const t = transactions.get(data.out_trade_no ?? '');
        const refundNo = data.out_refund_no!;
        if (!t || (t.state !== 'SUCCESS' && t.state !== 'REFUND'))
          return answer(res, 404, { code: 'RESOURCE_NOT_EXISTS', message: '订单不存在' });
        if (data.amount?.total !== t.total)
          return answer(res, 400, { code: 'INVALID_REQUEST', message: '订单金额不一致' });
        let r = t.refunds.get(refundNo);
        if (!r) {
          r = {
            refundId: `5030${randomBytes(10).toString('hex')}`,
            amount: data.amount.refund!,
            notifyUrl: data.notify_url ?? t.notifyUrl,
            status: fake.refundStatus,
          };
          t.refunds.set(refundNo, r);
          t.state = 'REFUND';
        }
        return answer(res, 200, {
          refund_id: r.refundId,
          out_refund_no: refundNo,
          transaction_id: t.transactionId,
          out_trade_no: t.outTradeNo,
          channel: 'ORIGINAL',
          status: r.status,
          amount: { total: t.total, refund: r.amount, currency: 'CNY' },
        });
      }
      const refundPath = /^\/v3\/refund\/domestic\/refunds\/([^/]+)$/.exec(url.pathname);
      if (refundPath && req.method === 'GET') {
        const no = decodeURIComponent(refundPath[1]!);
        for (const t of transactions.values()) {
          const r = t.refunds.get(no);
          if (r)
            return answer(res, 200, {
              refund_id: r.refundId,
              out_refund_no: no,
              out_trade_no: t.outTradeNo,
              status: r.status,
              amount: { total: t.total, refund: r.amount, currency: 'CNY' },
            });
        }
        return answer(res, 404, { code: 'RESOURCE_NOT_EXISTS', message: '退款单不存在' });
      }
      return answer(res, 404, { code: 'NOT_FOUND', message: '无此接口' });
    }
    if (url.pathname === '/pay/mweb' && req.method === 'GET') {
      const t = transactions.get(url.searchParams.get('package') ?? '');
      if (!t) return html(res, 404, '<p>订单不存在</p>');
      const back = url.searchParams.get('redirect_url') ?? '';
      return html(
        res,
        200,
        `<!doctype html><meta charset="utf-8"><title>微信支付</title><h1>微信支付</h1>` +
          `<p>${t.description} ￥${(t.total / 100).toFixed(2)}</p>` +
          `<form method="post" action="/pay/mweb/${encodeURIComponent(t.outTradeNo)}?redirect_url=${encodeURIComponent(back)}">` +
          `<button type="submit">确认支付</button></form>`,
      );
    }
    const pay = /^\/pay\/mweb\/([^/]+)$/.exec(url.pathname);
    if (pay && req.method === 'POST') {
      const t = transactions.get(decodeURIComponent(pay[1]!));
      if (!t || t.state === 'CLOSED') return html(res, 410, '<p>订单已关闭</p>');
      await payTransaction(t);
      return void res.writeHead(303, { location: url.searchParams.get('redirect_url') ?? '/' }).end();
    }
    return html(res, 404, 'not found');
  });

  Object.assign(fake, {
    base,
    mchid,
    appid,
    keyId,
    keys,
    apiV3Key,
    transactions,
    env: (merchant: { privatePem: string; serial: string }) => ({
      WECHATPAY_MCHID: mchid,
      WECHATPAY_APPID: appid,
      WECHATPAY_SERIAL: merchant.serial,
      WECHATPAY_PRIVATE_KEY: merchant.privatePem,
      WECHATPAY_PLATFORM_KEYS: JSON.stringify({ [keyId]: keys.publicPem }),
      WECHATPAY_APIV3_KEY: apiV3Key,
      WECHATPAY_BASE_URL: base,
    }),
    async pay(outTradeNo: string) {
      const t = transactions.get(outTradeNo);
      if (!t) throw new Error(`fake wechatpay: no transaction ${outTradeNo}`);
      return payTransaction(t);
    },
    notify,
    close: () => closeServer(server),
  });
  return fake;
}
