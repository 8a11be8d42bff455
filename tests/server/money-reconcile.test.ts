import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_EXPIRY_MS, type PayData } from '../../src/contract/index.js';
import type { PayProvider } from '../../src/server/ports/pay-provider.js';
import { seedPayData } from '../../src/server/services/pay/defaults.js';
import { EXPIRY_GRACE_MS, sweepExpiredOrders } from '../../src/server/services/pay/expiry.js';
import {
  RECONCILE_JOB,
  reconcilePayments,
  type ReconcileDeps,
} from '../../src/server/services/pay/reconcile.js';
import { registryOf } from '../../src/server/services/provider-registry.js';
import { requestRefund } from '../../src/server/services/refunds/request.js';
import { sandboxRefund } from '../../src/server/services/pay/sandbox/refunds.js';
import { FakeClock } from './helpers/fake-clock.js';
import {
  balanceOf,
  checkInvariants,
  createPayOrder,
  payAtCashier,
  payConfig,
  registerUser,
  topUp,
  tradeNoOf,
  type TestUser,
} from './helpers/money.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

const clock = new FakeClock();
const AFTER_GRACE = ORDER_EXPIRY_MS + EXPIRY_GRACE_MS + 1000;

describe('daily reconciliation with the pay providers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, undefined, { clock });
    await seedPayData(t.database.db);
  });
  afterAll(() => t.close());
  afterEach(async () => {
    clock.reset();
    await checkInvariants(t.database.db);
  });
  const db = () => t.database.db;
  const warnings: string[] = [];
  const deps = (hook?: (p: PayProvider) => Partial<PayProvider>): ReconcileDeps => ({
    db: db(),
    providers: hook
      ? registryOf(
          t.ctx.payProviders
            .names()
            .map((n) => ({ ...t.ctx.payProviders.get(n)!, ...hook(t.ctx.payProviders.get(n)!) })),
        )
      : t.ctx.payProviders,
    log: (level, msg, extra) => {
      if (level === 'warn') warnings.push(`${msg} ${JSON.stringify(extra)}`);
    },
  });
  const mismatches = (orderNos: string[]) =>
    db()
      .selectFrom('pay_mismatches')
      .selectAll()
      .where('out_trade_no', 'in', orderNos)
      .orderBy('out_trade_no')
      .execute();
  const order = (no: string) =>
    db().selectFrom('recharge_orders').selectAll().where('out_trade_no', '=', no).executeTakeFirstOrThrow();
  const coinOrder = async (u: TestUser) => {
    const res = await createPayOrder(t.app, u, await payConfig(db(), 'coin', 0));
    const data = res.json<{ data: PayData }>().data;
    return { orderNo: data.orderNo, tradeNo: tradeNoOf(data.payUrl!) };
  };

  it('the job finds payments the provider took but we never credited, and leaves agreeing orders alone', async () => {
    const u = await registerUser(t.app);
    const cfg = await payConfig(db(), 'coin', 0);
    const start = Date.now();
    const credited = (await topUp(t.app, db(), u, cfg)).orderNo;
    const refunded = (await topUp(t.app, db(), u, cfg)).orderNo;
    await requestRefund(
      { db: db(), providers: t.ctx.payProviders, clock },
      { orderNo: refunded, reason: 'whole', operator: 'test' },
    );
    // Paid at the cashier; its notification never arrives (still CREATED here).
    const lost = await coinOrder(u);
    expect((await payAtCashier(t.app, lost.tradeNo)).statusCode).toBe(303);
    // Paid, but a lagging provider query let the sweep close it here.
    const closed = await coinOrder(u);
    await payAtCashier(t.app, closed.tradeNo);
    clock.set(start + AFTER_GRACE);
    const lagging = {
      db: db(),
      providers: deps(() => ({ query: async () => ({ status: 'UNKNOWN' as const }) })).providers,
    };
    await sweepExpiredOrders({ ...lagging }, new Date(start + AFTER_GRACE));
    // (the lost one was swept too by the lagging sweep: closed here while paid there)
    const balance = await balanceOf(db(), u.userId);

    await t.ctx.jobs.runNow(RECONCILE_JOB);
    const found = await mismatches([credited, refunded, lost.orderNo, closed.orderNo]);
    expect(found.map((m) => [m.out_trade_no, m.kind, m.our_status, m.provider_status]).sort()).toEqual(
      [
        [lost.orderNo, 'paid_not_credited', 'EXPIRED', 'PAID'],
        [closed.orderNo, 'paid_not_credited', 'EXPIRED', 'PAID'],
      ].sort(),
    );
    expect(found.every((m) => m.source === 'reconcile' && m.detail.includes('refund it'))).toBe(true);
    // Recorded only: nothing credited, nothing changed.
    expect(await balanceOf(db(), u.userId)).toBe(balance);
    expect((await order(closed.orderNo)).status).toBe('EXPIRED');
  });

  it('an order paid there while still open here is reported, and the expiry sweep is what credits it', async () => {
    const u = await registerUser(t.app);
    const o = await coinOrder(u);
    await payAtCashier(t.app, o.tradeNo);
    const at = new Date(Date.now() + AFTER_GRACE);
    const report = await reconcilePayments(deps(), at);
    expect(report.mismatches).toContainEqual({ outTradeNo: o.orderNo, kind: 'paid_not_credited' });
    expect((await mismatches([o.orderNo]))[0]).toMatchObject({ our_status: 'CREATED', provider_amount: 600 });
    expect((await mismatches([o.orderNo]))[0]!.detail).toContain('the expiry sweep credits it');
    expect(await balanceOf(db(), u.userId)).toBe(0);
    // Inside its window and grace an order is in flight, not compared.
    const fresh = await coinOrder(u);
    await payAtCashier(t.app, fresh.tradeNo);
    expect((await reconcilePayments(deps(), new Date())).mismatches.map((m) => m.outTradeNo)).not.toContain(
      fresh.orderNo,
    );
  });

  it('credited but not paid at the provider: recorded and logged every run, never reversed', async () => {
    const u = await registerUser(t.app);
    const cfg = await payConfig(db(), 'coin', 0);
    const { orderNo } = await topUp(t.app, db(), u, cfg);
    const vanished = deps((p) => ({
      query: async (no) => (no === orderNo ? { status: 'WAIT' as const } : p.query(no)),
    }));
    warnings.length = 0;
    for (let i = 0; i < 2; i++) await reconcilePayments(vanished, clock.now());
    expect(await mismatches([orderNo])).toMatchObject([
      {
        kind: 'credited_not_paid',
        our_status: 'PAID',
        provider_status: 'WAIT',
        seen_count: 2,
        resolved_at: null,
      },
    ]);
    expect(
      warnings.filter(
        (w) => w.startsWith('reconciliation mismatch: credited_not_paid') && w.includes(orderNo),
      ),
    ).toHaveLength(2);
    expect(await balanceOf(db(), u.userId)).toBe(cfg.item_count + cfg.present_count);
    expect((await order(orderNo)).status).toBe('PAID');
  });

  it('an amount that differs is recorded; orders paid before the last day are not asked again', async () => {
    const u = await registerUser(t.app);
    const cfg = await payConfig(db(), 'coin', 0);
    const { orderNo } = await topUp(t.app, db(), u, cfg);
    const asked: string[] = [];
    const other = deps((p) => ({
      async query(no) {
        asked.push(no);
        const q = await p.query(no);
        return no === orderNo ? { ...q, amount: (q.amount ?? 0) + 100 } : q;
      },
    }));
    await reconcilePayments(other, clock.now());
    expect(await mismatches([orderNo])).toMatchObject([
      { kind: 'amount_differs', our_amount: 600, provider_amount: 700, provider_status: 'PAID' },
    ]);
    asked.length = 0;
    await reconcilePayments(other, new Date(Date.now() + 2 * 86_400_000));
    expect(asked).not.toContain(orderNo);
  });

  it('refunded in part by us, in full at the provider: the rest is credited but not paid', async () => {
    const u = await registerUser(t.app);
    const cfg = await payConfig(db(), 'coin', 0);
    const { orderNo } = await topUp(t.app, db(), u, cfg);
    await requestRefund(
      { db: db(), providers: t.ctx.payProviders, clock },
      { orderNo, amount: 1, reason: 'one fen', operator: 'test' },
    );
    // The other 599 fen go back at the provider itself (its console), past our ledger: the trade
    // reads closed there, while here 599 fen of coins stay credited.
    await sandboxRefund(db(), {
      outTradeNo: orderNo,
      refundNo: 'CONSOLE1',
      amount: 599,
      total: 600,
      reason: 'console',
    });
    expect((await t.ctx.payProviders.get('sandbox')!.query(orderNo)).status).toBe('CLOSED');
    await reconcilePayments(deps(), clock.now());
    expect(await mismatches([orderNo])).toMatchObject([
      { kind: 'credited_not_paid', our_status: 'PAID', provider_status: 'CLOSED', resolved_at: null },
    ]);
  });

  it('a provider that cannot be asked is reported failed and tried the next run; nothing recorded', async () => {
    const u = await registerUser(t.app);
    const { orderNo } = await topUp(t.app, db(), u, await payConfig(db(), 'coin', 0));
    const down = deps(() => ({
      query: async () => {
        throw new Error('gateway timeout');
      },
    }));
    const report = await reconcilePayments(down, clock.now());
    expect(report.failed).toContain(orderNo);
    expect(await mismatches([orderNo])).toEqual([]);
  });
});
