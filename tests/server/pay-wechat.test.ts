/**
 * WeChat Pay API v3 (issue 32 item 2) through wechatpay-axios-plugin against a local fake API that
 * signs its answers and notifies as WeChat Pay does: our merchant key, the platform key and the APIv3
 * key are generated here. Pay → notify over real HTTP → coins credited once, answered 204 with no
 * body; forged, tampered, foreign, unknown, stale, replayed notifies refused with 4xx and
 * {"code":"FAIL","message":"失败"}, never credited. After each test every balance equals its ledger.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Api, Msg, type RechargeData } from '../../src/contract/index.js';
import type { PayProvider } from '../../src/server/ports/pay-provider.js';
import { rsaPair } from './helpers/fake-gateway.js';
import { FakeClock } from './helpers/fake-clock.js';
import { requestRefund } from '../../src/server/services/refunds/request.js';
import { startFakeWechatpay, type FakeWechatpay, type NotifyOptions } from './helpers/fake-wechatpay.js';
import { balanceOf, checkInvariants, createPayOrder, payConfig, registerUser } from './helpers/money.js';
import { creditsOf, openOrder, startListeningApp } from './helpers/pay-live.js';
import type { TestApp } from './helpers/test-app.js';

const CHANNEL = 'wechat_h5';
const FAIL = { code: 'FAIL', message: '失败' };

describe('WeChat Pay adapter', () => {
  const merchant = { ...rsaPair(), serial: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1' };
  const clock = new FakeClock();
  let fake: FakeWechatpay;
  let t: TestApp & { base: string };
  let wechat: PayProvider;

  beforeAll(async () => {
    fake = await startFakeWechatpay(merchant.publicKey);
    t = await startListeningApp({ PAY_PROVIDER: 'wechat', ...fake.env(merchant) }, { clock });
    wechat = t.ctx.payProviders.get('wechat')!;
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });
  afterEach(async () => {
    clock.reset();
    await checkInvariants(t.database.db);
  });

  async function openedOrder() {
    const user = await registerUser(t.app);
    const { data, cfg } = await openOrder(t, user, CHANNEL);
    return { user, data, cfg, coins: cfg.item_count + cfg.present_count };
  }

  it('offers 微信支付 only; H5 pay answers the h5_url with our return page as redirect_url', async () => {
    const user = await registerUser(t.app);
    const res = await t.app.inject({ url: `${Api.recharge}?appType=wap_browser`, headers: user.headers });
    expect(res.json<{ data: RechargeData }>().data.subTypes).toEqual([
      {
        subTypeCode: CHANNEL,
        superiorCode: 'wechat_pay',
        initiatorCode: 'wap_pay',
        subTypeDesc: '微信支付',
        discount: 1,
      },
    ]);
    const { data } = await openOrder(t, user, CHANNEL);
    const url = new URL(data.payUrl!);
    expect(url.origin).toBe(fake.base);
    expect(url.searchParams.get('redirect_url')).toBe(`${t.base}/purchase?paid=1`);
    const tx = fake.transactions.get(data.orderNo)!;
    expect(tx).toMatchObject({ total: 600, notifyUrl: `${t.base}/h5/pay/notify/wechat`, state: 'NOTPAY' });
    const page = await fetch(data.payUrl!);
    expect(await page.text()).toContain('确认支付');
    expect(fake.badlySigned).toBe(0);
  });

  it('pay → notify → coins credited once, acknowledged 204 with no body', async () => {
    const { user, data, coins } = await openedOrder();
    const reply = await fake.pay(data.orderNo);
    expect(reply).toEqual({ status: 204, contentType: null, body: '' });
    expect(await balanceOf(t.database.db, user.userId)).toBe(coins);
    expect(await creditsOf(t, data.orderNo)).toBe(1);
  });

  it('a replayed notify (same id, and copies from other servers) credits once', async () => {
    const { user, data, coins } = await openedOrder();
    const first = await fake.pay(data.orderNo);
    const copies = await Promise.all([
      fake.notify(data.orderNo, { id: 'EV-same' }),
      fake.notify(data.orderNo, { id: 'EV-same' }),
      fake.notify(data.orderNo),
    ]);
    expect([first, ...copies].map((r) => r.status)).toEqual([204, 204, 204, 204]);
    expect(await balanceOf(t.database.db, user.userId)).toBe(coins);
    expect(await creditsOf(t, data.orderNo)).toBe(1);
  });

  const refusals: [string, () => NotifyOptions, number?][] = [
    ['a forged signature (another key)', () => ({ signWith: rsaPair().privateKey })],
    [
      'a body changed after signing',
      () => ({ tamper: (b) => b.replace('"TRANSACTION.SUCCESS"', '"TRANSACTION.SUCCESS" ') }),
    ],
    [
      'a tampered amount (inside the encrypted resource)',
      () => ({ patch: { amount: { total: 1, currency: 'CNY' } } }),
    ],
    ['a float-looking amount', () => ({ patch: { amount: { total: 6.000001, currency: 'CNY' } } })],
    [
      'the order’s total in another currency',
      () => ({ patch: { amount: { total: 600, currency: 'USD', payer_total: 600, payer_currency: 'USD' } } }),
    ],
    ['another merchant’s mchid', () => ({ patch: { mchid: '1900000001' } })],
    ['another appid', () => ({ patch: { appid: 'wx0000000000000000' } })],
    ['a payment not successful', () => ({ patch: { trade_state: 'NOTPAY' } })],
    ['an unknown key serial', () => ({ serial: 'PUB_KEY_ID_0000000000000000' })],
    ['a stale timestamp (301 s old)', () => ({ timestamp: Math.floor(Date.now() / 1000) - 301 })],
    ['a timestamp 301 s ahead', () => ({ timestamp: Math.floor(Date.now() / 1000) + 301 })],
  ];
  for (const [what, opts] of refusals) {
    it(`refuses ${what}: 4xx {"code":"FAIL"}, nothing credited`, async () => {
      const { user, data } = await openedOrder();
      fake.transactions.get(data.orderNo)!.state = 'SUCCESS';
      const reply = await fake.notify(data.orderNo, opts());
      expect(reply.status).toBe(400);
      expect(reply.contentType).toMatch(/^application\/json/);
      expect(JSON.parse(reply.body)).toEqual(FAIL);
      expect(await balanceOf(t.database.db, user.userId)).toBe(0);
      expect(await creditsOf(t, data.orderNo)).toBe(0);
    });
  }

  it('judges the timestamp by the app clock: a notify signed now is stale once the clock moved 301 s', async () => {
    const { user, data, coins } = await openedOrder();
    fake.transactions.get(data.orderNo)!.state = 'SUCCESS';
    clock.advance(301_000);
    expect((await fake.notify(data.orderNo)).status).toBe(400);
    clock.reset();
    clock.advance(299_000);
    expect((await fake.notify(data.orderNo)).status).toBe(204);
    expect(await balanceOf(t.database.db, user.userId)).toBe(coins);
  });

  it('refuses a notify for an order that is not ours', async () => {
    const { data } = await openedOrder();
    const tx = fake.transactions.get(data.orderNo)!;
    fake.transactions.set('IR-not-ours', { ...tx, outTradeNo: 'IR-not-ours', state: 'SUCCESS' });
    const reply = await fake.notify('IR-not-ours');
    expect(reply.status).toBe(400);
    expect(JSON.parse(reply.body)).toEqual(FAIL);
    expect(await creditsOf(t, 'IR-not-ours')).toBe(0);
  });

  it('accepts a notify signed by any configured key (platform certificate serial beside PUB_KEY_ID)', async () => {
    const second = rsaPair();
    const serial = '7132D72A03E93CDDF8C03BBD1F37EEDF12345678';
    const two = await startListeningApp({
      PAY_PROVIDER: 'wechat',
      ...fake.env(merchant),
      WECHATPAY_PLATFORM_KEYS: JSON.stringify({
        [fake.keyId]: fake.keys.publicPem,
        [serial]: second.publicPem,
      }),
    });
    try {
      const user = await registerUser(two.app);
      const { data, cfg } = await openOrder(two, user, CHANNEL);
      fake.transactions.get(data.orderNo)!.state = 'SUCCESS';
      expect((await fake.notify(data.orderNo, { serial, signWith: second.privateKey })).status).toBe(204);
      expect(await balanceOf(two.database.db, user.userId)).toBe(cfg.item_count + cfg.present_count);
      // The key named must be the key that signed.
      expect(
        (await fake.notify(data.orderNo, { serial: fake.keyId, signWith: second.privateKey })).status,
      ).toBe(400);
      await checkInvariants(two.database.db);
    } finally {
      await two.close();
    }
  });

  it('an outage at WeChat Pay answers 该支付通道暂不可用 (503, not a 500), and no key reaches the error', async () => {
    const user = await registerUser(t.app);
    const cfg = await payConfig(t.database.db, 'coin', 0);
    fake.down = true;
    try {
      const res = await createPayOrder(t.app, user, cfg, { channel: CHANNEL });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ result: false, msg: Msg.payChannelUnavailable });
      const err = await wechat.query('IR-any').catch((e: unknown) => e as Error);
      expect(err).toBeInstanceOf(Error);
      expect((err as Error).message).toMatch(/^wechat query: .*HTTP 500/);
      expect(Object.keys(err as Error)).not.toContain('config');
      expect(JSON.stringify(err)).not.toContain(merchant.privatePem.split('\n')[1]!);
    } finally {
      fake.down = false;
    }
    expect(await balanceOf(t.database.db, user.userId)).toBe(0);
  });

  // WeChat Pay: ABNORMAL means the payer's card refused the money; the merchant then sends it by hand
  // on the merchant platform, under the same refund number, and a REFUND.SUCCESS follows.
  it('an ABNORMAL refund stays open (its fen reserved) and settles on the REFUND.SUCCESS that follows', async () => {
    const { user, data, coins } = await openedOrder();
    await fake.pay(data.orderNo);
    expect(await balanceOf(t.database.db, user.userId)).toBe(coins);
    fake.refundStatus = 'ABNORMAL';
    let r;
    try {
      r = await requestRefund(
        { db: t.database.db, providers: t.ctx.payProviders, clock },
        { orderNo: data.orderNo, reason: 'card frozen', operator: 'test' },
      );
    } finally {
      fake.refundStatus = 'SUCCESS';
    }
    expect(r.refund.status).toBe('PROCESSING');
    expect(r.refund.failure).toContain('ABNORMAL');
    const order = () =>
      t.database.db
        .selectFrom('recharge_orders')
        .select(['refund_reserved', 'refunded_amount'])
        .where('out_trade_no', '=', data.orderNo)
        .executeTakeFirstOrThrow();
    expect(await order()).toEqual({ refund_reserved: 600, refunded_amount: 0 });
    // WeChat Pay's own REFUND.ABNORMAL notify changes nothing either.
    const abnormal = await fake.notify(data.orderNo, {
      eventType: 'REFUND.ABNORMAL',
      refundNo: r.refund.refund_no,
    });
    expect(abnormal.status).toBe(204);
    const refundRow = () =>
      t.database.db
        .selectFrom('refunds')
        .select('status')
        .where('refund_no', '=', r.refund.refund_no)
        .executeTakeFirstOrThrow();
    expect((await refundRow()).status).toBe('PROCESSING');
    // Sent by hand on the merchant platform: the money went back, so the coins come back too.
    fake.transactions.get(data.orderNo)!.refunds.get(r.refund.refund_no)!.status = 'SUCCESS';
    const done = await fake.notify(data.orderNo, {
      eventType: 'REFUND.SUCCESS',
      refundNo: r.refund.refund_no,
    });
    expect(done.status).toBe(204);
    expect((await refundRow()).status).toBe('SUCCESS');
    expect(await order()).toEqual({ refund_reserved: 600, refunded_amount: 600 });
    expect(await balanceOf(t.database.db, user.userId)).toBe(0);
  });

  it('queries, closes, refunds and verifies refund notifies', async () => {
    expect(await wechat.query('IR-never')).toEqual({ status: 'UNKNOWN' });
    const waiting = await openedOrder();
    expect(await wechat.query(waiting.data.orderNo)).toMatchObject({ status: 'WAIT', amount: 600 });
    await wechat.close(waiting.data.orderNo);
    expect(await wechat.query(waiting.data.orderNo)).toMatchObject({ status: 'CLOSED' });

    const paid = await openedOrder();
    await fake.pay(paid.data.orderNo);
    expect(await wechat.query(paid.data.orderNo)).toMatchObject({ status: 'PAID', amount: 600 });
    await wechat.close(paid.data.orderNo); // paid: nothing to stop
    expect(await wechat.queryRefund(paid.data.orderNo, 'RF1')).toEqual({ status: 'UNKNOWN' });
    const request = {
      outTradeNo: paid.data.orderNo,
      refundNo: 'RF1',
      amount: 200,
      total: 600,
      reason: '测试退款',
    };
    expect(await wechat.refund(request)).toMatchObject({ status: 'SUCCESS', amount: 200 });
    expect(await wechat.refund(request)).toMatchObject({ status: 'SUCCESS', amount: 200 });
    expect(fake.transactions.get(paid.data.orderNo)!.refunds.size).toBe(1);
    expect(await wechat.queryRefund(paid.data.orderNo, 'RF1')).toMatchObject({
      status: 'SUCCESS',
      amount: 200,
    });
    expect(await wechat.refund({ ...request, refundNo: 'RF2', total: 1 })).toMatchObject({
      status: 'FAILED',
    });
    expect(fake.badlySigned).toBe(0);

    // A refund notify goes to the refund's own notify URL (/h5/pay/refund-notify/wechat) and is verified
    // like a payment notify there (captured at that route's verifier).
    const captured: Parameters<NonNullable<PayProvider['verifyRefundNotify']>>[0][] = [];
    const payments: typeof captured = [];
    const verify = wechat.verifyRefundNotify!;
    const original = wechat.verifyNotify;
    wechat.verifyRefundNotify = async (req) => {
      captured.push(req);
      return verify(req);
    };
    wechat.verifyNotify = async (req) => {
      payments.push(req);
      return original(req);
    };
    try {
      const reply = await fake.notify(paid.data.orderNo, { eventType: 'REFUND.SUCCESS', refundNo: 'RF1' });
      // RF1 was asked for by this test, not by our refunds: the refund path refuses it as none of ours.
      expect(reply.status).toBeGreaterThanOrEqual(400);
      expect(payments).toHaveLength(0);
      expect(await verify(captured[0]!)).toMatchObject({
        ok: true,
        outTradeNo: paid.data.orderNo,
        refundNo: 'RF1',
        status: 'SUCCESS',
        amount: 200,
      });
      await fake.notify(paid.data.orderNo, {
        eventType: 'REFUND.SUCCESS',
        refundNo: 'RF1',
        signWith: rsaPair().privateKey,
      });
      expect(await verify(captured[1]!)).toMatchObject({ ok: false, reason: 'bad signature' });
      await fake.notify(paid.data.orderNo, {
        eventType: 'REFUND.SUCCESS',
        refundNo: 'RF1',
        patch: { mchid: '1900000001' },
      });
      expect(await verify(captured[2]!)).toMatchObject({ ok: false, reason: 'wrong mchid' });
      await fake.notify(paid.data.orderNo, { eventType: 'REFUND.ABNORMAL', refundNo: 'RF1' });
      expect(await verify(captured[3]!)).toMatchObject({ ok: true, status: 'PROCESSING' });
      // A payment notify goes to the payment URL, and is not a refund.
      await fake.notify(paid.data.orderNo);
      expect(captured).toHaveLength(4);
      expect(await verify(payments[0]!)).toMatchObject({ ok: false, reason: 'event TRANSACTION.SUCCESS' });
    } finally {
      wechat.verifyNotify = original;
      wechat.verifyRefundNotify = verify;
    }
  });
});
