import type { Kysely } from 'kysely';
import { FEN_PER_YUAN, Msg, SandboxCashierText } from '../../../../contract/index.js';
import type { Config } from '../../../config.js';
import type { DB, SandboxPaymentsTable } from '../../../db/schema.js';
import { cashierPath, notificationFields } from './provider.js';

type Payment = Omit<SandboxPaymentsTable, 'id'>;

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"'`=/]/g, (c) => `&#${c.charCodeAt(0)};`);
}

const CHANNEL_NAMES: Record<string, string> = {
  alipay: '支付宝',
  wechat: '微信支付',
  bank: '银行卡',
};
function channelName(code: string): string {
  const key = Object.keys(CHANNEL_NAMES).find((k) => code.startsWith(k));
  return key ? CHANNEL_NAMES[key]! : code;
}

export const yuan = (fen: number) => (fen / FEN_PER_YUAN).toFixed(2);

export async function findPayment(db: Kysely<DB>, tradeNo: string): Promise<Payment | undefined> {
  return db.selectFrom('sandbox_payments').selectAll().where('trade_no', '=', tradeNo).executeTakeFirst();
}

export type CashierState = 'open' | 'expired' | 'paid' | 'closed';

export function cashierState(p: Payment, now: Date): CashierState {
  if (p.status === 'PAID') return 'paid';
  if (p.status === 'CLOSED') return 'closed';
  return Date.parse(p.expire_at) <= now.getTime() ? 'expired' : 'open';
}

const NOTICE: Record<Exclude<CashierState, 'open'>, string> = {
  expired: Msg.orderExpired,
  paid: Msg.orderPaid,
  closed: Msg.orderClosed,
};

/**
 * The sandbox cashier: a server-rendered page with two forms (支付, 取消). No script at all, so it
 * works under a strict CSP; every value is escaped.
 */
export function renderCashier(p: Payment, state: CashierState): string {
  const path = cashierPath(p.trade_no);
  const expiresAt = new Date(p.expire_at).toLocaleTimeString('zh-CN', {
    timeZone: 'Asia/Shanghai',
    hour12: false,
  });
  const body =
    state === 'open'
      ? `<p class="hint">请在 ${escapeHtml(expiresAt)} 前完成支付（2分钟内有效）</p>
  <form method="post" action="${escapeHtml(path)}/pay"><button type="submit" class="pay">支付</button></form>
  <form method="post" action="${escapeHtml(path)}/cancel"><button type="submit" class="cancel">取消</button></form>`
      : `<p class="notice" role="alert">${escapeHtml(NOTICE[state])}</p>
  <form method="post" action="${escapeHtml(path)}/cancel"><button type="submit" class="cancel">返回</button></form>`;
  return `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="same-origin">
<link rel="icon" href="/icons/favicon-32.png">
<title>${escapeHtml(SandboxCashierText.title)}</title>
<link rel="stylesheet" href="/h5/sandbox/cashier.css">
</head>
<body>
<main>
  <p class="test-banner" role="note">${escapeHtml(SandboxCashierText.banner)}</p>
  <h1>${escapeHtml(SandboxCashierText.title)}</h1>
  <p class="amount" aria-label="金额">¥<strong>${escapeHtml(yuan(p.amount))}</strong></p>
  <dl>
    <dt>支付方式</dt><dd>${escapeHtml(channelName(p.channel))}</dd>
    <dt>商品</dt><dd>${escapeHtml(p.subject)}</dd>
    <dt>订单号</dt><dd>${escapeHtml(p.out_trade_no)}</dd>
  </dl>
  ${body}
</main>
</body>
</html>`;
}

/**
 * The order number wraps into balanced lines (broken anywhere, it left one character alone on its
 * second line on some phones); the banner breaks at its punctuation, not inside a word.
 */
export const CASHIER_CSS = `body{margin:0;font-family:-apple-system,"PingFang SC","Microsoft YaHei",sans-serif;background:#f5f5f5;color:#222}
main{max-width:420px;margin:0 auto;padding:24px 16px}
h1{font-size:18px;text-align:center;margin:8px 0 16px}
.test-banner{word-break:keep-all;overflow-wrap:anywhere;margin:0 0 12px;padding:10px 12px;border-radius:8px;background:#fff4d6;color:#8a5a00;font-weight:600;text-align:center;border:1px dashed #e0a800}
.amount{font-size:16px;text-align:center;margin:0 0 16px}.amount strong{font-size:36px}
dl{background:#fff;border-radius:8px;padding:12px 16px;display:grid;grid-template-columns:auto 1fr;gap:8px 12px;font-size:14px}
dt{color:#888}dd{margin:0;word-break:break-all;text-wrap:balance}
.hint{font-size:13px;color:#c60;text-align:center}
.notice{font-size:15px;color:#c00;text-align:center;padding:12px;background:#fff3f3;border-radius:8px}
form{margin:12px 0}
button{width:100%;min-height:44px;border:0;border-radius:22px;font-size:16px}
.pay{background:#1677ff;color:#fff}.cancel{background:#e8e8e8;color:#333}
`;

export type PayOutcome = {
  outcome: 'paid' | 'already_paid' | 'expired' | 'closed' | 'not_found';
  returnUrl: string | null;
};

/**
 * The payer presses 支付: the payment turns PAID and the notification it owes is queued, in one
 * transaction, so a crash cannot take the money without eventually telling us.
 */
export async function payAtCashier(
  db: Kysely<DB>,
  config: Config,
  tradeNo: string,
  now: Date,
): Promise<PayOutcome> {
  return db.transaction().execute(async (trx) => {
    const p = await trx
      .selectFrom('sandbox_payments')
      .selectAll()
      .where('trade_no', '=', tradeNo)
      .executeTakeFirst();
    if (!p) return { outcome: 'not_found', returnUrl: null };
    const state = cashierState(p, now);
    if (state === 'paid') return { outcome: 'already_paid', returnUrl: p.return_url };
    if (state !== 'open') return { outcome: state, returnUrl: p.return_url };
    const paidAt = now.toISOString();
    const changed = await trx
      .updateTable('sandbox_payments')
      .set({ status: 'PAID', paid_at: paidAt })
      .where('trade_no', '=', tradeNo)
      .where('status', '=', 'WAIT')
      .returning('id')
      .executeTakeFirst();
    if (!changed) {
      // Paid or closed in between (a close by our expiry sweep wins over a late press of 支付).
      const current = await trx
        .selectFrom('sandbox_payments')
        .select('status')
        .where('trade_no', '=', tradeNo)
        .executeTakeFirstOrThrow();
      const outcome = current.status === 'CLOSED' ? 'closed' : 'already_paid';
      return { outcome, returnUrl: p.return_url };
    }
    const fields = notificationFields({ ...p, paid_at: paidAt }, config.paySecret);
    const stamp = paidAt;
    await trx
      .insertInto('sandbox_notify_attempts')
      .values({
        trade_no: tradeNo,
        notify_url: p.notify_url,
        payload: new URLSearchParams(fields).toString(),
        status: 'PENDING',
        next_at: stamp,
        claimed_until: null,
        last_error: null,
        created_at: stamp,
        updated_at: stamp,
      })
      .onConflict((oc) => oc.column('trade_no').doNothing())
      .execute();
    return { outcome: 'paid', returnUrl: p.return_url };
  });
}
