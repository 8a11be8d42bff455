/**
 * Alipay (issue 32 item 1) through the official SDK against a local fake gateway that signs and checks
 * signatures as Alipay does: keys are generated here (ours and one standing in for Alipay's). Pay →
 * Alipay's notify over real HTTP → coins credited once; every forged, tampered, foreign, unknown,
 * replayed or float-looking notify refused and never credited. After each test every balance equals
 * its ledger.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Api, type RechargeData } from '../../src/contract/index.js';
import type { PayProvider } from '../../src/server/ports/pay-provider.js';
import { requestRefund } from '../../src/server/services/refunds/request.js';
import { rsaPair } from './helpers/fake-gateway.js';
import { startFakeAlipay, type FakeAlipay } from './helpers/fake-alipay.js';
import { balanceOf, checkInvariants, registerUser } from './helpers/money.js';
import { creditsOf, openOrder, startListeningApp } from './helpers/pay-live.js';
import type { TestApp } from './helpers/test-app.js';

const CHANNEL = 'alipay_quick_wap';

describe('Alipay adapter', () => {
  const app = rsaPair();
  let fake: FakeAlipay;
  let t: TestApp & { base: string };
  let alipay: PayProvider;

  beforeAll(async () => {
    fake = await startFakeAlipay(app.publicKey);
    t = await startListeningApp({ PAY_PROVIDER: 'alipay', ...fake.env(app.privatePem) });
    alipay = t.ctx.payProviders.get('alipay')!;
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });
  afterEach(() => checkInvariants(t.database.db));

  /** An order opened through our API and its cashier link opened by the payer (Alipay knows it). */
  async function openedOrder() {
    const user = await registerUser(t.app);
    const { data, cfg } = await openOrder(t, user, CHANNEL);
    const page = await fetch(data.payUrl!);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('支付宝收银台');
    return { user, data, cfg, coins: cfg.item_count + cfg.present_count };
  }

  it('offers 支付宝 only, and its pay link is a signed wap.pay GET to the gateway', async () => {
    const user = await registerUser(t.app);
    const res = await t.app.inject({ url: `${Api.recharge}?appType=wap_browser`, headers: user.headers });
    const subTypes = res.json<{ data: RechargeData }>().data.subTypes;
    expect(subTypes).toEqual([
      {
        subTypeCode: CHANNEL,
        superiorCode: 'alipay',
        initiatorCode: 'wap_pay',
        subTypeDesc: '支付宝',
        discount: 1,
      },
    ]);
    const { data } = await openOrder(t, user, CHANNEL);
    const url = new URL(data.payUrl!);
    expect(`${url.origin}${url.pathname}`).toBe(fake.gateway);
    expect(url.searchParams.get('method')).toBe('alipay.trade.wap.pay');
    expect(url.searchParams.get('sign_type')).toBe('RSA2');
    expect(url.searchParams.get('notify_url')).toBe(`${t.base}/h5/pay/notify/alipay`);
    const biz = JSON.parse(url.searchParams.get('biz_content')!) as Record<string, string>;
    expect(biz).toMatchObject({
      out_trade_no: data.orderNo,
      total_amount: '6.00',
      product_code: 'QUICK_WAP_WAY',
    });
    const before = fake.badlySigned;
    expect((await fetch(data.payUrl!)).status).toBe(200);
    expect(fake.badlySigned).toBe(before);
  });

  it('pay → notify → coins credited once, answered exactly "success"', async () => {
    const { user, data, coins } = await openedOrder();
    const reply = await fake.pay(data.orderNo);
    expect(reply).toMatchObject({ status: 200, body: 'success' });
    expect(await balanceOf(t.database.db, user.userId)).toBe(coins);
    expect(await creditsOf(t, data.orderNo)).toBe(1);
    const q = await alipay.query(data.orderNo);
    expect(q).toMatchObject({ status: 'PAID', amount: 600 });
  });

  it('a replayed notify (same and new notify_id) is acknowledged and credits nothing more', async () => {
    const { user, data, coins } = await openedOrder();
    expect((await fake.pay(data.orderNo)).body).toBe('success');
    const again = await fake.notify(data.orderNo, { notifyId: 'N-replay' });
    const twice = await fake.notify(data.orderNo, { notifyId: 'N-replay' });
    expect([again.body, twice.body]).toEqual(['success', 'success']);
    expect(await balanceOf(t.database.db, user.userId)).toBe(coins);
    expect(await creditsOf(t, data.orderNo)).toBe(1);
  });

  const refusals: [string, (fake: FakeAlipay) => Parameters<FakeAlipay['notify']>[1]][] = [
    ['a forged signature (another key)', () => ({ signWith: rsaPair().privateKey })],
    ['a tampered amount (signed over the real one)', () => ({ patch: {} })],
    ['another merchant’s app_id', () => ({ patch: { app_id: '2021000000000001' } })],
    ['another seller_id', () => ({ patch: { seller_id: '2088000000000001' } })],
    ['a float-looking amount "6.000001"', () => ({ patch: { total_amount: '6.000001' } })],
    ['an amount other than the order’s', () => ({ patch: { total_amount: '0.01' } })],
    ['a status that is not paid', () => ({ patch: { trade_status: 'WAIT_BUYER_PAY' } })],
    ['a downgrade to RSA (SHA-1)', () => ({ patch: { sign_type: 'RSA' } })],
  ];
  for (const [what, opts] of refusals) {
    it(`refuses ${what}: not "success", nothing credited`, async () => {
      const { user, data } = await openedOrder();
      const trade = fake.trades.get(data.orderNo)!;
      trade.status = 'TRADE_SUCCESS';
      let reply;
      if (what.startsWith('a tampered amount')) {
        // Signed by Alipay's key over 6.00, then the amount changed on the way.
        const fields = fake.signedFields(data.orderNo);
        reply = await fake.post(trade.notifyUrl, { ...fields, total_amount: '600.00' });
      } else reply = await fake.notify(data.orderNo, opts(fake));
      expect(reply.status).toBe(400);
      expect(reply.body).not.toBe('success');
      expect(await balanceOf(t.database.db, user.userId)).toBe(0);
      expect(await creditsOf(t, data.orderNo)).toBe(0);
      const logged = await t.database.db
        .selectFrom('pay_notifications')
        .select(['outcome'])
        .where('out_trade_no', '=', data.orderNo)
        .execute();
      expect(logged.map((l) => l.outcome)).toEqual(['rejected']);
    });
  }

  it('acknowledges a signed TRADE_CLOSED (after a close or a full refund) without crediting', async () => {
    // Alipay reports a trade closed by us, or refunded in full, on the same notify URL; refusing it
    // would have Alipay retry for a day.
    const unpaid = await openedOrder();
    const closed = await fake.notify(unpaid.data.orderNo, { patch: { trade_status: 'TRADE_CLOSED' } });
    expect(closed).toMatchObject({ status: 200, body: 'success' });
    expect(await balanceOf(t.database.db, unpaid.user.userId)).toBe(0);
    expect(await creditsOf(t, unpaid.data.orderNo)).toBe(0);

    const paid = await openedOrder();
    expect((await fake.pay(paid.data.orderNo)).body).toBe('success');
    const refunded = await fake.notify(paid.data.orderNo, { patch: { trade_status: 'TRADE_CLOSED' } });
    expect(refunded).toMatchObject({ status: 200, body: 'success' });
    expect(await balanceOf(t.database.db, paid.user.userId)).toBe(paid.coins);
    expect(await creditsOf(t, paid.data.orderNo)).toBe(1);
    const logged = await t.database.db
      .selectFrom('pay_notifications')
      .select(['outcome'])
      .where('out_trade_no', 'in', [unpaid.data.orderNo, paid.data.orderNo])
      .execute();
    expect(logged.map((l) => l.outcome).sort()).toEqual(['credited', 'ignored', 'ignored']);
    // Forged, it is refused like any other.
    const forged = await fake.notify(paid.data.orderNo, {
      patch: { trade_status: 'TRADE_CLOSED' },
      signWith: rsaPair().privateKey,
    });
    expect(forged.status).toBe(400);
  });

  it('a paid order reported TRADE_CLOSED without our full refund is recorded credited_not_paid', async () => {
    // Refunded in full at Alipay (its console, a dispute), not through our refunds: the money went back
    // while the coins stay. The daily reconciliation asks only about the last day's orders; this
    // notice may be the only word we get.
    const paid = await openedOrder();
    expect((await fake.pay(paid.data.orderNo)).body).toBe('success');
    const closed = await fake.notify(paid.data.orderNo, { patch: { trade_status: 'TRADE_CLOSED' } });
    expect(closed).toMatchObject({ status: 200, body: 'success' });
    expect(await balanceOf(t.database.db, paid.user.userId)).toBe(paid.coins);
    const found = await t.database.db
      .selectFrom('pay_mismatches')
      .selectAll()
      .where('out_trade_no', '=', paid.data.orderNo)
      .execute();
    expect(found).toMatchObject([
      {
        kind: 'credited_not_paid',
        our_status: 'PAID',
        provider_status: 'CLOSED',
        source: 'notify',
        resolved_at: null,
      },
    ]);
    // Refunded in full by us: the closed trade is explained, nothing recorded.
    const ours = await openedOrder();
    await fake.pay(ours.data.orderNo);
    await requestRefund(
      { db: t.database.db, providers: t.ctx.payProviders, clock: t.ctx.clock },
      { orderNo: ours.data.orderNo, reason: 'whole', operator: 'test' },
    );
    await fake.notify(ours.data.orderNo, { patch: { trade_status: 'TRADE_CLOSED' } });
    expect(
      await t.database.db
        .selectFrom('pay_mismatches')
        .select('id')
        .where('out_trade_no', '=', ours.data.orderNo)
        .execute(),
    ).toEqual([]);
  });

  it('refuses a notify for an order that is not ours', async () => {
    const { data } = await openedOrder();
    const trade = fake.trades.get(data.orderNo)!;
    fake.trades.set('IR20261202unknown', {
      ...trade,
      outTradeNo: 'IR20261202unknown',
      status: 'TRADE_SUCCESS',
    });
    const reply = await fake.notify('IR20261202unknown');
    expect(reply.status).toBe(400);
    expect(reply.body).toBe('fail');
    expect(await creditsOf(t, 'IR20261202unknown')).toBe(0);
  });

  it('queries, closes and refunds through the signed gateway; an altered answer is not believed', async () => {
    expect(await alipay.query('IR-never-opened')).toEqual({ status: 'UNKNOWN' });
    const waiting = await openedOrder();
    expect(await alipay.query(waiting.data.orderNo)).toMatchObject({ status: 'WAIT', amount: 600 });
    await alipay.close(waiting.data.orderNo);
    expect(await alipay.query(waiting.data.orderNo)).toMatchObject({ status: 'CLOSED' });

    const paid = await openedOrder();
    await fake.pay(paid.data.orderNo);
    const request = {
      outTradeNo: paid.data.orderNo,
      refundNo: 'RF1',
      amount: 200,
      total: 600,
      reason: '测试退款',
    };
    expect(await alipay.queryRefund(paid.data.orderNo, 'RF1')).toEqual({ status: 'UNKNOWN' });
    expect(await alipay.refund(request)).toMatchObject({ status: 'SUCCESS', amount: 200 });
    // A replay of the same refund number moves no money and answers the first refund.
    expect(await alipay.refund(request)).toMatchObject({ status: 'SUCCESS', amount: 200 });
    expect(fake.trades.get(paid.data.orderNo)!.refunds.size).toBe(1);
    expect(await alipay.queryRefund(paid.data.orderNo, 'RF1')).toMatchObject({
      status: 'SUCCESS',
      amount: 200,
    });
    // Every call was signed with our key and checked by the gateway.
    expect(fake.badlySigned).toBe(0);

    fake.alterAnswers = true;
    try {
      await expect(alipay.query(paid.data.orderNo)).rejects.toThrow(/验签失败/);
    } finally {
      fake.alterAnswers = false;
    }
  });

  it('verifies a notify whose fields hold "%" and Chinese as posted (checkNotifySignV2)', async () => {
    const { user, data, coins } = await openedOrder();
    fake.trades.get(data.orderNo)!.status = 'TRADE_SUCCESS';
    const reply = await fake.notify(data.orderNo, { patch: { subject: '100%满意 a+b=c&d' } });
    expect(reply.body).toBe('success');
    expect(await balanceOf(t.database.db, user.userId)).toBe(coins);
  });
});
