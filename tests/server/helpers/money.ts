import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { expect } from 'vitest';
import { Api, type PayData } from '../../../src/contract/index.js';
import type { App } from '../../../src/server/context.js';
import type { DB } from '../../../src/server/db/schema.js';
import { applyCoins } from '../../../src/server/services/ledger.js';

let ipCounter = 0;
/** A distinct client address per registration (register is rate-limited per IP; trustProxy is on). */
const nextIp = () => {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
};

export interface TestUser {
  userId: number;
  account: string;
  token: string;
  deviceId: string;
  headers: Record<string, string>;
}

const traceId = () => `t${randomBytes(8).toString('hex')}`;

/** Registers an anonymous user through POST /api/user/register, as the app does on first visit. */
export async function registerUser(app: App): Promise<TestUser> {
  const deviceId = `dev${randomBytes(10).toString('hex')}`;
  const res = await app.inject({
    method: 'POST',
    url: Api.register,
    headers: { 'x-trace-id': traceId(), 'x-device-id': deviceId, 'x-forwarded-for': nextIp() },
  });
  expect(res.statusCode).toBe(200);
  const body = res.json<{ result: boolean; data: { userId: number; account: string; token: string } }>();
  expect(body.result).toBe(true);
  const { userId, account, token } = body.data;
  return {
    userId,
    account,
    token,
    deviceId,
    headers: {
      authorization: `Bearer ${token}`,
      'x-trace-id': traceId(),
      'x-user-id': String(userId),
      'x-account': account,
      'x-device-id': deviceId,
    },
  };
}

/** Credits coins through the ledger (a test-only cause), so the ledger invariants still hold. */
export async function grantCoins(db: Kysely<DB>, userId: number, amount: number): Promise<void> {
  await db
    .transaction()
    .execute((trx) =>
      applyCoins(trx, {
        userId,
        amount,
        kind: 'recharge',
        refType: 'test_grant',
        refId: randomBytes(8).toString('hex'),
      }),
    );
}

export async function balanceOf(db: Kysely<DB>, userId: number): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select('balance')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return row.balance;
}

export interface PayConfigRow {
  id: number;
  type: string;
  amount_level: number;
  item_count: number;
  present_count: number;
  vip_days: number;
  vip_type: string;
}
export async function payConfig(db: Kysely<DB>, type: 'coin' | 'vip', index = 0): Promise<PayConfigRow> {
  const rows = await db
    .selectFrom('pay_configs')
    .selectAll()
    .where('type', '=', type)
    .orderBy('sort')
    .execute();
  return rows[index]!;
}

/** POST /api/pay/pay for a package; the JSON answer. */
export async function createPayOrder(
  app: App,
  user: TestUser,
  cfg: PayConfigRow,
  opts: { channel?: string; appType?: string; amount?: number; returnUrl?: string } = {},
) {
  return app.inject({
    method: 'POST',
    url: Api.pay,
    headers: user.headers,
    payload: {
      payChannel: opts.channel ?? 'alipay_wap',
      payPurpose: cfg.type,
      payPurposeId: String(cfg.id),
      rechargerAmount: String(opts.amount ?? cfg.amount_level),
      appType: opts.appType ?? 'wap_browser',
      returnUrl: opts.returnUrl ?? '/purchase?paid=1',
    },
  });
}

export const tradeNoOf = (payUrl: string) => /\/h5\/sandbox\/cashier\/(SB[0-9a-f]{32})$/.exec(payUrl)![1]!;

/** Presses 支付 on the sandbox cashier (a same-origin form post). */
export async function payAtCashier(app: App, tradeNo: string) {
  return app.inject({
    method: 'POST',
    url: `/h5/sandbox/cashier/${tradeNo}/pay`,
    headers: { 'sec-fetch-site': 'same-origin' },
  });
}

/** The signed notification the sandbox queued for a trade (what it posts to us). */
export async function queuedNotification(db: Kysely<DB>, tradeNo: string): Promise<string> {
  const row = await db
    .selectFrom('sandbox_notify_attempts')
    .select('payload')
    .where('trade_no', '=', tradeNo)
    .executeTakeFirstOrThrow();
  return row.payload;
}

export async function deliverNotification(app: App, payload: string) {
  return app.inject({
    method: 'POST',
    url: '/h5/pay/notify/sandbox',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload,
  });
}

/** A whole top-up without a listening server: order, cashier, notification delivered by hand. */
export async function topUp(app: App, db: Kysely<DB>, user: TestUser, cfg: PayConfigRow) {
  const res = await createPayOrder(app, user, cfg);
  expect(res.statusCode).toBe(200);
  const data = res.json<{ data: PayData }>().data;
  const tradeNo = tradeNoOf(data.payUrl!);
  expect((await payAtCashier(app, tradeNo)).statusCode).toBe(303);
  const payload = await queuedNotification(db, tradeNo);
  const ack = await deliverNotification(app, payload);
  expect(ack.statusCode).toBe(200);
  expect(ack.body).toBe('success');
  return { orderNo: data.orderNo, tradeNo, payload };
}

/**
 * The money invariants: balances never negative and equal to the sum of each user's ledger; every
 * ledger cause applied at most once; every charged purchase matched by exactly one debit of its
 * price; every paid coin order credited exactly once and nothing else credited by orders.
 */
export async function checkInvariants(db: Kysely<DB>): Promise<void> {
  const users = await db.selectFrom('users').select(['id', 'balance']).execute();
  const sums = await db
    .selectFrom('ledger')
    .select((eb) => ['user_id', eb.fn.sum<number>('amount').as('total')])
    .groupBy('user_id')
    .execute();
  const sumBy = new Map(sums.map((s) => [s.user_id, Number(s.total)]));
  for (const u of users) {
    expect(u.balance).toBeGreaterThanOrEqual(0);
    expect(u.balance, `user ${u.id} balance = Σ ledger`).toBe(sumBy.get(u.id) ?? 0);
  }
  const purchases = await db
    .selectFrom('purchases')
    .select(['id', 'user_id', 'item_type', 'item_id', 'price'])
    .execute();
  const keys = new Set(purchases.map((p) => `${p.user_id}/${p.item_type}/${p.item_id}`));
  expect(keys.size).toBe(purchases.length);
  const debits = await db
    .selectFrom('ledger')
    .select(['ref_id', 'amount', 'user_id'])
    .where('kind', '=', 'purchase')
    .execute();
  const debitBy = new Map(debits.map((d) => [d.ref_id, d]));
  expect(debitBy.size).toBe(debits.length);
  for (const p of purchases) {
    const d = debitBy.get(String(p.id));
    expect(d, `purchase ${p.id} has its debit`).toBeDefined();
    expect(d!.amount).toBe(-p.price);
    expect(d!.user_id).toBe(p.user_id);
  }
  expect(debits.length).toBe(purchases.length);
  const orders = await db
    .selectFrom('recharge_orders')
    .innerJoin('pay_configs', 'pay_configs.id', 'recharge_orders.pay_config_id')
    .select(['out_trade_no', 'status', 'purpose', 'item_count', 'present_count', 'user_id'])
    .execute();
  const credits = await db
    .selectFrom('ledger')
    .select(['ref_id', 'amount', 'user_id'])
    .where('kind', '=', 'recharge')
    .where('ref_type', '=', 'recharge_order')
    .execute();
  const creditBy = new Map<string, number>();
  for (const c of credits) creditBy.set(c.ref_id, (creditBy.get(c.ref_id) ?? 0) + 1);
  for (const o of orders) {
    const expected =
      o.status === 'PAID' && o.purpose === 'coin' && o.item_count + o.present_count > 0 ? 1 : 0;
    expect(creditBy.get(o.out_trade_no) ?? 0, `order ${o.out_trade_no} credited ${expected}×`).toBe(expected);
  }
}
