import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Api, Msg, ORDER_EXPIRY_MS, type PayData } from '../../src/contract/index.js';
import { loadConfig } from '../../src/server/config.js';
import { openDatabase } from '../../src/server/db/database.js';
import { seedPayData } from '../../src/server/services/pay/defaults.js';
import { shanghaiDay } from '../../src/server/services/shanghai-day.js';
import {
  EXPIRY_GRACE_MS,
  ORDER_SWEEP_JOB,
  SWEEP_CLAIM_MS,
  sweepExpiredOrders,
  type SweepDeps,
  type SweepReport,
} from '../../src/server/services/pay/expiry.js';
import type { PayProvider } from '../../src/server/ports/pay-provider.js';
import type { ProviderRegistry } from '../../src/server/ports/providers.js';
import { PAY_PROVIDERS } from '../../src/server/services/pay/providers.js';
import { buildProviderRegistry, registryOf } from '../../src/server/services/provider-registry.js';
import { insertFixtureCatalogue } from './helpers/fixtures.js';
import {
  balanceOf,
  checkInvariants,
  createPayOrder,
  deliverNotification,
  payAtCashier,
  payConfig,
  queuedNotification,
  registerUser,
  tradeNoOf,
  type TestUser,
} from './helpers/money.js';
import { postForm, registerOverHttp } from './helpers/money-http.js';
import { createStore, startServer, stopServer } from './helpers/money-server.js';
import { FakeClock } from './helpers/fake-clock.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/** The app's clock: real time until a test moves it. */
const clock = new FakeClock();
/** Past the 2-minute window and the sweep's grace. */
const AFTER_GRACE = ORDER_EXPIRY_MS + EXPIRY_GRACE_MS + 1000;

/** The configured providers as the sweep sees them, with hooks to imitate a slow, lagging or failing real one. */
function hookedProviders(
  base: ProviderRegistry<PayProvider>,
  hook: (p: PayProvider) => Partial<PayProvider>,
): ProviderRegistry<PayProvider> {
  return registryOf(base.names().map((name) => ({ ...base.get(name)!, ...hook(base.get(name)!) })));
}

/** The outcomes a report gave for these orders only (other tests' orders share the database). */
function outcomesFor(report: SweepReport, orderNos: string[]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [outcome, list] of Object.entries(report)) {
    const mine = list.filter((no) => orderNos.includes(no));
    if (mine.length) out[outcome] = mine.sort();
  }
  return out;
}

describe('expiry sweep: unpaid orders are reconciled and closed with the provider', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, undefined, { clock });
    await seedPayData(t.database.db);
  });
  afterAll(() => t.close());
  afterEach(() => {
    clock.reset();
  });
  const db = () => t.database.db;
  const deps = (hook?: (p: PayProvider) => Partial<PayProvider>): SweepDeps => {
    return { db: db(), providers: hook ? hookedProviders(t.ctx.payProviders, hook) : t.ctx.payProviders };
  };
  const order = (no: string) =>
    db().selectFrom('recharge_orders').selectAll().where('out_trade_no', '=', no).executeTakeFirstOrThrow();
  const sandboxStatus = async (tradeNo: string) =>
    (
      await db()
        .selectFrom('sandbox_payments')
        .select('status')
        .where('trade_no', '=', tradeNo)
        .executeTakeFirstOrThrow()
    ).status;
  const newOrder = async (u: TestUser, index = 0) => {
    const res = await createPayOrder(t.app, u, await payConfig(db(), 'coin', index));
    expect(res.statusCode).toBe(200);
    const data = res.json<{ data: PayData }>().data;
    return { orderNo: data.orderNo, tradeNo: tradeNoOf(data.payUrl!), applyUrl: data.applyUrl! };
  };
  const credits = async (orderNo: string) =>
    (await db().selectFrom('ledger').select('amount').where('ref_id', '=', orderNo).execute()).map(
      (l) => l.amount,
    );
  const findAccount = (u: TestUser, day: string) =>
    t.app.inject({
      method: 'POST',
      url: Api.findAccount,
      headers: { ...u.headers, 'x-forwarded-for': '10.250.0.1' },
      payload: { chargeTime: day },
    });

  it('closes an unpaid order at the provider and here; the cashier then refuses it, and it is no charge day', async () => {
    const u = await registerUser(t.app);
    const o = await newOrder(u);
    const start = Date.now();

    // Inside the grace the order is left alone (its notification may still be on the way).
    const early = await sweepExpiredOrders(
      deps(),
      new Date(start + ORDER_EXPIRY_MS + EXPIRY_GRACE_MS - 5000),
    );
    expect(outcomesFor(early, [o.orderNo])).toEqual({});
    expect((await order(o.orderNo)).status).toBe('CREATED');

    const later = new Date(start + AFTER_GRACE);
    const report = await sweepExpiredOrders(deps(), later);
    expect(outcomesFor(report, [o.orderNo])).toEqual({ expired: [o.orderNo] });
    expect(await order(o.orderNo)).toMatchObject({
      status: 'EXPIRED',
      closed_at: later.toISOString(),
      charge_day: null,
      paid_at: null,
      sweep_claimed_until: null,
      sweep_attempts: 1,
    });
    expect(await sandboxStatus(o.tradeNo)).toBe('CLOSED');

    // Back inside the window by the clock, the provider still refuses it: closed means closed.
    const page = await t.app.inject({ method: 'GET', url: `/h5/sandbox/cashier/${o.tradeNo}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(Msg.orderClosed);
    expect(page.body).not.toContain('>支付<');
    const pay = await payAtCashier(t.app, o.tradeNo);
    expect(pay.statusCode).toBe(410);
    expect(pay.body).toContain(Msg.orderClosed);
    expect(await sandboxStatus(o.tradeNo)).toBe('CLOSED');
    expect(
      await db()
        .selectFrom('sandbox_notify_attempts')
        .select('id')
        .where('trade_no', '=', o.tradeNo)
        .execute(),
    ).toEqual([]);
    const url = new URL(o.applyUrl, 'http://localhost');
    const apply = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(apply.statusCode).toBe(400);
    expect(apply.json()).toMatchObject({ msg: Msg.orderClosed });

    // A later sweep has nothing left to do with it.
    const again = await sweepExpiredOrders(deps(), new Date(start + 2 * AFTER_GRACE));
    expect(outcomesFor(again, [o.orderNo])).toEqual({});
    expect(await balanceOf(db(), u.userId)).toBe(0);
    const found = await findAccount(u, shanghaiDay(new Date(start)));
    expect(found.json()).toMatchObject({ result: false, msg: Msg.accountNotFound });
    await checkInvariants(db());
  });

  it('the app clock moved past the 2-minute window (and grace): the sweep job expires the order', async () => {
    const u = await registerUser(t.app);
    const o = await newOrder(u);
    clock.set(Date.now());
    // Inside the window and grace the job leaves it alone…
    clock.advance(ORDER_EXPIRY_MS + EXPIRY_GRACE_MS - 5000);
    await t.ctx.jobs.runNow(ORDER_SWEEP_JOB);
    expect((await order(o.orderNo)).status).toBe('CREATED');
    // …past them it closes it at the provider and here, stamped with the app's clock.
    clock.advance(10_000);
    await t.ctx.jobs.runNow(ORDER_SWEEP_JOB);
    expect(await order(o.orderNo)).toMatchObject({ status: 'EXPIRED', closed_at: clock.now().toISOString() });
    expect(await sandboxStatus(o.tradeNo)).toBe('CLOSED');
  });

  it('credits an order paid at the provider whose notification was lost, once, over repeated sweeps', async () => {
    const u = await registerUser(t.app);
    const cfg = await payConfig(db(), 'coin', 2);
    const o = await newOrder(u, 2);
    const start = Date.now();
    expect((await payAtCashier(t.app, o.tradeNo)).statusCode).toBe(303);
    const payload = await queuedNotification(db(), o.tradeNo); // …never delivered
    const paidAt = (
      await db()
        .selectFrom('sandbox_payments')
        .select('paid_at')
        .where('trade_no', '=', o.tradeNo)
        .executeTakeFirstOrThrow()
    ).paid_at!;

    const later = new Date(start + AFTER_GRACE);
    clock.set(later);
    const first = await sweepExpiredOrders(deps(), later);
    expect(outcomesFor(first, [o.orderNo])).toEqual({ credited: [o.orderNo] });
    const second = await sweepExpiredOrders(deps(), new Date(later.getTime() + SWEEP_CLAIM_MS + 1000));
    expect(outcomesFor(second, [o.orderNo])).toEqual({});
    expect(await balanceOf(db(), u.userId)).toBe(cfg.item_count + cfg.present_count);
    expect(await credits(o.orderNo)).toEqual([cfg.item_count + cfg.present_count]);
    expect(await order(o.orderNo)).toMatchObject({
      status: 'PAID',
      paid_at: paidAt,
      charge_day: shanghaiDay(new Date(paidAt)),
      provider_trade_no: o.tradeNo,
      closed_at: null,
    });
    expect(await sandboxStatus(o.tradeNo)).toBe('PAID');

    // The provider's notification finally arrives: acknowledged, nothing more credited.
    const ack = await deliverNotification(t.app, payload);
    expect(ack.body).toBe('success');
    expect(await credits(o.orderNo)).toHaveLength(1);
    const log = await db()
      .selectFrom('pay_notifications')
      .select(['outcome', 'notify_id'])
      .where('out_trade_no', '=', o.orderNo)
      .orderBy('id')
      .execute();
    expect(log).toEqual([
      { outcome: 'late', notify_id: 'sweep-query' },
      { outcome: 'duplicate', notify_id: expect.stringMatching(/^N[0-9a-f]{24}$/) },
    ]);
    await checkInvariants(db());

    // A paid order still finds its account by the day it was charged (last: it resets the password).
    clock.reset();
    const found = await findAccount(u, shanghaiDay(new Date(paidAt)));
    expect(found.json()).toMatchObject({ result: true, data: { account: u.account } });
  });

  it('two sweeps and the late notification, all at once, credit a paid order exactly once', async () => {
    const u = await registerUser(t.app);
    const cfg = await payConfig(db(), 'coin', 1);
    const orders = [await newOrder(u, 1), await newOrder(u, 1), await newOrder(u, 1)];
    const start = Date.now();
    const payloads: string[] = [];
    for (const o of orders) {
      await payAtCashier(t.app, o.tradeNo);
      payloads.push(await queuedNotification(db(), o.tradeNo));
    }
    const later = new Date(start + AFTER_GRACE);
    clock.set(later);
    const nos = orders.map((o) => o.orderNo);
    const [a, b, ...acks] = await Promise.all([
      sweepExpiredOrders(deps(), later),
      sweepExpiredOrders(deps(), later),
      ...payloads.map((p) => deliverNotification(t.app, p)),
    ]);
    expect(acks.every((r) => r.statusCode === 200 && r.body === 'success')).toBe(true);
    for (const o of orders) expect(await credits(o.orderNo)).toEqual([cfg.item_count + cfg.present_count]);
    expect(await balanceOf(db(), u.userId)).toBe(3 * (cfg.item_count + cfg.present_count));
    // Each order was settled by exactly one of the three: the others found it done.
    const logs = await db()
      .selectFrom('pay_notifications')
      .select(['out_trade_no', 'outcome'])
      .where('out_trade_no', 'in', nos)
      .execute();
    for (const no of nos) {
      const outcomes = logs.filter((l) => l.out_trade_no === no).map((l) => l.outcome);
      expect(
        outcomes.filter((x) => x !== 'duplicate'),
        no,
      ).toEqual(['late']);
    }
    const settledBySweeps = [...(a.credited ?? []), ...(b.credited ?? [])].filter((no) => nos.includes(no));
    expect(new Set(settledBySweeps).size).toBe(settledBySweeps.length);
    await checkInvariants(db());
  });

  it('two nodes sweeping at once never reconcile the same order: each is claimed by one', async () => {
    const u = await registerUser(t.app);
    const orders = await Promise.all(Array.from({ length: 6 }, () => newOrder(u)));
    const nos = orders.map((o) => o.orderNo);
    const start = Date.now();
    // The second node has its own connections, as another API process would.
    const other = openDatabase({ databaseUrl: t.config.databaseUrl, dataDir: t.config.dataDir });
    try {
      const calls = new Map<string, string[]>();
      const counting =
        (node: string) =>
        (p: PayProvider): Partial<PayProvider> => ({
          async query(no) {
            calls.set(no, [...(calls.get(no) ?? []), `${node}:query`]);
            await new Promise((r) => setTimeout(r, 20)); // a provider round trip, so the sweeps overlap
            return p.query(no);
          },
          async close(no) {
            calls.set(no, [...(calls.get(no) ?? []), `${node}:close`]);
            return p.close(no);
          },
        });
      const later = new Date(start + AFTER_GRACE);
      const nodeB: SweepDeps = {
        db: other.db,
        providers: hookedProviders(
          buildProviderRegistry(PAY_PROVIDERS, t.config, {
            db: other.db,
            config: t.config,
            clock: t.ctx.clock,
          }),
          counting('b'),
        ),
      };
      const [a, b] = await Promise.all([
        sweepExpiredOrders(deps(counting('a')), later),
        sweepExpiredOrders(nodeB, later),
      ]);
      const expired = [...a.expired, ...b.expired].filter((no) => nos.includes(no)).sort();
      expect(expired).toEqual([...nos].sort());
      for (const no of nos) {
        const c = calls.get(no)!;
        const node = c[0]!.split(':')[0];
        // One node did query → close → query; the other never touched the provider for it.
        expect(c, no).toEqual([`${node}:query`, `${node}:close`, `${node}:query`]);
        expect((await order(no)).sweep_attempts).toBe(1);
      }
      for (const o of orders) expect(await sandboxStatus(o.tradeNo)).toBe('CLOSED');
    } finally {
      await other.destroy();
    }
  });

  it('a sweep that dies mid-way leaves the order claimed; a later sweep finishes it', async () => {
    const u = await registerUser(t.app);
    const o = await newOrder(u);
    const start = Date.now();
    const later = new Date(start + AFTER_GRACE);
    const broken = deps(() => ({
      async close() {
        throw new Error('connection reset by provider');
      },
    }));
    expect(outcomesFor(await sweepExpiredOrders(broken, later), [o.orderNo])).toEqual({
      failed: [o.orderNo],
    });
    expect(await order(o.orderNo)).toMatchObject({
      status: 'CREATED',
      sweep_claimed_until: new Date(later.getTime() + SWEEP_CLAIM_MS).toISOString(),
      sweep_attempts: 1,
    });
    expect(await sandboxStatus(o.tradeNo)).toBe('WAIT');
    // While the claim holds, no other sweep takes it…
    const during = await sweepExpiredOrders(deps(), new Date(later.getTime() + SWEEP_CLAIM_MS - 1000));
    expect(outcomesFor(during, [o.orderNo])).toEqual({});
    // …once it lapsed, the next one does.
    const after = await sweepExpiredOrders(deps(), new Date(later.getTime() + SWEEP_CLAIM_MS + 1000));
    expect(outcomesFor(after, [o.orderNo])).toEqual({ expired: [o.orderNo] });
    expect(await order(o.orderNo)).toMatchObject({ status: 'EXPIRED', sweep_attempts: 2 });
    expect(await sandboxStatus(o.tradeNo)).toBe('CLOSED');
  });

  it('a notification for an order already closed is recorded for reconciliation, not credited', async () => {
    const u = await registerUser(t.app);
    const o = await newOrder(u);
    const start = Date.now();
    await payAtCashier(t.app, o.tradeNo);
    const payload = await queuedNotification(db(), o.tradeNo);
    const later = new Date(start + AFTER_GRACE);
    clock.set(later);
    // A provider whose query lags behind its payments (eventual consistency): the sweep sees nothing.
    const lagging = deps(() => ({ query: async () => ({ status: 'UNKNOWN' as const }) }));
    expect(outcomesFor(await sweepExpiredOrders(lagging, later), [o.orderNo])).toEqual({
      expired: [o.orderNo],
    });
    expect((await order(o.orderNo)).status).toBe('EXPIRED');
    expect(await sandboxStatus(o.tradeNo)).toBe('PAID'); // a taken payment does not close

    // Acknowledged (it is recorded; retries would add nothing), never credited, however often it comes.
    for (let i = 0; i < 2; i++) expect((await deliverNotification(t.app, payload)).body).toBe('success');
    expect(await credits(o.orderNo)).toEqual([]);
    expect(await balanceOf(db(), u.userId)).toBe(0);
    expect(await order(o.orderNo)).toMatchObject({ status: 'EXPIRED', paid_at: null, charge_day: null });
    const mismatch = await db()
      .selectFrom('pay_mismatches')
      .selectAll()
      .where('out_trade_no', '=', o.orderNo)
      .execute();
    expect(mismatch).toMatchObject([
      {
        kind: 'paid_not_credited',
        source: 'notify',
        our_status: 'EXPIRED',
        provider_status: 'PAID',
        provider_amount: (await order(o.orderNo)).amount,
        seen_count: 2,
        resolved_at: null,
      },
    ]);
    const log = await db()
      .selectFrom('pay_notifications')
      .select(['outcome', 'detail'])
      .where('out_trade_no', '=', o.orderNo)
      .orderBy('id')
      .execute();
    expect(log.map((l) => l.outcome)).toEqual(['uncredited', 'uncredited']);
    expect(log[0]!.detail).toContain('recorded for reconciliation, not credited');
    expect(outcomesFor(await sweepExpiredOrders(deps(), later), [o.orderNo])).toEqual({});
    await checkInvariants(db());
  });

  it('a payer pressing 支付 between the sweep’s query and its close is credited, not closed', async () => {
    const u = await registerUser(t.app);
    const cfg = await payConfig(db(), 'coin', 0);
    const o = await newOrder(u);
    const start = Date.now();
    let first = true;
    const racing = deps((p) => ({
      async query(no) {
        const r = await p.query(no);
        if (first) {
          first = false;
          // The cashier still takes the payment by its own clock (the provider's expiry is not exact).
          expect((await payAtCashier(t.app, o.tradeNo)).statusCode).toBe(303);
        }
        return r;
      },
    }));
    const later = new Date(start + AFTER_GRACE);
    const report = await sweepExpiredOrders(racing, later);
    expect(outcomesFor(report, [o.orderNo])).toEqual({ credited: [o.orderNo] });
    expect(await sandboxStatus(o.tradeNo)).toBe('PAID');
    expect((await order(o.orderNo)).status).toBe('PAID');
    expect(await credits(o.orderNo)).toEqual([cfg.item_count + cfg.present_count]);
    await deliverNotification(t.app, await queuedNotification(db(), o.tradeNo));
    expect(await credits(o.orderNo)).toHaveLength(1);
    await checkInvariants(db());
  });

  it('does not credit a provider answer whose amount differs from the order, and backs off', async () => {
    const u = await registerUser(t.app);
    const o = await newOrder(u);
    const start = Date.now();
    const wrong = deps((p) => ({
      async query(no) {
        const r = await p.query(no);
        return {
          ...r,
          status: 'PAID' as const,
          amount: (r.amount ?? 0) + 1,
          paidAt: new Date().toISOString(),
        };
      },
    }));
    const later = new Date(start + AFTER_GRACE);
    expect(outcomesFor(await sweepExpiredOrders(wrong, later), [o.orderNo])).toEqual({
      mismatch: [o.orderNo],
    });
    expect((await order(o.orderNo)).status).toBe('CREATED');
    expect(await credits(o.orderNo)).toEqual([]);
    expect(
      outcomesFor(await sweepExpiredOrders(deps(), new Date(later.getTime() + SWEEP_CLAIM_MS + 1000)), [
        o.orderNo,
      ]),
    ).toEqual({});
    const log = await db()
      .selectFrom('pay_notifications')
      .select(['outcome', 'detail'])
      .where('out_trade_no', '=', o.orderNo)
      .execute();
    expect(log).toEqual([{ outcome: 'rejected', detail: 'query amount 601 != order 600' }]);
  });
});

describe('expiry sweep wiring', () => {
  it('ORDER_SWEEP_MS sets the interval (30 s by default); 0 or nonsense turns it off', () => {
    expect(loadConfig({}).orderSweepMs).toBe(30_000);
    expect(loadConfig({ ORDER_SWEEP_MS: '500' }).orderSweepMs).toBe(500);
    expect(loadConfig({ ORDER_SWEEP_MS: '0' }).orderSweepMs).toBe(0);
    expect(loadConfig({ ORDER_SWEEP_MS: 'soon' }).orderSweepMs).toBe(0);
  });

  it('the real server sweeps on its interval and stops cleanly on SIGTERM', { timeout: 90_000 }, async () => {
    const store = await createStore();
    const setup = store.open();
    await insertFixtureCatalogue(setup.db, { chaptersPerBook: 3 }); // skips the slow demo seed
    await seedPayData(setup.db);
    const cfg = await payConfig(setup.db, 'coin', 0);
    await setup.destroy();
    const server = await startServer(store, { ORDER_SWEEP_MS: '200' });
    const db = store.open();
    try {
      const u = await registerOverHttp(server.base);
      const res = await postForm(server.base, Api.pay, u.headers, {
        payChannel: 'alipay_wap',
        payPurpose: 'coin',
        payPurposeId: String(cfg.id),
        rechargerAmount: String(cfg.amount_level),
        appType: 'wap_browser',
      });
      expect(res.status).toBe(200);
      const orderNo = ((await res.json()) as { data: PayData }).data.orderNo;
      // The server runs on the real clock: age the order instead of waiting three minutes.
      const past = new Date(Date.now() - AFTER_GRACE - 1000).toISOString();
      await db.db
        .updateTable('recharge_orders')
        .set({ expire_at: past })
        .where('out_trade_no', '=', orderNo)
        .execute();
      const deadline = Date.now() + 30_000;
      let status = 'CREATED';
      while (status === 'CREATED' && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 100));
        status = (
          await db.db
            .selectFrom('recharge_orders')
            .select('status')
            .where('out_trade_no', '=', orderNo)
            .executeTakeFirstOrThrow()
        ).status;
      }
      expect(status).toBe('EXPIRED');
      const payment = await db.db
        .selectFrom('sandbox_payments')
        .select('status')
        .where('out_trade_no', '=', orderNo)
        .executeTakeFirstOrThrow();
      expect(payment.status).toBe('CLOSED');
      await stopServer(server);
      expect(await server.exited).toBe(0);
    } finally {
      await stopServer(server, 'SIGKILL');
      await db.destroy();
      await store.drop();
    }
  });
});
