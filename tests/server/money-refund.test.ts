import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Api, ORDER_EXPIRY_MS, type PayData } from '../../src/contract/index.js';
import type { PayProvider } from '../../src/server/ports/pay-provider.js';
import { seedPayData } from '../../src/server/services/pay/defaults.js';
import { refundNotificationFields } from '../../src/server/services/pay/sandbox/refunds.js';
import { registryOf } from '../../src/server/services/provider-registry.js';
import { describeRefund } from '../../src/server/services/refunds/describe.js';
import {
  RefundRefused,
  requestRefund,
  type RefundDeps,
  type RefundInput,
} from '../../src/server/services/refunds/request.js';
import { REFUND_SWEEP_JOB } from '../../src/server/services/refunds/sweep.js';
import { EXPIRY_GRACE_MS, sweepExpiredOrders } from '../../src/server/services/pay/expiry.js';
import { reconcilePayments } from '../../src/server/services/pay/reconcile.js';
import { FakeClock } from './helpers/fake-clock.js';
import { insertFixtureCatalogue, type FixtureCatalogue } from './helpers/fixtures.js';
import {
  balanceOf,
  checkInvariants,
  createPayOrder,
  deliverNotification,
  payAtCashier,
  queuedNotification,
  tradeNoOf,
  payConfig,
  registerUser,
  topUp,
  type TestUser,
} from './helpers/money.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

const ROOT = resolve(import.meta.dirname, '../..');
const clock = new FakeClock();
const DAY_S = 86_400;

describe('refunds through the ledger', () => {
  let t: TestApp;
  let cat: FixtureCatalogue;
  beforeAll(async () => {
    t = await createTestApp({}, undefined, { clock });
    await seedPayData(t.database.db);
    cat = await insertFixtureCatalogue(t.database.db, { chaptersPerBook: 8 });
  });
  afterAll(() => t.close());
  afterEach(async () => {
    clock.reset();
    // After every test: each balance equals the sum of its ledger, every paid order credited once.
    await checkInvariants(t.database.db);
  });
  const db = () => t.database.db;

  /** The configured providers, some of their calls replaced (a provider that is slow, counts or answers otherwise). */
  const hooked = (hook: (p: PayProvider) => Partial<PayProvider>) =>
    registryOf(
      t.ctx.payProviders
        .names()
        .map((n) => ({ ...t.ctx.payProviders.get(n)!, ...hook(t.ctx.payProviders.get(n)!) })),
    );
  const deps = (providers = t.ctx.payProviders): RefundDeps => ({ db: db(), providers, clock });
  const refund = (input: Partial<RefundInput> & { orderNo: string }, d = deps()) =>
    requestRefund(d, { reason: 'customer asked', operator: 'test', ...input });

  const reversals = (refundNo: string) =>
    db()
      .selectFrom('ledger')
      .selectAll()
      .where('kind', '=', 'refund')
      .where('ref_id', '=', refundNo)
      .execute();
  const sandboxRefunds = (orderNo: string) =>
    db()
      .selectFrom('sandbox_refunds')
      .selectAll()
      .where('out_trade_no', '=', orderNo)
      .orderBy('id')
      .execute();
  const orderRow = (orderNo: string) =>
    db()
      .selectFrom('recharge_orders')
      .selectAll()
      .where('out_trade_no', '=', orderNo)
      .executeTakeFirstOrThrow();
  const info = async (u: TestUser) => {
    const res = await t.app.inject({ method: 'GET', url: Api.info, headers: u.headers });
    expect(res.statusCode).toBe(200);
    return res.json<{ data: { avaliableAmount: number; vipType: string; vipEndDate: string } }>().data;
  };
  const coinTopUp = async (index = 0) => {
    const u = await registerUser(t.app);
    const cfg = await payConfig(db(), 'coin', index);
    const { orderNo } = await topUp(t.app, db(), u, cfg);
    return { u, cfg, orderNo, coins: cfg.item_count + cfg.present_count };
  };

  it('refunds a coin order whole: the provider refunds once, the coins come back out through the ledger', async () => {
    const { u, cfg, orderNo, coins } = await coinTopUp(0);
    expect((await info(u)).avaliableAmount).toBe(coins);
    const r = await refund({ orderNo });
    expect(r.refund).toMatchObject({
      status: 'SUCCESS',
      amount: cfg.amount_level,
      coins_due: coins,
      coins_reversed: coins,
      claimed_until: null,
    });
    expect(r.refund.refund_no).toMatch(/^RF[0-9a-f]{30}$/);
    expect(r.order).toMatchObject({ amount: cfg.amount_level, refunded: cfg.amount_level });
    expect((await info(u)).avaliableAmount).toBe(0);
    const entries = await reversals(r.refund.refund_no);
    expect(entries).toMatchObject([
      { user_id: u.userId, amount: -coins, ref_type: 'refund', balance_after: 0 },
    ]);
    expect(await sandboxRefunds(orderNo)).toMatchObject([{ amount: cfg.amount_level, status: 'SUCCESS' }]);
    expect(await orderRow(orderNo)).toMatchObject({
      status: 'PAID',
      refund_reserved: cfg.amount_level,
      refunded_amount: cfg.amount_level,
    });
    const text = describeRefund(r).join('\n');
    expect(text).toContain(`Coins taken back: ${coins} of ${coins}`);
    expect(text).not.toContain('NOT taken back');
    // The user's coin records show what was taken back, labelled by its top-up.
    const records = await t.app.inject({ method: 'GET', url: Api.coinRecords, headers: u.headers });
    expect(records.json<{ data: { list: { amount: number; label: string }[] } }>().data.list[0]).toEqual(
      expect.objectContaining({ amount: -coins, label: `退款扣回 ${cfg.item_count}金币` }),
    );
    // Nothing is left to refund.
    await expect(refund({ orderNo, reason: 'again, differently' })).rejects.toThrow(/nothing left to refund/);
  });

  it('refunds in parts: each part takes back its cumulative share, and the parts add up to the order exactly', async () => {
    const { u, cfg, orderNo, coins } = await coinTopUp(1); // ¥30 → 330 coins
    const parts = [7, 1001, 999];
    const results = [];
    for (const [i, amount] of parts.entries())
      results.push(await refund({ orderNo, amount, reason: `part ${i}` }));
    const rest = await refund({ orderNo, reason: 'the rest' });
    results.push(rest);
    expect(rest.refund.amount).toBe(cfg.amount_level - 7 - 1001 - 999);
    const due = results.map((r) => r.refund.coins_due);
    // floor(330 × cumulative fen / 3000), differenced: 0, 110, 110, 110.
    expect(due).toEqual([0, 110, 110, 110]);
    expect(due.reduce((a, b) => a + b, 0)).toBe(coins);
    expect(results.map((r) => r.refund.status)).toEqual(['SUCCESS', 'SUCCESS', 'SUCCESS', 'SUCCESS']);
    expect(await balanceOf(db(), u.userId)).toBe(0);
    expect((await sandboxRefunds(orderNo)).map((s) => s.amount)).toEqual([7, 1001, 999, 993]);
    // A part of 0 coins writes no ledger entry (nothing moved).
    expect(await reversals(results[0]!.refund.refund_no)).toEqual([]);
    expect((await orderRow(orderNo)).refunded_amount).toBe(cfg.amount_level);
  });

  it('refuses a refund larger than what is left, and records nothing', async () => {
    const { u, cfg, orderNo, coins } = await coinTopUp(0);
    await expect(refund({ orderNo, amount: cfg.amount_level + 1 })).rejects.toThrow(RefundRefused);
    await expect(refund({ orderNo, amount: cfg.amount_level + 1 })).rejects.toThrow(
      /at most 600 fen is left/,
    );
    expect(await sandboxRefunds(orderNo)).toEqual([]);
    expect(
      await db().selectFrom('refunds').select('id').where('out_trade_no', '=', orderNo).execute(),
    ).toEqual([]);
    await refund({ orderNo, amount: 400, reason: 'part' });
    await expect(refund({ orderNo, amount: 201, reason: 'too much' })).rejects.toThrow(
      /at most 200 fen is left/,
    );
    await expect(refund({ orderNo: 'IR20260101nosuchorder' })).rejects.toThrow(/does not exist/);
    await expect(refund({ orderNo, reason: '  ' })).rejects.toThrow(/reason is required/);
    expect(await balanceOf(db(), u.userId)).toBe(coins - 40);
  });

  it('the sandbox itself refuses more than paid minus refunded, a wrong total and an unknown trade (FAILED with a reason), idempotently', async () => {
    const { orderNo, cfg } = await coinTopUp(0);
    const sandbox = t.ctx.payProviders.get('sandbox')!;
    const ask = (refundNo: string, amount: number, total = cfg.amount_level, no = orderNo) =>
      sandbox.refund({ outTradeNo: no, refundNo, amount, total, reason: 'direct' });
    expect(await ask('A1', 500)).toMatchObject({ status: 'SUCCESS', amount: 500 });
    expect(await ask('A2', 101)).toMatchObject({
      status: 'FAILED',
      reason: expect.stringMatching(/exceeds .*\(100\)/),
    });
    expect(await ask('A3', 50, 601)).toMatchObject({
      status: 'FAILED',
      reason: expect.stringMatching(/total/),
    });
    expect(await ask('A4', 1, 600, 'IRnone')).toMatchObject({ status: 'FAILED', reason: 'trade not found' });
    // Asked again under the same number: the first answer, never a second refund.
    expect(await ask('A1', 500)).toMatchObject({ status: 'SUCCESS', amount: 500 });
    expect(await ask('A2', 100)).toMatchObject({ status: 'FAILED' });
    expect(await sandbox.queryRefund(orderNo, 'A1')).toMatchObject({ status: 'SUCCESS', amount: 500 });
    expect(await sandbox.queryRefund(orderNo, 'nope')).toEqual({ status: 'UNKNOWN' });
    expect((await sandboxRefunds(orderNo)).filter((r) => r.status === 'SUCCESS')).toHaveLength(1);
    // Not through our service: the order's books are untouched (a person would reconcile this).
    expect((await orderRow(orderNo)).refunded_amount).toBe(0);
  });

  it('a refund the provider fails is FAILED, releases its fen, and takes nothing back', async () => {
    const { u, orderNo, coins } = await coinTopUp(0);
    const failing = hooked(() => ({
      refund: async () => ({ status: 'FAILED' as const, reason: 'merchant balance too low' }),
    }));
    const r = await refund({ orderNo, reason: 'first try' }, deps(failing));
    expect(r.refund).toMatchObject({
      status: 'FAILED',
      failure: 'merchant balance too low',
      coins_reversed: 0,
    });
    expect(describeRefund(r).join('\n')).toContain('FAILED at the provider: merchant balance too low');
    expect(await balanceOf(db(), u.userId)).toBe(coins);
    expect((await orderRow(orderNo)).refund_reserved).toBe(0);
    // Asked again the same way: the same (failed) refund, not a new one; another reason is a new refund.
    const again = await refund({ orderNo, reason: 'first try' });
    expect(again).toMatchObject({ replayed: true, refund: { status: 'FAILED' } });
    const retry = await refund({ orderNo, reason: 'second try' });
    expect(retry.refund.status).toBe('SUCCESS');
    expect(await balanceOf(db(), u.userId)).toBe(0);
  });

  it('replays and concurrent calls of one refund: one provider refund, one reversal', async () => {
    const { u, orderNo, coins } = await coinTopUp(0);
    let calls = 0;
    const counting = hooked((p) => ({
      async refund(req) {
        calls += 1;
        await new Promise((r) => setTimeout(r, 30)); // a provider round trip, so the calls overlap
        return p.refund(req);
      },
    }));
    const all = await Promise.all(
      Array.from({ length: 6 }, () => refund({ orderNo, amount: 300 }, deps(counting))),
    );
    expect(calls).toBe(1);
    const settled = all.filter((r) => r.refund.status === 'SUCCESS');
    const busy = all.filter((r) => r.inProgressElsewhere);
    expect(settled.length + busy.length).toBe(6);
    expect(new Set(all.map((r) => r.refund.refund_no)).size).toBe(1);
    // Replayed afterwards: answered from the record.
    const replay = await refund({ orderNo, amount: 300 }, deps(counting));
    expect(replay).toMatchObject({ replayed: true, refund: { status: 'SUCCESS' } });
    expect(describeRefund(replay).join('\n')).toContain('nothing was refunded again');
    expect(calls).toBe(1);
    expect(await sandboxRefunds(orderNo)).toHaveLength(1);
    expect(await reversals(replay.refund.refund_no)).toHaveLength(1);
    expect(await balanceOf(db(), u.userId)).toBe(coins - 30);
  });

  it('concurrent refunds under different numbers never refund more than was paid', async () => {
    const { u, orderNo, coins } = await coinTopUp(0); // 600 fen
    const outcomes = await Promise.allSettled(
      [400, 400, 400].map((amount, i) => refund({ orderNo, amount, reason: `claim ${i}` })),
    );
    const ok = outcomes.filter((o) => o.status === 'fulfilled');
    const refused = outcomes.filter((o) => o.status === 'rejected');
    expect(ok).toHaveLength(1);
    expect(refused).toHaveLength(2);
    for (const r of refused) expect((r as PromiseRejectedResult).reason).toBeInstanceOf(RefundRefused);
    expect((await sandboxRefunds(orderNo)).map((r) => r.amount)).toEqual([400]);
    expect(await orderRow(orderNo)).toMatchObject({ refund_reserved: 400, refunded_amount: 400 });
    expect(await balanceOf(db(), u.userId)).toBe(coins - 40);
  });

  it('coins already spent: only what the balance still holds is taken back, and the outcome says so', async () => {
    const { u, orderNo, coins } = await coinTopUp(0); // 60 coins
    const chapter = cat.books
      .filter((b) => !b.vipFree)
      .flatMap((b) => b.chapters)
      .find((c) => c.price > 0 && c.price < coins)!;
    const buy = await t.app.inject({
      method: 'POST',
      url: `${Api.chapterBuy}?chapterId=${chapter.id}`,
      headers: u.headers,
    });
    expect(buy.json()).toMatchObject({ result: true });
    const left = coins - chapter.price;
    expect(await balanceOf(db(), u.userId)).toBe(left);
    const r = await refund({ orderNo });
    expect(r.refund).toMatchObject({ status: 'SUCCESS', coins_due: coins, coins_reversed: left });
    const text = describeRefund(r).join('\n');
    expect(text).toContain(
      `Coins taken back: ${left} of ${coins}; ${chapter.price} NOT taken back: the user had already spent them`,
    );
    expect(await balanceOf(db(), u.userId)).toBe(0);
    // What the coins bought stays bought.
    const owned = await db()
      .selectFrom('purchases')
      .select('item_id')
      .where('user_id', '=', u.userId)
      .execute();
    expect(owned.map((p) => p.item_id)).toEqual([chapter.id]);
  });

  it('a VIP refund shortens VIP by the refunded share, never into the past', async () => {
    const start = Date.parse('2026-03-01T04:00:00.000Z');
    clock.set(start);
    const u = await registerUser(t.app);
    const cfg = await payConfig(db(), 'vip', 0); // ¥30, 30 days
    const { orderNo } = await topUp(t.app, db(), u, cfg);
    const end = start + cfg.vip_days * DAY_S * 1000;
    const vipEnd = async () =>
      (
        await db()
          .selectFrom('users')
          .select('vip_end_at')
          .where('id', '=', u.userId)
          .executeTakeFirstOrThrow()
      ).vip_end_at;
    expect(await vipEnd()).toBe(new Date(end).toISOString());

    // A third of the price: ten days off the end, to the second.
    const third = await refund({ orderNo, amount: cfg.amount_level / 3, reason: 'a third' });
    expect(third.refund).toMatchObject({
      status: 'SUCCESS',
      vip_seconds_due: 10 * DAY_S,
      vip_seconds_shortened: 10 * DAY_S,
      coins_reversed: 0,
    });
    expect(await vipEnd()).toBe(new Date(end - 10 * DAY_S * 1000).toISOString());
    expect(describeRefund(third).join('\n')).toContain(
      'VIP shortened by 10 days (the refunded share of the package)',
    );

    // Fifteen days later, the rest is twenty days' share, but only five are left to take back.
    clock.set(start + 15 * DAY_S * 1000);
    const rest = await refund({ orderNo, reason: 'the rest' });
    expect(rest.refund).toMatchObject({ vip_seconds_due: 20 * DAY_S, vip_seconds_shortened: 5 * DAY_S });
    expect(await vipEnd()).toBe(clock.now().toISOString());
    expect(describeRefund(rest).join('\n')).toContain(
      "VIP shortened by 5 days of the refunded share's 20 days; 15 days NOT taken back: that VIP time was already used",
    );
    expect((await info(u)).vipType).toBe('none');
  });

  it('a refund notify settles a refund the provider left processing, once; forged or replayed ones change nothing', async () => {
    const { u, orderNo, coins } = await coinTopUp(0);
    // A provider that answers refunds as still processing (as WeChat Pay does), refunding meanwhile.
    const processing = hooked((p) => ({
      async refund(req) {
        await p.refund(req);
        return { status: 'PROCESSING' as const };
      },
    }));
    const r = await refund({ orderNo }, deps(processing));
    expect(r.refund.status).toBe('PROCESSING');
    expect(describeRefund(r).join('\n')).toContain('Not final yet (PROCESSING)');
    expect(await balanceOf(db(), u.userId)).toBe(coins);
    const post = (form: Record<string, string>, path = '/h5/pay/refund-notify/sandbox') =>
      t.app.inject({
        method: 'POST',
        url: path,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(form).toString(),
      });
    const fields = refundNotificationFields(
      { out_trade_no: orderNo, refund_no: r.refund.refund_no, amount: r.refund.amount, status: 'SUCCESS' },
      t.config.paySecret,
    );
    // Forged: a changed amount breaks the signature; another signer's form; a payment notify's path.
    expect((await post({ ...fields, refund_fee: '1' })).statusCode).toBe(400);
    expect((await post({ ...fields, sign: 'a'.repeat(64) })).statusCode).toBe(400);
    expect((await post(fields, '/h5/pay/notify/sandbox')).statusCode).toBe(400);
    expect((await post(fields, '/h5/pay/refund-notify/alipay')).statusCode).toBe(404);
    expect(await balanceOf(db(), u.userId)).toBe(coins);
    // The real one settles it; its replays are acknowledged and change nothing.
    const ack = await post(fields);
    expect([ack.statusCode, ack.body]).toEqual([200, 'success']);
    for (let i = 0; i < 3; i++) expect((await post(fields)).body).toBe('success');
    expect(await balanceOf(db(), u.userId)).toBe(0);
    expect(await reversals(r.refund.refund_no)).toHaveLength(1);
    const log = await db()
      .selectFrom('pay_notifications')
      .select('outcome')
      .where('out_trade_no', '=', orderNo)
      .where('notify_id', '=', fields.notify_id!)
      .orderBy('id')
      .execute();
    // Each refused one naming our order is kept for audit (the payment path's refusal too).
    expect(log.map((l) => l.outcome)).toEqual([
      'rejected',
      'rejected',
      'rejected',
      'refund_settled',
      'duplicate',
      'duplicate',
      'duplicate',
    ]);
  });

  it('a refund notify saying FAILED fails a processing refund: its fen are released, nothing is taken back', async () => {
    const { u, orderNo, coins } = await coinTopUp(0);
    // Accepted as processing, then refused by the provider (no refund on its books).
    const processing = hooked(() => ({ refund: async () => ({ status: 'PROCESSING' as const }) }));
    const r = await refund({ orderNo, amount: 200 }, deps(processing));
    expect(r.refund.status).toBe('PROCESSING');
    expect((await orderRow(orderNo)).refund_reserved).toBe(200);
    const fields = refundNotificationFields(
      { out_trade_no: orderNo, refund_no: r.refund.refund_no, amount: 200, status: 'FAILED' },
      t.config.paySecret,
    );
    const ack = await t.app.inject({
      method: 'POST',
      url: '/h5/pay/refund-notify/sandbox',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    });
    expect([ack.statusCode, ack.body]).toEqual([200, 'success']);
    const row = await db()
      .selectFrom('refunds')
      .selectAll()
      .where('refund_no', '=', r.refund.refund_no)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'FAILED', coins_reversed: 0 });
    expect(await orderRow(orderNo)).toMatchObject({ refund_reserved: 0, refunded_amount: 0 });
    expect(await balanceOf(db(), u.userId)).toBe(coins);
    // The whole order can still be refunded afterwards.
    expect((await refund({ orderNo, reason: 'after the failure' })).refund.status).toBe('SUCCESS');
    expect(await balanceOf(db(), u.userId)).toBe(0);
  });

  it(
    'a caller killed (SIGKILL) between the provider refund and the ledger: the sweep finishes it exactly once',
    { timeout: 60_000 },
    async () => {
      const { u, orderNo, coins, cfg } = await coinTopUp(0);
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', 'tests/server/helpers/refund-crash-child.ts'],
        {
          cwd: ROOT,
          env: {
            ...process.env,
            DATA_DIR: t.config.dataDir,
            DATABASE_URL: t.config.databaseUrl ?? '',
            ORDER_NO: orderNo,
            REASON: 'crash test',
          },
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      let output = '';
      child.stdout!.on('data', (c: Buffer) => (output += c.toString()));
      child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
      const signal = await new Promise<NodeJS.Signals | null>((r) =>
        child.once('exit', (_code, sig) => r(sig)),
      );
      expect(signal, output).toBe('SIGKILL');

      // The provider refunded; we recorded the request but never settled it.
      expect(await sandboxRefunds(orderNo)).toMatchObject([{ status: 'SUCCESS', amount: cfg.amount_level }]);
      const open = await db()
        .selectFrom('refunds')
        .selectAll()
        .where('out_trade_no', '=', orderNo)
        .executeTakeFirstOrThrow();
      expect(open.status).toBe('REQUESTED');
      expect(await reversals(open.refund_no)).toEqual([]);
      expect(await balanceOf(db(), u.userId)).toBe(coins);

      // While the dead caller's claim holds, the sweep leaves it alone…
      await t.ctx.jobs.runNow(REFUND_SWEEP_JOB);
      expect(
        (
          await db()
            .selectFrom('refunds')
            .select('status')
            .where('refund_no', '=', open.refund_no)
            .executeTakeFirstOrThrow()
        ).status,
      ).toBe('REQUESTED');
      // …once it lapsed, sweeps (two at once, and the operator running the command again) settle it once.
      clock.advance(61_000);
      const [, , replay] = await Promise.all([
        t.ctx.jobs.runNow(REFUND_SWEEP_JOB),
        import('../../src/server/services/refunds/sweep.js').then((m) =>
          m.sweepOpenRefunds(deps(), clock.now()),
        ),
        refund({ orderNo, reason: 'crash test' }),
      ]);
      expect(['SUCCESS', 'REQUESTED']).toContain(replay.refund.status);
      await t.ctx.jobs.runNow(REFUND_SWEEP_JOB);
      const done = await db()
        .selectFrom('refunds')
        .selectAll()
        .where('refund_no', '=', open.refund_no)
        .executeTakeFirstOrThrow();
      expect(done).toMatchObject({ status: 'SUCCESS', coins_reversed: coins, claimed_until: null });
      expect(await reversals(open.refund_no)).toHaveLength(1);
      expect(await sandboxRefunds(orderNo)).toHaveLength(1);
      expect(await balanceOf(db(), u.userId)).toBe(0);
    },
  );

  it('a refund recorded but never sent (the provider unknown of it) is sent by the sweep under the same number', async () => {
    const { u, orderNo } = await coinTopUp(0);
    const unreachable = hooked(() => ({
      refund: async () => {
        throw new Error('connect ECONNREFUSED');
      },
    }));
    const r = await refund({ orderNo }, deps(unreachable));
    expect(r.refund).toMatchObject({ status: 'REQUESTED', failure: expect.stringContaining('ECONNREFUSED') });
    expect(describeRefund(r).join('\n')).toContain('the refund sweep asks the provider every minute');
    expect(await sandboxRefunds(orderNo)).toEqual([]);
    clock.advance(61_000);
    await t.ctx.jobs.runNow(REFUND_SWEEP_JOB);
    expect(await sandboxRefunds(orderNo)).toHaveLength(1);
    expect(
      (
        await db()
          .selectFrom('refunds')
          .select('status')
          .where('refund_no', '=', r.refund.refund_no)
          .executeTakeFirstOrThrow()
      ).status,
    ).toBe('SUCCESS');
    expect(await balanceOf(db(), u.userId)).toBe(0);
  });

  it('a payment that reached the provider after we closed the order is refunded whole, nothing taken back, its mismatch resolved', async () => {
    const u = await registerUser(t.app);
    const res = await createPayOrder(t.app, u, await payConfig(db(), 'coin', 0));
    const data = res.json<{ data: PayData }>().data;
    const tradeNo = tradeNoOf(data.payUrl!);
    await payAtCashier(t.app, tradeNo);
    // A provider query lagging behind its payment lets the sweep close the order here.
    const later = new Date(Date.now() + ORDER_EXPIRY_MS + EXPIRY_GRACE_MS + 1000);
    clock.set(later);
    await sweepExpiredOrders(
      { db: db(), providers: hooked(() => ({ query: async () => ({ status: 'UNKNOWN' as const }) })) },
      later,
    );
    expect((await orderRow(data.orderNo)).status).toBe('EXPIRED');
    // Closed: the order cannot be refunded until the provider is known to hold its money.
    await expect(refund({ orderNo: data.orderNo })).rejects.toThrow(/is not paid \(EXPIRED\)/);
    expect((await deliverNotification(t.app, await queuedNotification(db(), tradeNo))).body).toBe('success');
    expect(await balanceOf(db(), u.userId)).toBe(0);

    const r = await refund({ orderNo: data.orderNo, reason: 'paid after close' });
    expect(r.refund).toMatchObject({ status: 'SUCCESS', amount: 600, coins_due: 0, coins_reversed: 0 });
    expect(describeRefund(r).join('\n')).toContain('Nothing to take back: the order had been closed');
    expect(await balanceOf(db(), u.userId)).toBe(0);
    expect(await sandboxRefunds(data.orderNo)).toMatchObject([{ amount: 600, status: 'SUCCESS' }]);
    const mismatch = await db()
      .selectFrom('pay_mismatches')
      .selectAll()
      .where('out_trade_no', '=', data.orderNo)
      .executeTakeFirstOrThrow();
    expect(mismatch.resolved_at).toBe(later.toISOString());
    // The provider now reads the trade as closed: reconciliation agrees.
    const report = await reconcilePayments({ db: db(), providers: t.ctx.payProviders }, later);
    expect(report.mismatches.map((m) => m.outTradeNo)).not.toContain(data.orderNo);
    expect((await orderRow(data.orderNo)).status).toBe('EXPIRED');
  });
});
