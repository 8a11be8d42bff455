import { createVerify } from 'node:crypto';
import { Aes } from 'wechatpay-axios-plugin';
import type {
  NotifyRequest,
  RejectedNotify,
  VerifiedNotify,
  VerifiedRefundNotify,
} from '../../../ports/pay-provider.js';
import type { WechatpaySettings } from './settings.js';

/** WeChat Pay's own bound on clock skew: a notify signed further from our "now" is refused. */
export const MAX_SKEW_S = 300;

/** What an ABNORMAL refund waits for (kept as the refund's failure until it settles). */
export const ABNORMAL_REASON =
  'refund ABNORMAL: the payer’s card refused it; needs a person (WeChat Pay merchant platform)';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => !!v && typeof v === 'object' && !Array.isArray(v);
const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

function header(request: NotifyRequest, name: string): string | null {
  const v = request.headers[name.toLowerCase()];
  return typeof v === 'string' && v.trim() ? v.trim() : null;
}

function reject(
  reason: string,
  outTradeNo: string | null = null,
  notifyId: string | null = null,
): RejectedNotify {
  return { ok: false, reason, outTradeNo, notifyId };
}

/** What a signed, fresh, decrypted notify carries: its event and the resource in clear. */
interface OpenedNotify {
  id: string;
  eventType: string;
  resource: Json;
}

/**
 * The common part of every WeChat Pay v3 notify: RSA-SHA256 over `timestamp\nnonce\nbody\n` on the
 * body's bytes as received (a re-serialised JSON would not verify), with the key the Wechatpay-Serial
 * header names; a timestamp more than 300 s from our clock refused (a replayed old notify); then the
 * resource decrypted with AES-256-GCM under the APIv3 key (its tag authenticates it).
 */
function openNotify(
  settings: WechatpaySettings,
  request: NotifyRequest,
  now: Date,
): OpenedNotify | RejectedNotify {
  const timestamp = header(request, 'Wechatpay-Timestamp');
  const nonce = header(request, 'Wechatpay-Nonce');
  const signature = header(request, 'Wechatpay-Signature');
  const serial = header(request, 'Wechatpay-Serial');
  if (!timestamp || !nonce || !signature || !serial) return reject('missing Wechatpay-* headers');
  if (!/^\d{1,12}$/.test(timestamp)) return reject('bad Wechatpay-Timestamp');
  if (Math.abs(now.getTime() / 1000 - Number(timestamp)) > MAX_SKEW_S) return reject('stale timestamp');
  const key = Object.hasOwn(settings.platformKeys, serial) ? settings.platformKeys[serial] : undefined;
  if (!key) return reject(`unknown Wechatpay-Serial ${serial.slice(0, 64)}`);
  let signed = false;
  try {
    signed = createVerify('RSA-SHA256')
      .update(`${timestamp}\n${nonce}\n`)
      .update(request.rawBody)
      .update('\n')
      .verify(key, signature, 'base64');
  } catch {
    signed = false;
  }
  if (!signed) return reject('bad signature');

  let body: unknown;
  try {
    body = JSON.parse(request.rawBody.toString('utf8'));
  } catch {
    return reject('malformed body');
  }
  if (!isObject(body) || !isObject(body.resource)) return reject('malformed body');
  const id = str(body.id);
  const eventType = str(body.event_type);
  const r = body.resource;
  if (!id || !eventType) return reject('malformed body');
  if (r.algorithm !== 'AEAD_AES_256_GCM') return reject(`algorithm ${String(r.algorithm)}`, null, id);
  const ciphertext = str(r.ciphertext);
  const iv = str(r.nonce);
  if (!ciphertext || !iv) return reject('malformed resource', null, id);
  let resource: unknown;
  try {
    const aad = typeof r.associated_data === 'string' ? r.associated_data : '';
    resource = JSON.parse(Aes.AesGcm.decrypt(ciphertext, settings.apiV3Key, iv, aad));
  } catch {
    return reject('resource does not decrypt', null, id);
  }
  if (!isObject(resource)) return reject('malformed resource', null, id);
  return { id, eventType, resource };
}

const whole = (v: unknown): number | null =>
  Number.isSafeInteger(v) && (v as number) >= 0 ? (v as number) : null;

/** A payment notify (TRANSACTION.SUCCESS) for our merchant and app, paid in whole fen. */
export function verifyWechatpayNotify(
  settings: WechatpaySettings,
  request: NotifyRequest,
  now: Date,
): VerifiedNotify | RejectedNotify {
  const opened = openNotify(settings, request, now);
  if ('ok' in opened) return opened;
  const { id, eventType, resource: t } = opened;
  const outTradeNo = str(t.out_trade_no);
  const no = (reason: string) => reject(reason, outTradeNo, id);
  // A refund's events go to the refund notify URL (verifyWechatpayRefundNotify's); never a payment here.
  if (eventType !== 'TRANSACTION.SUCCESS') return no(`event ${eventType}`);
  if (!outTradeNo) return no('missing out_trade_no');
  if (t.mchid !== settings.mchid) return no('wrong mchid');
  if (t.appid !== settings.appid) return no('wrong appid');
  if (t.trade_state !== 'SUCCESS') return no(`trade_state ${String(t.trade_state)}`);
  const amount = isObject(t.amount) ? whole(t.amount.total) : null;
  if (amount === null) return no('bad amount.total');
  // Our prices are fen of yuan: a total in another currency is not our order's amount.
  if (isObject(t.amount) && t.amount.currency !== 'CNY') return no(`currency ${String(t.amount.currency)}`);
  const transactionId = str(t.transaction_id);
  if (!transactionId) return no('missing transaction_id');
  const paidAt = Date.parse(str(t.success_time) ?? '');
  return {
    ok: true,
    outTradeNo,
    amount,
    providerTradeNo: transactionId,
    notifyId: id,
    paidAt: new Date(Number.isNaN(paidAt) ? now.getTime() : paidAt).toISOString(),
  };
}

/** A refund notify (REFUND.SUCCESS, REFUND.ABNORMAL, REFUND.CLOSED), verified as strictly. */
export function verifyWechatpayRefundNotify(
  settings: WechatpaySettings,
  request: NotifyRequest,
  now: Date,
): VerifiedRefundNotify | RejectedNotify {
  const opened = openNotify(settings, request, now);
  if ('ok' in opened) return opened;
  const { id, eventType, resource: r } = opened;
  const outTradeNo = str(r.out_trade_no);
  const no = (reason: string) => reject(reason, outTradeNo, id);
  if (!eventType.startsWith('REFUND.')) return no(`event ${eventType}`);
  if (!outTradeNo) return no('missing out_trade_no');
  if (r.mchid !== settings.mchid) return no('wrong mchid');
  const refundNo = str(r.out_refund_no);
  if (!refundNo) return no('missing out_refund_no');
  const amount = isObject(r.amount) ? whole(r.amount.refund) : null;
  if (amount === null) return no('bad amount.refund');
  const status = r.refund_status;
  if (status !== 'SUCCESS' && status !== 'ABNORMAL' && status !== 'CLOSED')
    return no(`refund_status ${String(status)}`);
  if ((status === 'SUCCESS') !== (eventType === 'REFUND.SUCCESS')) return no('event and status disagree');
  // ABNORMAL is not final: the payer's card refused the money, and the merchant may still send it by
  // hand under this refund number (a REFUND.SUCCESS follows). Only CLOSED is a failure for good.
  return {
    ok: true,
    outTradeNo,
    refundNo,
    status: status === 'SUCCESS' ? 'SUCCESS' : status === 'CLOSED' ? 'FAILED' : 'PROCESSING',
    amount,
    notifyId: id,
    ...(status === 'ABNORMAL' ? { reason: ABNORMAL_REASON } : {}),
  };
}
