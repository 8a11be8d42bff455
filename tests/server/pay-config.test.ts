/**
 * Channels by configuration (issue 32 item 3): PAY_PROVIDER names any combination of sandbox, alipay
 * and wechat; the 充值 channels follow it; without the sandbox there is no sandbox cashier and no
 * sandbox warning; a missing or malformed key stops start-up with one line naming the setting (exit
 * 78, no stack trace), and no key is ever logged or served.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api, type RechargeData } from '../../src/contract/index.js';
import { checkConfig } from '../../src/server/composition-root.js';
import { CONFIG_ERROR_EXIT, ConfigError, loadConfig } from '../../src/server/config.js';
import { rsaPair } from './helpers/fake-gateway.js';
import { registerUser } from './helpers/money.js';
import { createStore, freePort, type ServerStore } from './helpers/money-server.js';
import { startListeningApp } from './helpers/pay-live.js';
import { startupWarnings } from '../../src/server/startup-warnings.js';

const ours = rsaPair();
const alipayKey = rsaPair();
const wechatKey = rsaPair();
const keyDir = mkdtempSync(join(tmpdir(), 'inkreel-keys-'));
const privateKeyFile = join(keyDir, 'apiclient_key.pem');
writeFileSync(privateKeyFile, ours.privatePem);
const PUB_KEY_ID = 'PUB_KEY_ID_0114232134912410000000000000AB';

/** A complete, valid configuration of both real providers (keys as PEM text and as a file path). */
const ALIPAY = {
  ALIPAY_APP_ID: '2021000122600001',
  ALIPAY_PRIVATE_KEY: ours.privatePem,
  ALIPAY_PUBLIC_KEY: alipayKey.publicPem,
  ALIPAY_SELLER_ID: '2088102177000001',
};
const WECHAT = {
  WECHATPAY_MCHID: '1900000109',
  WECHATPAY_APPID: 'wxd678efh567hg6787',
  WECHATPAY_SERIAL: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1',
  WECHATPAY_PRIVATE_KEY: privateKeyFile,
  WECHATPAY_PLATFORM_KEYS: JSON.stringify({ [PUB_KEY_ID]: wechatKey.publicPem }),
  WECHATPAY_APIV3_KEY: 'a'.repeat(32),
};
const BOTH = { PAY_PROVIDER: 'alipay,wechat', PUBLIC_URL: 'https://pay.example', ...ALIPAY, ...WECHAT };

/** The base64 body of a PEM, which must never appear in any output. */
const keyBody = (pem: string) => pem.split('\n').slice(1, 3).join('');

afterAll(() => rmSync(keyDir, { recursive: true, force: true }));

describe('a bad pay setting is one line naming it', () => {
  const cases: [string, Record<string, string>, string][] = [
    [
      'a missing key',
      { ALIPAY_PUBLIC_KEY: '' },
      'PAY_PROVIDER: provider "alipay" needs ALIPAY_PUBLIC_KEY, not set',
    ],
    [
      'a private key that is not PEM',
      { ALIPAY_PRIVATE_KEY: '-----BEGIN PRIVATE KEY-----\nnot a key\n-----END PRIVATE KEY-----' },
      'ALIPAY_PRIVATE_KEY: not a readable private key (PEM, base64 or a file path expected)',
    ],
    [
      'a public key cut short',
      { ALIPAY_PUBLIC_KEY: alipayKey.publicPem.slice(0, 120) },
      'ALIPAY_PUBLIC_KEY: not a readable public key (PEM, base64 or a file path expected)',
    ],
    [
      'a key file that does not exist',
      { WECHATPAY_PRIVATE_KEY: '/nonexistent/apiclient_key.pem' },
      'WECHATPAY_PRIVATE_KEY: neither a PEM key nor a readable file ("/nonexistent/apiclient_key.pem": ENOENT)',
    ],
    [
      'an APIv3 key of 31 bytes',
      { WECHATPAY_APIV3_KEY: 'a'.repeat(31) },
      'WECHATPAY_APIV3_KEY: must be exactly 32 bytes, got 31',
    ],
    [
      'platform keys that are not JSON',
      { WECHATPAY_PLATFORM_KEYS: `{${PUB_KEY_ID}: pem}` },
      'WECHATPAY_PLATFORM_KEYS: expected a JSON object {"<serial or PUB_KEY_ID_…>": "<PEM or path>"}, not parsable JSON',
    ],
    [
      'a platform key that is not a key',
      {
        WECHATPAY_PLATFORM_KEYS: JSON.stringify({
          [PUB_KEY_ID]: '-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----',
        }),
      },
      `WECHATPAY_PLATFORM_KEYS["${PUB_KEY_ID}"]: not a readable public key (PEM, base64 or a file path expected)`,
    ],
    ['an app id that is not one', { ALIPAY_APP_ID: 'abc' }, 'ALIPAY_APP_ID: not an Alipay app id (digits)'],
    [
      'a gateway that is not a URL',
      { ALIPAY_GATEWAY: 'openapi alipay' },
      'ALIPAY_GATEWAY: not an http(s) URL',
    ],
    [
      'a gateway over plain http to another host',
      { ALIPAY_GATEWAY: 'http://openapi.alipay.com/gateway.do' },
      'ALIPAY_GATEWAY: https expected (plain http only to this machine)',
    ],
    [
      'an API base over plain http to another host',
      { WECHATPAY_BASE_URL: 'http://10.0.0.8:8080' },
      'WECHATPAY_BASE_URL: https expected (plain http only to this machine)',
    ],
    [
      'no public origin for the notify URL',
      { PUBLIC_URL: '' },
      'PUBLIC_URL: provider "alipay" needs this service\'s public origin (its notify and return URLs)',
    ],
  ];
  for (const [what, change, line] of cases) {
    it(`refuses ${what}`, () => {
      const config = loadConfig({ ...BOTH, ...change });
      expect(() => checkConfig(config)).toThrow(new ConfigError(line));
    });
  }

  // A bare base64 key not quite bare (docker --env-file keeps the quotes; a pasted key keeps its
  // literal \\n) is taken for a path: the refusal must still name the setting, never quote the key.
  it('refuses a bare key in quotes or with literal \\n without quoting it', () => {
    const body = ours.privatePem
      .split('\n')
      .filter((l) => l && !l.startsWith('-----'))
      .join('\\n');
    for (const value of [`"${body.replace(/\\n/g, '')}"`, body]) {
      let line = '';
      try {
        checkConfig(loadConfig({ ...BOTH, ALIPAY_PRIVATE_KEY: value }));
      } catch (err) {
        line = (err as Error).message;
      }
      expect(line).toMatch(/^ALIPAY_PRIVATE_KEY: neither a PEM key nor a readable file \(\w+\)$/);
    }
  });

  it('takes keys as PEM text, one-line PEM with \\n, bare base64 bodies or file paths', () => {
    const oneLine = ours.privatePem.replace(/\n/g, '\\n');
    const bare = alipayKey.publicPem
      .split('\n')
      .filter((l) => l && !l.startsWith('-----'))
      .join('');
    expect(() =>
      checkConfig(loadConfig({ ...BOTH, ALIPAY_PRIVATE_KEY: oneLine, ALIPAY_PUBLIC_KEY: bare })),
    ).not.toThrow();
  });

  it(
    'stops `npm start` with exit 78 and that one line, no stack trace, no key',
    { timeout: 60_000 },
    async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'inkreel-payconfig-'));
      try {
        const r = await runServer({ ...BOTH, WECHATPAY_APIV3_KEY: 'short', DATA_DIR: dataDir });
        expect(r.code).toBe(CONFIG_ERROR_EXIT);
        expect(r.stderr.split('\n').filter((l) => l.trim())).toEqual([
          'WECHATPAY_APIV3_KEY: must be exactly 32 bytes, got 5',
        ]);
        expect(r.stdout).toBe('');
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  );
});

/** The server's entry point as `npm start` runs it, to its exit. */
function runServer(
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

describe('PAY_PROVIDER=alipay,wechat: a real service without the sandbox', () => {
  let store: ServerStore;
  let base: string;
  let output = '';
  let stop: () => Promise<void>;

  beforeAll(async () => {
    store = await createStore();
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      cwd: process.cwd(),
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        NODE_ENV: 'production',
        DEMO: '0',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: store.dataDir,
        DATABASE_URL: store.databaseUrl ?? '',
        LOG_LEVEL: 'debug',
        SCRYPT_COST_LOG2: '10',
        ...BOTH,
        PUBLIC_URL: base,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const exited = new Promise((r) => child.once('exit', r));
    stop = async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    };
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited: ${output}`);
      const ok = await fetch(`${base}/healthz`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      if (Date.now() > deadline) throw new Error(`server did not start: ${output}`);
      await new Promise((r) => setTimeout(r, 150));
    }
  }, 90_000);
  afterAll(async () => {
    await stop?.();
    await store?.drop();
    if (store) rmSync(store.dataDir, { recursive: true, force: true });
  });

  it('offers 支付宝 and 微信支付 from the real providers, and nothing of the sandbox', async () => {
    const reg = await fetch(`${base}${Api.register}`, {
      method: 'POST',
      headers: {
        'x-trace-id': `t${randomBytes(6).toString('hex')}`,
        'x-device-id': `dev${randomBytes(8).toString('hex')}`,
      },
    });
    const { userId, account, token } = (
      (await reg.json()) as { data: { userId: number; account: string; token: string } }
    ).data;
    const res = await fetch(`${base}${Api.recharge}?appType=wap_browser`, {
      headers: {
        authorization: `Bearer ${token}`,
        'x-trace-id': 'tcfg',
        'x-user-id': String(userId),
        'x-account': account,
      },
    });
    const text = await res.text();
    const data = (JSON.parse(text) as { data: RechargeData }).data;
    expect(data.subTypes.map((s) => [s.subTypeCode, s.superiorCode, s.initiatorCode, s.subTypeDesc])).toEqual(
      [
        ['alipay_quick_wap', 'alipay', 'wap_pay', '支付宝'],
        ['wechat_h5', 'wechat_pay', 'wap_pay', '微信支付'],
      ],
    );
    for (const pem of [ours.privatePem, alipayKey.publicPem, wechatKey.publicPem])
      expect(text).not.toContain(keyBody(pem));
    // The in-app pay frame may show the providers' cashiers, and nothing else from outside.
    const csp = (await fetch(`${base}/`)).headers.get('content-security-policy') ?? '';
    expect(/frame-src ([^;]*)/.exec(csp)![1]!.split(' ')).toEqual([
      "'self'",
      base,
      'https://mclient.alipay.com',
      'https://wx.tenpay.com',
      'https://openapi.alipay.com',
    ]);
    expect((await fetch(`${base}/h5/sandbox/cashier.css`)).status).toBe(404);
    expect((await fetch(`${base}/h5/sandbox/cashier/SB${'0'.repeat(32)}`)).status).toBe(404);
  });

  it('warns of no sandbox, and no key or APIv3 key reaches the log', () => {
    expect(output).toContain('inkreel started');
    expect(output).not.toMatch(/sandbox pay provider/i);
    for (const pem of [ours.privatePem, alipayKey.publicPem, wechatKey.publicPem])
      expect(output).not.toContain(keyBody(pem));
    expect(output).not.toContain(WECHAT.WECHATPAY_APIV3_KEY);
  });
});

describe('production warnings of a real service', () => {
  it('warns when real providers would notify a PUBLIC_URL that is not https, and only then', () => {
    const http = loadConfig({ ...BOTH, PUBLIC_URL: 'http://read.example.com', DEMO: '0' });
    expect(startupWarnings(http, { NODE_ENV: 'production' })).toEqual([
      expect.stringMatching(/^NODE_ENV=production with pay provider alipay, wechat and PUBLIC_URL not https/),
    ]);
    expect(startupWarnings(loadConfig({ ...BOTH, DEMO: '0' }), { NODE_ENV: 'production' })).toEqual([]);
    expect(startupWarnings(http, { NODE_ENV: 'development' })).toEqual([]);
  });
});

describe('any combination: the sandbox stands in only for providers not configured', () => {
  it('sandbox + alipay: 支付宝 from Alipay, 微信支付 and 银行卡 from the sandbox', async () => {
    const t = await startListeningApp({ PAY_PROVIDER: 'sandbox,alipay', ...ALIPAY });
    try {
      const user = await registerUser(t.app);
      const res = await t.app.inject({ url: `${Api.recharge}?appType=wap_browser`, headers: user.headers });
      const subTypes = res.json<{ data: RechargeData }>().data.subTypes;
      expect(subTypes.map((s) => s.subTypeCode)).toEqual(['alipay_quick_wap', 'wechat_wap', 'bank_wap']);
      // The native shell has app pay from the sandbox only (the real adapters offer mobile web pay).
      const shell = await t.app.inject({ url: `${Api.recharge}?appType=shell`, headers: user.headers });
      expect(shell.json<{ data: RechargeData }>().data.subTypes.map((s) => s.subTypeCode)).toEqual([
        'alipay_app',
        'wechat_app',
      ]);
    } finally {
      await t.close();
    }
  });
});
