import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api, type PayData } from '../../src/contract/index.js';
import { seedPayData } from '../../src/server/services/pay/defaults.js';
import { authHeaders, FAST_HASHING, registerUser } from './helpers/accounts.js';
import { payConfig, type PayConfigRow } from './helpers/money.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/** Spec §7 payment application: the query /h5/pay/apply carries, in the spec's names. */
const SPEC_QUERY = [
  'rechargerAmount',
  'payPurposeId',
  'payChannel',
  'payPurpose',
  'userId',
  'branchId',
  'fromDomain',
  'appType',
  'returnUrl',
  'apiUrl',
];

describe('/h5/pay/apply query', () => {
  let t: TestApp;
  let cfg: PayConfigRow;

  beforeAll(async () => {
    t = await createTestApp(FAST_HASHING);
    await seedPayData(t.database.db);
    cfg = await payConfig(t.database.db, 'coin');
  });
  afterAll(() => t?.close());

  async function order(opts: { fromDomain?: string; branchHeader?: string } = {}) {
    const user = await registerUser(t.app, { fromDomain: opts.fromDomain, branchId: 3 });
    const headers = authHeaders(user);
    if (opts.branchHeader) headers['x-branch-id'] = opts.branchHeader;
    const res = await t.app.inject({
      method: 'POST',
      url: Api.pay,
      headers: { ...headers, host: 'api.inkreel.test' },
      payload: {
        payChannel: 'alipay_wap',
        payPurpose: cfg.type,
        payPurposeId: String(cfg.id),
        rechargerAmount: String(cfg.amount_level),
        appType: 'wap_browser',
        returnUrl: '/purchase?paid=1',
      },
    });
    expect(res.statusCode).toBe(200);
    const data = res.json<{ data: PayData }>().data;
    return { user, url: new URL(data.applyUrl!, 'http://api.inkreel.test') };
  }

  it("carries the spec's query with this order's values, and applies", async () => {
    const { user, url } = await order({ fromDomain: 'm.inkreel.test', branchHeader: '7' });
    const q = url.searchParams;
    expect([...q.keys()]).toEqual([...SPEC_QUERY, 'orderNo', 'expires', 'ticket']);
    expect(Object.fromEntries(SPEC_QUERY.map((k) => [k, q.get(k)]))).toEqual({
      rechargerAmount: String(cfg.amount_level),
      payPurposeId: String(cfg.id),
      payChannel: 'alipay_wap',
      payPurpose: cfg.type,
      userId: String(user.userId),
      branchId: '7',
      fromDomain: 'm.inkreel.test',
      appType: 'wap_browser',
      returnUrl: '/purchase?paid=1',
      apiUrl: 'http://api.inkreel.test',
    });
    const res = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toMatch(/\/h5\/sandbox\/cashier\/SB[0-9a-f]{32}$/);
  });

  it("without a branch header or a registered source domain: the user's branch and the host called", async () => {
    const { url } = await order();
    expect(url.searchParams.get('branchId')).toBe('3');
    expect(url.searchParams.get('fromDomain')).toBe('api.inkreel.test');
  });

  it('every added field is under the ticket: altered or missing, the link is refused', async () => {
    const changes: [string, string | null][] = [
      ['branchId', '8'],
      ['fromDomain', 'evil.example'],
      ['returnUrl', 'https://evil.example/x'],
      ['apiUrl', 'https://evil.example'],
      ['branchId', null],
      ['fromDomain', null],
      ['returnUrl', null],
      ['apiUrl', null],
    ];
    const { url } = await order({ fromDomain: 'm.inkreel.test' });
    for (const [key, value] of changes) {
      const q = new URLSearchParams(url.search);
      if (value === null) q.delete(key);
      else q.set(key, value);
      const res = await t.app.inject({ method: 'GET', url: `${url.pathname}?${q.toString()}` });
      expect(res.statusCode, `${key}=${value}`).toBe(400);
    }
    // Untouched, the same link still works once.
    expect((await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` })).statusCode).toBe(302);
  });
});
