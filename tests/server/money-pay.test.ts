import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Api, Msg, ORDER_EXPIRY_MS, type PayData, type RechargeData } from '../../src/contract/index.js';
import { seedPayData } from '../../src/server/services/pay/defaults.js';
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
  topUp,
  tradeNoOf,
} from './helpers/money.js';
import { FakeClock } from './helpers/fake-clock.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

const clock = new FakeClock();

describe('top-up with the sandbox provider', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, undefined, { clock });
    await seedPayData(t.database.db);
    await seedPayData(t.database.db); // idempotent
  });
  afterAll(() => t.close());
  afterEach(() => {
    clock.reset();
  });
  const db = () => t.database.db;

  it('seeds once: packages, channels and sign amounts', async () => {
    expect(await db().selectFrom('pay_configs').select('id').execute()).toHaveLength(7);
    expect(await db().selectFrom('pay_channels').select('id').execute()).toHaveLength(5);
    // The two sign-amount settings (beside the generated server secret).
    const keys = await db()
      .selectFrom('settings')
      .select('key')
      .where('key', 'not like', 'secret.%')
      .execute();
    expect(keys).toHaveLength(2);
  });

  it('recharge data lists packages in fen and the channels of the app type; none is a valid answer', async () => {
    const u = await registerUser(t.app);
    const get = async (appType: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `${Api.recharge}?appType=${appType}`,
        headers: u.headers,
      });
      expect(res.statusCode).toBe(200);
      return res.json<{ data: RechargeData }>().data;
    };
    const wap = await get('wap_browser');
    expect(wap.payConfigs.filter((c) => c.type === 'coin').map((c) => c.amountLevel)).toEqual([
      600, 3000, 5000, 10000,
    ]);
    expect(wap.payConfigs.find((c) => c.amountLevel === 5000)).toMatchObject({
      isDefault: 'Y',
      itemCount: 500,
      presentCount: 80,
    });
    expect(wap.payConfigs.find((c) => c.amountLevel === 3000)).toMatchObject({
      isRecommend: 'Y',
      isDefault: 'N',
    });
    expect(wap.payConfigs.filter((c) => c.type === 'vip').map((c) => c.vipDays)).toEqual([30, 90, 365]);
    expect(wap.subTypes.map((s) => `${s.superiorCode}/${s.initiatorCode}`)).toEqual([
      'alipay/wap_pay',
      'wechat_pay/wap_pay',
      'bank/wap_pay',
    ]);
    expect(wap.userInfo.userId).toBe(u.userId);
    expect(wap.availableAmount).toBe(0);
    const shell = await get('shell');
    expect(shell.subTypes.map((s) => `${s.superiorCode}/${s.initiatorCode}`)).toEqual([
      'alipay/app',
      'wechat_pay/app',
    ]);
    await db().updateTable('pay_channels').set({ enabled: 0 }).where('app_types', '=', 'shell').execute();
    expect((await get('shell')).subTypes).toEqual([]);
    await db().updateTable('pay_channels').set({ enabled: 1 }).where('app_types', '=', 'shell').execute();
    expect(
      (await t.app.inject({ method: 'GET', url: `${Api.recharge}?appType=toaster`, headers: u.headers }))
        .statusCode,
    ).toBe(400);
  });

  it('refuses a wrong amount, an unknown package and a channel of another app type with 400', async () => {
    const u = await registerUser(t.app);
    const cfg = await payConfig(db(), 'coin', 0);
    const wrong = await createPayOrder(t.app, u, cfg, { amount: cfg.amount_level - 1 });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ result: false, msg: Msg.payAmountMismatch });
    const vipCfg = await payConfig(db(), 'vip', 0);
    const mixed = await createPayOrder(t.app, u, { ...vipCfg, type: 'coin' });
    expect(mixed.json()).toMatchObject({ msg: Msg.payConfigNotFound });
    const appOnWap = await createPayOrder(t.app, u, cfg, { channel: 'alipay_app', appType: 'wap_browser' });
    expect(appOnWap.json()).toMatchObject({ msg: Msg.payChannelUnavailable });
    expect(
      await db().selectFrom('recharge_orders').select('id').where('user_id', '=', u.userId).execute(),
    ).toEqual([]);
  });

  it('pays a coin package end to end: order, cashier, signed notification, one credit', async () => {
    const u = await registerUser(t.app);
    const cfg = await payConfig(db(), 'coin', 2);
    const res = await createPayOrder(t.app, u, cfg);
    const data = res.json<{ data: PayData }>().data;
    expect(data).toMatchObject({ initiatorCode: 'wap_pay', appPayData: null });
    const order = await db()
      .selectFrom('recharge_orders')
      .selectAll()
      .where('out_trade_no', '=', data.orderNo)
      .executeTakeFirstOrThrow();
    expect(order).toMatchObject({
      status: 'CREATED',
      amount: 5000,
      device_id: u.deviceId,
      user_id: u.userId,
    });
    expect(Date.parse(order.expire_at) - Date.parse(order.created_at)).toBe(ORDER_EXPIRY_MS);

    const tradeNo = tradeNoOf(data.payUrl!);
    const page = await t.app.inject({ method: 'GET', url: `/h5/sandbox/cashier/${tradeNo}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('50.00');
    expect(page.body).toContain('支付宝');
    expect(page.body).toContain('>支付<');
    expect(page.body).toContain('>取消<');
    expect(page.body).not.toMatch(/<script|\son\w+=|style=/i);

    const paid = await payAtCashier(t.app, tradeNo);
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe('/purchase?paid=1');
    const payload = await queuedNotification(db(), tradeNo);
    const ack = await deliverNotification(t.app, payload);
    expect(ack.body).toBe('success');
    expect(await balanceOf(db(), u.userId)).toBe(580);
    const after = await db()
      .selectFrom('recharge_orders')
      .selectAll()
      .where('out_trade_no', '=', data.orderNo)
      .executeTakeFirstOrThrow();
    expect(after.status).toBe('PAID');
    expect(after.charge_day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(after.provider_trade_no).toBe(tradeNo);
    const user = await db()
      .selectFrom('users')
      .select('recharged')
      .where('id', '=', u.userId)
      .executeTakeFirstOrThrow();
    expect(user.recharged).toBe(1);

    // Replays are acknowledged and change nothing.
    expect((await deliverNotification(t.app, payload)).body).toBe('success');
    expect(await balanceOf(db(), u.userId)).toBe(580);
    // Paying again at the cashier does not queue a second payment.
    expect((await payAtCashier(t.app, tradeNo)).statusCode).toBe(303);
    const outcomes = await db()
      .selectFrom('pay_notifications')
      .select('outcome')
      .where('out_trade_no', '=', data.orderNo)
      .execute();
    expect(outcomes.map((o) => o.outcome).sort()).toEqual(['credited', 'duplicate']);
    await checkInvariants(db());
  });

  it('20 concurrent deliveries of the same paid notification credit once', async () => {
    const u = await registerUser(t.app);
    const cfg = await payConfig(db(), 'coin', 1);
    const data = (await createPayOrder(t.app, u, cfg)).json<{ data: PayData }>().data;
    const tradeNo = tradeNoOf(data.payUrl!);
    await payAtCashier(t.app, tradeNo);
    const payload = await queuedNotification(db(), tradeNo);
    const acks = await Promise.all(Array.from({ length: 20 }, () => deliverNotification(t.app, payload)));
    expect(acks.every((a) => a.statusCode === 200 && a.body === 'success')).toBe(true);
    expect(await balanceOf(db(), u.userId)).toBe(330);
    const credits = await db().selectFrom('ledger').select('id').where('ref_id', '=', data.orderNo).execute();
    expect(credits).toHaveLength(1);
    await checkInvariants(db());
  });

  it('rejects a bad signature and a wrong amount: no ack, logged, nothing credited', async () => {
    const u = await registerUser(t.app);
    const cfg = await payConfig(db(), 'coin', 0);
    const data = (await createPayOrder(t.app, u, cfg)).json<{ data: PayData }>().data;
    const tradeNo = tradeNoOf(data.payUrl!);
    await payAtCashier(t.app, tradeNo);
    const fields = Object.fromEntries(new URLSearchParams(await queuedNotification(db(), tradeNo)));

    const forged = new URLSearchParams({ ...fields, total_fee: '600', sign: 'ab'.repeat(32) }).toString();
    const bad = await deliverNotification(t.app, forged);
    expect(bad.statusCode).toBe(400);
    expect(bad.body).not.toBe('success');

    const tampered: Record<string, string> = { ...fields, total_fee: '1' };
    tampered.sign = signFields(tampered, t.config.paySecret);
    const wrongAmount = await deliverNotification(t.app, new URLSearchParams(tampered).toString());
    expect(wrongAmount.statusCode).toBe(400);

    const otherKey: Record<string, string> = { ...fields };
    otherKey.sign = signFields(otherKey, 'not-the-secret');
    expect((await deliverNotification(t.app, new URLSearchParams(otherKey).toString())).statusCode).toBe(400);
    expect((await deliverNotification(t.app, 'garbage')).statusCode).toBe(400);

    expect(await balanceOf(db(), u.userId)).toBe(0);
    const order = await db()
      .selectFrom('recharge_orders')
      .select('status')
      .where('out_trade_no', '=', data.orderNo)
      .executeTakeFirstOrThrow();
    expect(order.status).toBe('CREATED');
    const log = await db()
      .selectFrom('pay_notifications')
      .select(['outcome', 'detail'])
      .where('out_trade_no', '=', data.orderNo)
      .execute();
    expect(log.map((l) => l.outcome)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(log.map((l) => l.detail)).toEqual(['bad signature', 'amount 1 != order 600', 'bad signature']);
    // The genuine one still credits.
    expect((await deliverNotification(t.app, new URLSearchParams(fields).toString())).body).toBe('success');
    expect(await balanceOf(db(), u.userId)).toBe(60);
  });

  it('stores no row for forged notifications that name no order of ours: junk cannot grow the table', async () => {
    const rows = async () =>
      Number(
        (
          await db()
            .selectFrom('pay_notifications')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await rows();
    const junk = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        deliverNotification(
          t.app,
          new URLSearchParams({
            out_trade_no: `FORGED${i}`,
            trade_status: 'TRADE_SUCCESS',
            total_fee: '600',
            sign: 'ab'.repeat(32),
          }).toString(),
        ),
      ),
    );
    for (const r of junk) expect(r.statusCode).toBe(400);
    expect((await deliverNotification(t.app, 'garbage')).statusCode).toBe(400);
    expect(await rows()).toBe(before);
  });

  it('enforces expiry at the cashier, yet credits a late notification (money was taken)', async () => {
    const u = await registerUser(t.app);
    const cfg = await payConfig(db(), 'coin', 0);
    const expired = (await createPayOrder(t.app, u, cfg)).json<{ data: PayData }>().data;
    const late = (await createPayOrder(t.app, u, cfg)).json<{ data: PayData }>().data;
    const lateTrade = tradeNoOf(late.payUrl!);
    await payAtCashier(t.app, lateTrade); // paid in time…
    const start = Date.now();
    clock.set(start + ORDER_EXPIRY_MS + 1000);
    const expiredTrade = tradeNoOf(expired.payUrl!);
    const page = await t.app.inject({ method: 'GET', url: `/h5/sandbox/cashier/${expiredTrade}` });
    expect(page.body).toContain(Msg.orderExpired);
    expect(page.body).not.toContain('>支付<');
    const pay = await payAtCashier(t.app, expiredTrade);
    expect(pay.statusCode).toBe(410);
    expect(pay.body).toContain(Msg.orderExpired);
    expect(
      await db()
        .selectFrom('sandbox_notify_attempts')
        .select('id')
        .where('trade_no', '=', expiredTrade)
        .execute(),
    ).toEqual([]);

    // …but its notification only arrives after the order expired.
    const ack = await deliverNotification(t.app, await queuedNotification(db(), lateTrade));
    expect(ack.body).toBe('success');
    expect(await balanceOf(db(), u.userId)).toBe(60);
    const log = await db()
      .selectFrom('pay_notifications')
      .select('outcome')
      .where('out_trade_no', '=', late.orderNo)
      .execute();
    expect(log.map((l) => l.outcome)).toEqual(['late']);
  });

  it('cancel goes back to the return url and leaves the order unpaid; foreign return urls are not followed', async () => {
    const u = await registerUser(t.app);
    const cfg = await payConfig(db(), 'coin', 0);
    const data = (await createPayOrder(t.app, u, cfg, { returnUrl: 'https://evil.example/steal' })).json<{
      data: PayData;
    }>().data;
    const tradeNo = tradeNoOf(data.payUrl!);
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/h5/sandbox/cashier/${tradeNo}/cancel`,
      headers: { 'sec-fetch-site': 'same-origin' },
    });
    expect(cancel.statusCode).toBe(303);
    expect(cancel.headers.location).toBe('/');
    const order = await db()
      .selectFrom('recharge_orders')
      .select('status')
      .where('out_trade_no', '=', data.orderNo)
      .executeTakeFirstOrThrow();
    expect(order.status).toBe('CREATED');
    const crossSite = await t.app.inject({
      method: 'POST',
      url: `/h5/sandbox/cashier/${tradeNo}/pay`,
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.statusCode).toBe(403);
  });

  it('VIP top-up extends from the later of now and the current end, and sets recharged', async () => {
    const u = await registerUser(t.app);
    const month = await payConfig(db(), 'vip', 0);
    const now = Date.parse('2026-03-01T00:00:00.000Z');
    clock.set(now);
    await topUp(t.app, db(), u, month);
    let row = await db().selectFrom('users').selectAll().where('id', '=', u.userId).executeTakeFirstOrThrow();
    expect(row.vip_type).toBe('month');
    expect(row.vip_end_at).toBe(new Date(now + 30 * 86_400_000).toISOString());
    expect(row.recharged).toBe(1);
    expect(row.balance).toBe(0);
    // A quarter bought while the month runs starts at the month's end.
    const quarter = await payConfig(db(), 'vip', 1);
    await topUp(t.app, db(), u, quarter);
    row = await db().selectFrom('users').selectAll().where('id', '=', u.userId).executeTakeFirstOrThrow();
    expect(row.vip_type).toBe('quarter');
    expect(row.vip_end_at).toBe(new Date(now + 120 * 86_400_000).toISOString());
    // After it lapsed, a new month starts from now.
    const later = now + 200 * 86_400_000;
    clock.set(later);
    await topUp(t.app, db(), u, month);
    row = await db().selectFrom('users').selectAll().where('id', '=', u.userId).executeTakeFirstOrThrow();
    expect(row.vip_end_at).toBe(new Date(later + 30 * 86_400_000).toISOString());
    await checkInvariants(db());
  });

  it('the signed apply URL redirects to the cashier once; tampering, reuse and other users are refused', async () => {
    const u = await registerUser(t.app);
    const other = await registerUser(t.app);
    const cfg = await payConfig(db(), 'coin', 0);
    const data = (await createPayOrder(t.app, u, cfg)).json<{ data: PayData }>().data;
    expect(data.applyUrl).toBeDefined();
    expect(data.applyUrl).not.toContain(u.token);
    const url = new URL(data.applyUrl!, 'http://localhost');
    const tamper = (k: string, v: string) => {
      const q = new URLSearchParams(url.search);
      q.set(k, v);
      return `${url.pathname}?${q.toString()}`;
    };
    for (const bad of [
      tamper('userId', String(other.userId)),
      tamper('rechargerAmount', '1'),
      tamper('ticket', 'A'.repeat(43)),
      tamper('expires', String(Date.now() + 10 * ORDER_EXPIRY_MS)),
    ]) {
      const res = await t.app.inject({ method: 'GET', url: bad });
      expect(res.statusCode, bad).toBe(400);
    }
    const noTicket = new URLSearchParams(url.search);
    noTicket.delete('ticket');
    expect(
      (await t.app.inject({ method: 'GET', url: `${url.pathname}?${noTicket.toString()}` })).statusCode,
    ).toBe(400);

    const first = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(first.statusCode).toBe(302);
    expect(first.headers.location).toBe(data.payUrl);
    const again = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ msg: Msg.payLinkInvalid });
  });

  it('an app channel answers app-pay data from pay and from apply', async () => {
    const u = await registerUser(t.app);
    const cfg = await payConfig(db(), 'coin', 0);
    const res = await createPayOrder(t.app, u, cfg, { channel: 'wechat_app', appType: 'shell' });
    const data = res.json<{ data: PayData }>().data;
    expect(data.initiatorCode).toBe('app');
    expect(data.payUrl).toBeNull();
    expect(data.appPayData).toMatchObject({
      channel: 'wechat_pay',
      out_trade_no: data.orderNo,
      total_fee: '600',
    });
    const url = new URL(data.applyUrl!, 'http://localhost');
    const applied = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(applied.statusCode).toBe(200);
    expect(applied.json()).toMatchObject({
      result: true,
      data: { orderNo: data.orderNo, appPayData: data.appPayData },
    });
  });

  it('escapes everything on the cashier page', async () => {
    const u = await registerUser(t.app);
    const cfg = await payConfig(db(), 'coin', 3);
    await db()
      .updateTable('pay_configs')
      .set({ title: '<img src=x onerror="alert(1)">' })
      .where('id', '=', cfg.id)
      .execute();
    try {
      const data = (await createPayOrder(t.app, u, cfg)).json<{ data: PayData }>().data;
      const page = await t.app.inject({
        method: 'GET',
        url: `/h5/sandbox/cashier/${tradeNoOf(data.payUrl!)}`,
      });
      expect(page.body).not.toContain('<img');
      expect(page.body).toContain('&#60;img src&#61;x onerror&#61;&#34;alert(1)&#34;&#62;');
      expect(page.headers['cache-control']).toBe('no-store');
    } finally {
      await db().updateTable('pay_configs').set({ title: '1000金币' }).where('id', '=', cfg.id).execute();
    }
    const unknown = await t.app.inject({ method: 'GET', url: `/h5/sandbox/cashier/SB${'0'.repeat(32)}` });
    expect(unknown.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/h5/sandbox/cashier/..%2F..%2Fetc' })).statusCode).toBe(
      400,
    );
  });

  it('refuses notifications for an unknown provider or a trade that is not paid', async () => {
    const u = await registerUser(t.app);
    const cfg = await payConfig(db(), 'coin', 0);
    const data = (await createPayOrder(t.app, u, cfg)).json<{ data: PayData }>().data;
    const tradeNo = tradeNoOf(data.payUrl!);
    await payAtCashier(t.app, tradeNo);
    const fields = Object.fromEntries(new URLSearchParams(await queuedNotification(db(), tradeNo)));
    const other = await t.app.inject({
      method: 'POST',
      url: '/h5/pay/notify/alipay',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    });
    expect(other.statusCode).toBe(404);
    const closed: Record<string, string> = { ...fields, trade_status: 'TRADE_CLOSED' };
    closed.sign = signFields(closed, t.config.paySecret);
    const res = await deliverNotification(t.app, new URLSearchParams(closed).toString());
    expect(res.statusCode).toBe(400);
    expect(await balanceOf(db(), u.userId)).toBe(0);
  });

  it('the apply URL stops working when the order expires', async () => {
    const u = await registerUser(t.app);
    const cfg = await payConfig(db(), 'coin', 0);
    const data = (await createPayOrder(t.app, u, cfg)).json<{ data: PayData }>().data;
    const start = Date.now();
    clock.set(start + ORDER_EXPIRY_MS + 1000);
    const url = new URL(data.applyUrl!, 'http://localhost');
    const res = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ msg: Msg.orderExpired });
  });
});

describe('the pay apply link on the dynamic host (spec §7)', () => {
  /** The applyUrl of a new order on an app started with these settings, and the answer to it. */
  async function applyOn(env: Record<string, string>) {
    const t = await createTestApp(env);
    try {
      await seedPayData(t.database.db);
      const u = await registerUser(t.app);
      const cfg = await payConfig(t.database.db, 'coin', 0);
      const data = (await createPayOrder(t.app, u, cfg)).json<{ data: PayData }>().data;
      const url = new URL(data.applyUrl!, 'http://localhost');
      const applied = await t.app.inject({
        method: 'GET',
        url: `${url.pathname}${url.search}`,
        headers: { host: url.host },
      });
      return { applyUrl: data.applyUrl!, status: applied.statusCode, location: applied.headers.location };
    } finally {
      await t.close();
    }
  }

  it('builds /h5/pay/apply on DYNAMIC_HOST when it is set, written as an origin or a host name', async () => {
    const app = 'https://inkreel.example';
    const onOrigin = await applyOn({ PUBLIC_URL: app, DYNAMIC_HOST: 'https://dyn.inkreel.example' });
    expect(onOrigin.applyUrl).toMatch(/^https:\/\/dyn\.inkreel\.example\/h5\/pay\/apply\?.*&ticket=/);
    // The link still works there: the dynamic host is this service.
    expect(onOrigin.status).toBe(302);
    expect(onOrigin.location).toMatch(/\/h5\/sandbox\/cashier\/SB[0-9a-f]{32}$/);

    const onHostName = await applyOn({ PUBLIC_URL: app, DYNAMIC_HOST: 'dyn.inkreel.example' });
    expect(onHostName.applyUrl).toMatch(/^https:\/\/dyn\.inkreel\.example\/h5\/pay\/apply\?/);
    const withSlash = await applyOn({ DYNAMIC_HOST: 'http://127.0.0.1:9000/' });
    expect(withSlash.applyUrl).toMatch(/^http:\/\/127\.0\.0\.1:9000\/h5\/pay\/apply\?/);

    // Without it: PUBLIC_URL, else a path on the app's own origin.
    expect((await applyOn({ PUBLIC_URL: app })).applyUrl).toMatch(
      /^https:\/\/inkreel\.example\/h5\/pay\/apply\?/,
    );
    expect((await applyOn({})).applyUrl).toMatch(/^\/h5\/pay\/apply\?/);
  });
});
