import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Msg, ORDER_EXPIRY_MS, type PayData } from '../../src/contract/index.js';
import { seedPayData } from '../../src/server/services/pay/defaults.js';
import { EXPIRY_GRACE_MS, sweepExpiredOrders } from '../../src/server/services/pay/expiry.js';
import { signFields } from '../../src/server/services/pay/sandbox/sign.js';
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
  type PayConfigRow,
} from './helpers/money.js';
import { FakeClock } from './helpers/fake-clock.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

const clock = new FakeClock();

/**
 * Money paths added with order expiry, attacked: replayed and altered notifications, a late
 * notification meeting the sweep, the cashier on an expired order, and someone else's apply link.
 * Every path credits at most once and never another amount.
 */
describe('security: recharge notifications, sweep and cashier', () => {
  let t: TestApp;
  let cfg: PayConfigRow;
  const db = () => t.database.db;
  const coins = () => cfg.item_count + cfg.present_count;
  const sweep = (now: Date) => sweepExpiredOrders({ db: db(), providers: t.ctx.payProviders }, now);
  const orderStatus = async (no: string) =>
    (
      await db()
        .selectFrom('recharge_orders')
        .select('status')
        .where('out_trade_no', '=', no)
        .executeTakeFirstOrThrow()
    ).status;
  /** An order paid at the sandbox cashier whose signed notification is queued, not yet delivered. */
  async function paidOrder() {
    const user = await registerUser(t.app);
    const res = await createPayOrder(t.app, user, cfg);
    const data = res.json<{ data: PayData }>().data;
    const tradeNo = tradeNoOf(data.payUrl!);
    expect((await payAtCashier(t.app, tradeNo)).statusCode).toBe(303);
    return { user, data, tradeNo, payload: await queuedNotification(db(), tradeNo) };
  }

  beforeAll(async () => {
    t = await createTestApp({}, undefined, { clock });
    await seedPayData(t.database.db);
    cfg = await payConfig(t.database.db, 'coin');
  });
  afterEach(() => {
    clock.reset();
  });
  afterAll(() => t.close());

  it('refuses altered notifications and credits an exact replay only once', async () => {
    const { user, payload } = await paidOrder();
    const fields = Object.fromEntries(new URLSearchParams(payload));
    const altered = (over: Record<string, string>) => new URLSearchParams({ ...fields, ...over }).toString();
    const other = await paidOrder();
    const tampered = [
      altered({ total_fee: String(Number(fields.total_fee) * 10) }),
      altered({ trade_no: `SB${'0'.repeat(32)}` }),
      altered({ out_trade_no: other.data.orderNo }),
      altered({ sign: '0'.repeat(64) }),
      altered({ app_id: 'someone-else' }),
      `${payload}&total_fee=1`,
    ];
    for (const body of tampered) {
      const res = await deliverNotification(t.app, body);
      expect(res.statusCode).toBe(400);
      expect(res.body).toBe('fail');
    }
    expect(await balanceOf(db(), user.userId)).toBe(0);
    expect(await balanceOf(db(), other.user.userId)).toBe(0);

    for (let i = 0; i < 3; i++) {
      const res = await deliverNotification(t.app, payload);
      expect(res.body).toBe('success');
    }
    expect(await balanceOf(db(), user.userId)).toBe(coins());
    expect(await balanceOf(db(), other.user.userId)).toBe(0);
    await checkInvariants(db());
  });

  it('refuses a correctly signed notification of another amount, and a second trade number credits nothing more', async () => {
    const { user, payload } = await paidOrder();
    const fields = Object.fromEntries(new URLSearchParams(payload));
    const resign = (over: Record<string, string>) => {
      const f: Record<string, string> = { ...fields, ...over };
      delete f.sign;
      f.sign = signFields(f, t.config.paySecret);
      return new URLSearchParams(f).toString();
    };
    const cheaper = await deliverNotification(t.app, resign({ total_fee: '1', notify_id: 'Nforged1' }));
    expect(cheaper.body).toBe('fail');
    expect(await balanceOf(db(), user.userId)).toBe(0);
    expect((await deliverNotification(t.app, payload)).body).toBe('success');
    const again = await deliverNotification(
      t.app,
      resign({ trade_no: `SB${'f'.repeat(32)}`, notify_id: 'Nforged2' }),
    );
    expect(again.body).toBe('success');
    expect(await balanceOf(db(), user.userId)).toBe(coins());
    await checkInvariants(db());
  });

  it('a notification late after the sweep credited the order adds nothing, and neither does another sweep', async () => {
    const { user, data, payload } = await paidOrder();
    const later = new Date(Date.parse(data.expireAt) + EXPIRY_GRACE_MS + 1000);
    const first = await sweep(later);
    expect(first.credited).toContain(data.orderNo);
    expect(await balanceOf(db(), user.userId)).toBe(coins());
    expect((await deliverNotification(t.app, payload)).body).toBe('success');
    const second = await sweep(new Date(later.getTime() + 120_000));
    expect(second.credited).not.toContain(data.orderNo);
    expect(await balanceOf(db(), user.userId)).toBe(coins());
    expect(await orderStatus(data.orderNo)).toBe('PAID');
    await checkInvariants(db());
  });

  it('the cashier of an expired order takes no money, and the sweep then closes it for good', async () => {
    const user = await registerUser(t.app);
    const data = (await createPayOrder(t.app, user, cfg)).json<{ data: PayData }>().data;
    const tradeNo = tradeNoOf(data.payUrl!);
    const expired = new Date(Date.parse(data.expireAt) + 1000);
    clock.set(expired);
    const press = await payAtCashier(t.app, tradeNo);
    expect(press.statusCode).toBe(410);
    expect(press.body).toContain(Msg.orderExpired);
    expect(
      await db().selectFrom('sandbox_notify_attempts').selectAll().where('trade_no', '=', tradeNo).execute(),
    ).toEqual([]);
    const report = await sweep(new Date(expired.getTime() + ORDER_EXPIRY_MS + EXPIRY_GRACE_MS));
    expect(report.expired).toContain(data.orderNo);
    clock.reset();
    expect((await payAtCashier(t.app, tradeNo)).statusCode).toBe(410);
    expect(await balanceOf(db(), user.userId)).toBe(0);
    expect(await orderStatus(data.orderNo)).toBe('EXPIRED');
  });

  it("another user's apply link cannot be re-targeted, and works once only", async () => {
    const owner = await registerUser(t.app);
    const thief = await registerUser(t.app);
    const data = (await createPayOrder(t.app, owner, cfg)).json<{ data: PayData }>().data;
    const apply = new URL(data.applyUrl!, 'http://localhost');
    const retargeted = new URL(apply);
    retargeted.searchParams.set('userId', String(thief.userId));
    const get = (u: URL) =>
      t.app.inject({ method: 'GET', url: `${u.pathname}${u.search}`, headers: thief.headers });
    const bad = await get(retargeted);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ result: false, msg: Msg.payLinkInvalid });
    const cheaper = new URL(apply);
    cheaper.searchParams.set('rechargerAmount', '1');
    expect((await get(cheaper)).json()).toMatchObject({ result: false });
    expect((await get(apply)).statusCode).toBe(302);
    expect((await get(apply)).json()).toMatchObject({ result: false, msg: Msg.payLinkInvalid });
  });
});
