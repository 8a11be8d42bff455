/**
 * Pay and SMS providers are chosen by configuration (issue 30 item 4): PAY_PROVIDER and SMS_PROVIDER
 * build the registries; a pay channel is offered and payable only when its provider is configured;
 * the sandbox's own pages exist only with the sandbox; a bad setting stops start-up with one line.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api, Msg, type PayData, type RechargeData } from '../../src/contract/index.js';
import { checkConfig } from '../../src/server/composition-root.js';
import { ConfigError, CONFIG_ERROR_EXIT, loadConfig } from '../../src/server/config.js';
import type { PayProvider } from '../../src/server/ports/pay-provider.js';
import { seedPayData } from '../../src/server/services/pay/defaults.js';
import { PAY_PROVIDERS } from '../../src/server/services/pay/providers.js';
import {
  buildProviderRegistry,
  registryOf,
  resolveProviders,
  type ProviderKind,
} from '../../src/server/services/provider-registry.js';
import { createPayOrder, payConfig, registerUser, type TestUser } from './helpers/money.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/** A stand-in for a real provider: opens payments on a cashier of its own, nothing else. */
function fakeProvider(name: string): PayProvider {
  return {
    name,
    create: async (order) => ({
      providerTradeNo: `${name}-${order.outTradeNo}`,
      payUrl: `https://pay.${name}.example/cashier/${order.outTradeNo}`,
      appPayData: null,
    }),
    query: async () => ({ status: 'UNKNOWN' }),
    close: async () => undefined,
    verifyNotify: async () => ({ ok: false, reason: 'fake', outTradeNo: null, notifyId: null }),
    refund: async () => ({ status: 'FAILED', reason: 'fake' }),
    queryRefund: async () => ({ status: 'UNKNOWN' }),
    acknowledge: () => ({ status: 200, body: 'success' }),
    refuse: () => ({ status: 400, body: 'fail' }),
  };
}

/** A channel of the fake 'alipay' provider beside the seeded sandbox ones. */
async function addAlipayChannel(t: TestApp) {
  await t.database.db
    .insertInto('pay_channels')
    .values({
      sub_type_code: 'alipay_real_wap',
      superior_code: 'alipay',
      initiator_code: 'wap_pay',
      sub_type_desc: '支付宝',
      discount: 1,
      app_types: 'wap_browser',
      provider: 'alipay',
      sort: 0,
      enabled: 1,
    })
    .execute();
}

async function channelsOffered(t: TestApp, u: TestUser): Promise<string[]> {
  const res = await t.app.inject({ url: `${Api.recharge}?appType=wap_browser`, headers: u.headers });
  return res.json<{ data: RechargeData }>().data.subTypes.map((s) => s.subTypeCode);
}

describe('pay channels name a configured provider', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await seedPayData(t.database.db);
    await addAlipayChannel(t);
  });
  afterAll(() => t.close());

  it('does not offer a channel whose provider is not configured, and refuses to open an order on it', async () => {
    const u = await registerUser(t.app);
    expect(await channelsOffered(t, u)).toEqual(['alipay_wap', 'wechat_wap', 'bank_wap']);
    const cfg = await payConfig(t.database.db, 'coin', 0);
    const res = await createPayOrder(t.app, u, cfg, { channel: 'alipay_real_wap' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ result: false, msg: Msg.payChannelUnavailable });
    expect(
      await t.database.db
        .selectFrom('recharge_orders')
        .select('id')
        .where('user_id', '=', u.userId)
        .execute(),
    ).toEqual([]);
  });
});

describe('with a configured provider other than the sandbox', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, undefined, { payProviders: registryOf([fakeProvider('alipay')]) });
    await seedPayData(t.database.db);
    await addAlipayChannel(t);
  });
  afterAll(() => t.close());

  it('offers and opens only its channels; the sandbox channels are neither listed nor payable', async () => {
    const u = await registerUser(t.app);
    expect(await channelsOffered(t, u)).toEqual(['alipay_real_wap']);
    const cfg = await payConfig(t.database.db, 'coin', 0);
    const paid = await createPayOrder(t.app, u, cfg, { channel: 'alipay_real_wap' });
    expect(paid.json<{ data: PayData }>().data.payUrl).toMatch(/^https:\/\/pay\.alipay\.example\/cashier\//);
    const sandbox = await createPayOrder(t.app, u, cfg, { channel: 'alipay_wap' });
    expect(sandbox.statusCode).toBe(400);
    expect(sandbox.json()).toMatchObject({ msg: Msg.payChannelUnavailable });
  });

  it('has no sandbox cashier and takes no sandbox notifications', async () => {
    const css = await t.app.inject({ url: '/h5/sandbox/cashier.css' });
    expect(css.statusCode).toBe(404);
    const page = await t.app.inject({ url: `/h5/sandbox/cashier/SB${'0'.repeat(32)}` });
    expect(page.statusCode).toBe(404);
    expect(page.body).not.toContain('订单不存在');
    const pay = await t.app.inject({
      method: 'POST',
      url: `/h5/sandbox/cashier/SB${'0'.repeat(32)}/pay`,
      headers: { 'sec-fetch-site': 'same-origin' },
    });
    expect(pay.statusCode).toBe(404);
    const notify = await t.app.inject({
      method: 'POST',
      url: '/h5/pay/notify/sandbox',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'out_trade_no=x',
    });
    expect(notify.statusCode).toBe(404);
  });
});

describe('provider settings', () => {
  it('reads PAY_PROVIDER as a list (default sandbox) and SMS_PROVIDER as one name', () => {
    expect(loadConfig({}).payProviders).toEqual(['sandbox']);
    expect(loadConfig({ PAY_PROVIDER: ' ' }).payProviders).toEqual(['sandbox']);
    expect(loadConfig({ PAY_PROVIDER: 'sandbox, alipay,sandbox' }).payProviders).toEqual([
      'sandbox',
      'alipay',
    ]);
    expect(loadConfig({}).smsProvider).toBe('sandbox');
    expect(() => loadConfig({ SMS_PROVIDER: 'sandbox,other' })).toThrow(
      new ConfigError('SMS_PROVIDER: one provider expected, got "sandbox,other" (codes go through one)'),
    );
  });

  it('refuses an unknown provider with a line naming the setting', () => {
    expect(() => checkConfig(loadConfig({ PAY_PROVIDER: 'sandbox,nonexistent' }))).toThrow(
      new ConfigError('PAY_PROVIDER: unknown provider "nonexistent" (known: sandbox)'),
    );
    expect(() => checkConfig(loadConfig({ SMS_PROVIDER: 'nonexistent' }))).toThrow(
      new ConfigError('SMS_PROVIDER: unknown provider "nonexistent" (known: sandbox)'),
    );
    // Names that objects carry are not providers.
    expect(() => checkConfig(loadConfig({ PAY_PROVIDER: 'constructor' }))).toThrow(ConfigError);
    expect(() => checkConfig(loadConfig({}))).not.toThrow();
  });

  it('refuses a provider whose required settings are unset, and hands it the ones set', () => {
    const made: Record<string, string>[] = [];
    const kind: ProviderKind<PayProvider, null> = {
      setting: 'PAY_PROVIDER',
      configured: (config) => config.payProviders,
      known: {
        ...PAY_PROVIDERS.known,
        alipay: {
          requires: ['PAY_ALIPAY_APP_ID', 'PAY_ALIPAY_PRIVATE_KEY'],
          create: (_deps, settings) => {
            made.push({ ...settings });
            return fakeProvider('alipay');
          },
        },
      },
    };
    const env = { PAY_PROVIDER: 'alipay', PAY_ALIPAY_APP_ID: '2021000' };
    expect(() => resolveProviders(kind, loadConfig(env))).toThrow(
      new ConfigError('PAY_PROVIDER: provider "alipay" needs PAY_ALIPAY_PRIVATE_KEY, not set'),
    );
    expect(() => resolveProviders(kind, loadConfig({ ...env, PAY_ALIPAY_PRIVATE_KEY: '  ' }))).toThrow(
      /needs PAY_ALIPAY_PRIVATE_KEY/,
    );
    const registry = buildProviderRegistry(kind, loadConfig({ ...env, PAY_ALIPAY_PRIVATE_KEY: 'key' }), null);
    expect(registry.names()).toEqual(['alipay']);
    expect(registry.primary.name).toBe('alipay');
    expect(registry.get('sandbox')).toBeUndefined();
    expect(made).toEqual([{ PAY_ALIPAY_APP_ID: '2021000', PAY_ALIPAY_PRIVATE_KEY: 'key' }]);
  });
});

/** Runs the server's entry point as `npm start` does; resolves with its exit code and output. */
function startServer(
  env: Record<string, string>,
): Promise<{ code: number | null; stderr: string; stdout: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: process.cwd(),
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stderr, stdout })));
}

describe('start-up with a bad provider setting', () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

  for (const setting of ['PAY_PROVIDER', 'SMS_PROVIDER']) {
    it(
      `stops with one line naming ${setting}, before it opens the database`,
      { timeout: 60_000 },
      async () => {
        const dataDir = mkdtempSync(join(tmpdir(), 'inkreel-providers-'));
        dirs.push(dataDir);
        const r = await startServer({ [setting]: 'nonexistent', DATA_DIR: dataDir });
        expect(r.code).toBe(CONFIG_ERROR_EXIT);
        expect(r.stderr.split('\n').filter((l) => l.trim())).toEqual([
          `${setting}: unknown provider "nonexistent" (known: sandbox)`,
        ]);
        expect(r.stdout).toBe('');
        expect(readdirSync(dataDir)).toEqual([]);
      },
    );
  }
});
