import type { AlipaySdk } from 'alipay-sdk';
import type { NotifyRequest, RejectedNotify, VerifiedNotify } from '../../../ports/pay-provider.js';
import { parseAlipayTime } from '../shanghai-time.js';
import { fenOfYuan } from '../yuan.js';
import type { AlipaySettings } from './settings.js';
import { formFields, rejectForm as reject } from '../notify-form.js';

/** Only these mean the money was taken (WAIT_BUYER_PAY and TRADE_CLOSED do not). */
const PAID = new Set(['TRADE_SUCCESS', 'TRADE_FINISHED']);
const REQUIRED = ['sign', 'notify_id', 'app_id', 'out_trade_no', 'trade_no', 'total_amount', 'trade_status'];

/**
 * An Alipay asynchronous notify (form POST). The RSA2 signature is checked by the SDK's
 * checkNotifySignV2 on the fields exactly as Fastify decoded them (V1 would decode them a second time
 * and break on "%"); only then are they believed: our app and seller, a paid status, and an amount in
 * exact yuan. Whether the order is ours and the amount its price is orders.ts's part.
 */
export function verifyAlipayNotify(
  sdk: AlipaySdk,
  settings: AlipaySettings,
  request: NotifyRequest,
  now: Date,
): VerifiedNotify | RejectedNotify {
  const fields = formFields(request.body);
  if (!fields) return reject('malformed body', null);
  for (const k of REQUIRED) if (!fields[k]) return reject(`missing ${k}`, fields);
  // The notify names its own algorithm: only RSA2 is accepted, never a downgrade to RSA (SHA-1).
  if ((fields.sign_type ?? 'RSA2') !== 'RSA2') return reject(`sign_type ${fields.sign_type}`, fields);
  let signed = false;
  try {
    signed = sdk.checkNotifySignV2(fields);
  } catch {
    signed = false;
  }
  if (!signed) return reject('bad signature', fields);
  if (fields.app_id !== settings.appId) return reject('wrong app_id', fields);
  if (fields.seller_id !== settings.sellerId) return reject('wrong seller_id', fields);
  // A trade we closed, or refunded in full, is reported closed: true news, but nothing to credit.
  if (fields.trade_status === 'TRADE_CLOSED')
    return { ...reject('status TRADE_CLOSED', fields), acknowledge: true };
  if (!PAID.has(fields.trade_status!)) return reject(`status ${fields.trade_status}`, fields);
  const amount = fenOfYuan(fields.total_amount!);
  if (amount === null) return reject('bad total_amount', fields);
  const paidAt = parseAlipayTime(fields.gmt_payment) ?? parseAlipayTime(fields.notify_time) ?? now;
  return {
    ok: true,
    outTradeNo: fields.out_trade_no!,
    amount,
    providerTradeNo: fields.trade_no!,
    notifyId: fields.notify_id!,
    paidAt: paidAt.toISOString(),
  };
}
