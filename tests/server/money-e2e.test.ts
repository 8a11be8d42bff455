import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api, type PayData, type UserInfo } from '../../src/contract/index.js';
import { seedPayData } from '../../src/server/services/pay/defaults.js';
import { NOTIFY_RETRY_MS, SandboxNotifier } from '../../src/server/services/pay/sandbox/notifier.js';
import { checkInvariants, payConfig } from './helpers/money.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

const waitFor = async <T>(probe: () => Promise<T | undefined>, ms = 15_000): Promise<T> => {
  const end = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
};

describe('sandbox top-up over real HTTP on a listening server', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp();
    await seedPayData(t.database.db);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => t.close());

  it('order → cashier page → 支付 → the notification arrives by itself → balance rises, recharged set', async () => {
    const trace = { 'x-trace-id': 'trace-e2e-0001' };
    const reg = await fetch(`${base}${Api.register}`, { method: 'POST', headers: trace });
    const session = ((await reg.json()) as { data: { token: string; userId: number } }).data;
    const headers = { ...trace, authorization: `Bearer ${session.token}` };
    const cfg = await payConfig(t.database.db, 'coin', 3);

    const pay = await fetch(`${base}${Api.pay}`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        payChannel: 'bank_wap',
        payPurpose: 'coin',
        payPurposeId: String(cfg.id),
        rechargerAmount: String(cfg.amount_level),
        appType: 'other',
        returnUrl: `${base}/purchase?from=pay`,
      }),
    });
    expect(pay.status).toBe(200);
    const order = ((await pay.json()) as { data: PayData }).data;

    // The app navigates to the signed apply URL; it redirects to the cashier.
    const apply = await fetch(`${base}${order.applyUrl!}`, { redirect: 'manual' });
    expect(apply.status).toBe(302);
    const cashierUrl = new URL(apply.headers.get('location')!, base).toString();
    const page = await fetch(cashierUrl);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('100.00');
    expect(html).toContain('银行卡');
    const action = /action="([^"]+\/pay)"/.exec(html)![1]!.replaceAll('&#47;', '/');

    const paid = await fetch(`${base}${action}`, {
      method: 'POST',
      headers: { origin: base, 'sec-fetch-site': 'same-origin' },
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`${base}/purchase?from=pay`);

    const info = await waitFor(async () => {
      const r = await fetch(`${base}${Api.info}`, { headers });
      const u = ((await r.json()) as { data: UserInfo }).data;
      return u.avaliableAmount > 0 ? u : undefined;
    });
    expect(info.avaliableAmount).toBe(1200);
    expect(info.recharged).toBe(true);
    // The notify handler commits the balance before it answers, and the notifier marks the attempt
    // done only once it has read that answer: wait for the attempt rather than read it once.
    const attempt = await waitFor(async () => {
      const row = await t.database.db
        .selectFrom('sandbox_notify_attempts')
        .selectAll()
        .executeTakeFirstOrThrow();
      return row.status === 'PENDING' && row.attempts <= 1 ? undefined : row;
    });
    expect(attempt).toMatchObject({ status: 'DONE', attempts: 1 });
    await checkInvariants(t.database.db);
  });
});

describe('sandbox notifier retries until the exact ack, one sender per attempt', () => {
  let t: TestApp;
  let server: Server;
  let answers: string[];
  let received: string[];
  let port: number;
  beforeAll(async () => {
    t = await createTestApp();
    received = [];
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        received.push(body);
        res.end(answers.shift() ?? 'success');
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    server.close();
    await t.close();
  });

  it('keeps the attempt pending on a wrong ack, waits the schedule, then marks it done', async () => {
    const db = t.database.db;
    const now = new Date().toISOString();
    await db
      .insertInto('sandbox_notify_attempts')
      .values({
        trade_no: 'SBtest',
        notify_url: '/notify',
        payload: 'a=1&b=2',
        status: 'PENDING',
        next_at: now,
        claimed_until: null,
        last_error: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    answers = ['SUCCESS ', 'fail'];
    const node = () =>
      new SandboxNotifier({ db, clock: t.ctx.clock, baseUrl: () => `http://127.0.0.1:${port}` });
    const a = node();
    const b = node();
    await Promise.all([a.runDue(), b.runDue()]); // two nodes, one claim
    expect(received).toEqual(['a=1&b=2']);
    let row = await db.selectFrom('sandbox_notify_attempts').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'PENDING', attempts: 1 });
    expect(Date.parse(row.next_at) - Date.now()).toBeGreaterThan(NOTIFY_RETRY_MS[0]! - 300);
    await a.runDue(); // not due yet
    expect(received).toHaveLength(1);
    await new Promise((r) => setTimeout(r, NOTIFY_RETRY_MS[0]! + 50));
    await a.runDue();
    expect(received).toHaveLength(2);
    row = await db.selectFrom('sandbox_notify_attempts').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'PENDING', attempts: 2, last_error: 'HTTP 200: fail' });
    await db.updateTable('sandbox_notify_attempts').set({ next_at: new Date().toISOString() }).execute();
    await a.runDue();
    row = await db.selectFrom('sandbox_notify_attempts').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'DONE', attempts: 3 });
    expect(received).toHaveLength(3);
  });
});
