import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { expect } from 'vitest';
import { Api, type PayData } from '../../../src/contract/index.js';
import type { App } from '../../../src/server/context.js';
import type { DB } from '../../../src/server/db/schema.js';
import { applyCoins } from '../../../src/server/services/ledger.js';
import { moneyViolations } from './money-invariants.js';

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
  // Each user calls from its own address, as real users do (calls are rate-limited per address too).
  const address = nextIp();
  const res = await app.inject({
    method: 'POST',
    url: Api.register,
    headers: { 'x-trace-id': traceId(), 'x-device-id': deviceId, 'x-forwarded-for': address },
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
      'x-forwarded-for': address,
    },
  };
}

/** Credits coins through the ledger (a test-only cause), so the ledger invariants still hold. */
export async function grantCoins(db: Kysely<DB>, userId: number, amount: number): Promise<void> {
  await db.transaction().execute((trx) =>
    applyCoins(trx, {
      userId,
      amount,
      kind: 'recharge',
      refType: 'test_grant',
      refId: randomBytes(8).toString('hex'),
      at: new Date(),
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

/** All money invariants hold (see moneyViolations). */
export async function checkInvariants(db: Kysely<DB>): Promise<void> {
  expect(await moneyViolations(db)).toEqual([]);
}
