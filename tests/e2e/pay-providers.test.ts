/**
 * Real pay providers end to end in a phone-sized Chromium (issue 32): a server of its own with DEMO=0
 * and PAY_PROVIDER=alipay,wechat, the adapters pointed at local fakes of Alipay's gateway and WeChat
 * Pay's API (tests/server/helpers/fake-*.ts: they check our signatures, sign their answers and send
 * signed notifies as the providers do). 充值 → choose the channel → the provider's pay page → pay →
 * the provider's notify → back on Mine: the balance and the pay-result prompt, within the 2-minute
 * window. No sandbox channel or cashier is anywhere.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { AccountText, RecordText } from '../../src/contract';
import { freePort } from '../bench/server';
import { startFakeAlipay, type FakeAlipay } from '../server/helpers/fake-alipay';
import { rsaPair } from '../server/helpers/fake-gateway';
import { startFakeWechatpay, type FakeWechatpay } from '../server/helpers/fake-wechatpay';
import { buildDist, distIsStale } from './global-setup';
import { launchMobile, type Mobile } from './helpers';

const ROOT = resolve(import.meta.dirname, '..', '..');

/** Runs a command of the project to its end: its exit status and what it printed. */
function runCommand(cmd: string, args: string[], env: NodeJS.ProcessEnv) {
  return new Promise<{ status: number | null; stdout: string; stderr: string }>((done) => {
    const child = spawn(cmd, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.once('exit', (status) => done({ status, stdout, stderr }));
  });
}

/** The suite's dist/ snapshot; against an outside server (E2E_BASE_URL) this file builds its own. */
function distDir(): string {
  const injected = inject('distDir');
  if (injected) return injected;
  if (distIsStale()) buildDist();
  return join(ROOT, 'dist');
}

describe('pay through Alipay and WeChat Pay (local fakes)', () => {
  const app = rsaPair();
  const merchant = { ...rsaPair(), serial: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1' };
  let alipay: FakeAlipay;
  let wechat: FakeWechatpay;
  let server: ChildProcess;
  /** The server's settings: the refund command runs with the same (database, providers, keys). */
  let serverEnv: NodeJS.ProcessEnv;
  let dataDir: string;
  let output = '';
  let m: Mobile;
  let page: Page;
  let expected = 0;

  beforeAll(async () => {
    alipay = await startFakeAlipay(app.publicKey);
    wechat = await startFakeWechatpay(merchant.publicKey);
    dataDir = mkdtempSync(join(tmpdir(), 'inkreel-pay-e2e-'));
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    serverEnv = {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DIST_DIR: distDir(),
      DATABASE_URL: '',
      DEMO: '0',
      LOG_LEVEL: 'warn',
      SCRYPT_COST_LOG2: '12',
      CHECK_ANSWERS: '1',
      PUBLIC_URL: base,
      PAY_PROVIDER: 'alipay,wechat',
      ...alipay.env(app.privatePem),
      ...wechat.env(merchant),
    };
    server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      cwd: ROOT,
      env: serverEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const keep = (c: Buffer) => (output = (output + c.toString()).slice(-20_000));
    server.stdout?.on('data', keep);
    server.stderr?.on('data', keep);
    const deadline = Date.now() + 120_000;
    for (;;) {
      if (server.exitCode !== null) throw new Error(`server exited: ${output}`);
      const up = await fetch(`${base}/healthz`).then(
        (r) => r.ok,
        () => false,
      );
      if (up) break;
      if (Date.now() > deadline) throw new Error(`server did not start: ${output}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    m = await launchMobile({ baseUrl: base });
    page = m.page;
  }, 600_000);

  afterAll(async () => {
    await m?.close();
    if (server && server.exitCode === null) {
      const exited = new Promise((r) => server.once('exit', r));
      server.kill('SIGTERM');
      await exited;
    }
    await alipay?.close();
    await wechat?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const coinsOnMine = () => page.getByTestId('mine-coins').innerText().then(Number);

  /** 充值 → a package → the channel named → the provider's page; answers the order's coins. */
  async function payWith(channel: string, providerPage: RegExp, payButton: string) {
    await page.goto('/purchase');
    const pkg = page.getByRole('button', { name: /^300金币/ }).first();
    await pkg.click();
    const sheet = page.getByRole('dialog', { name: AccountText.choosePayChannel });
    await sheet.waitFor({ timeout: 15_000 });
    await sheet.getByText(AccountText.payWithin).waitFor();
    const names = await sheet.locator('button.channel .channel-name').allInnerTexts();
    expect(names).toEqual(['支付宝', '微信支付']);
    await sheet.locator('button.channel', { hasText: channel }).click();
    await page.waitForURL(providerPage, { timeout: 20_000 });
    await page.getByRole('button', { name: payButton }).click();
    // The provider notified us before it sent the payer back (our answer is in its list).
    await page.waitForURL(/\/user$/, { timeout: 20_000 });
  }

  async function paidPromptAndCoins(want: number) {
    const prompt = page.getByRole('dialog', { name: AccountText.payResultQuestion });
    await prompt.waitFor({ timeout: 15_000 });
    await page.waitForFunction(
      (w) => Number(document.querySelector('[data-testid="mine-coins"]')?.textContent) === w,
      want,
      { timeout: 30_000, polling: 200 },
    );
    await prompt.getByRole('button', { name: AccountText.paidYes }).click();
    const yes = page.getByRole('dialog', { name: AccountText.paidYes });
    await yes.getByRole('button', { name: AccountText.ok }).click();
    await yes.waitFor({ state: 'detached' });
  }

  it('a new visitor starts with 0 coins', async () => {
    await page.goto('/user');
    const sign = page.getByRole('dialog', { name: AccountText.signTitle });
    await sign.waitFor({ timeout: 15_000 });
    await sign.getByRole('button', { name: AccountText.close }).click();
    await sign.waitFor({ state: 'detached' });
    expect(await coinsOnMine()).toBe(0);
  });

  it('支付宝: Alipay cashier → 确认付款 → notify answered "success" → 330 coins and the pay-result prompt', async () => {
    const started = Date.now();
    await payWith('支付宝', new RegExp(`^${alipay.gateway}\\?`), '确认付款');
    expect(alipay.replies.at(-1)).toMatchObject({ status: 200, body: 'success' });
    expected += 330;
    await paidPromptAndCoins(expected);
    expect(Date.now() - started).toBeLessThan(120_000);
    expect(alipay.badlySigned).toBe(0);
  });

  it('微信支付: WeChat Pay H5 page → 确认支付 → notify answered 204 → 330 more coins and the prompt', async () => {
    const started = Date.now();
    await payWith('微信支付', new RegExp(`^${wechat.base}/pay/mweb\\?`), '确认支付');
    expect(wechat.replies.at(-1)).toMatchObject({ status: 204, body: '' });
    expected += 330;
    await paidPromptAndCoins(expected);
    expect(Date.now() - started).toBeLessThan(120_000);
    expect(wechat.badlySigned).toBe(0);
  });

  it('the operator refunds both orders (npm run refund): Mine, 金币明细 and the ledger follow', async () => {
    const alipayOrder = [...alipay.trades.values()].find((t) => t.status === 'TRADE_SUCCESS')!;
    const wechatOrder = [...wechat.transactions.values()].find((t) => t.state === 'SUCCESS')!;
    for (const order of [alipayOrder.outTradeNo, wechatOrder.outTradeNo]) {
      // Not spawnSync: the fake providers answer from this process, which must keep running.
      const run = await runCommand(
        'npm',
        ['run', '--silent', 'refund', '--', order, '--reason', '用户申请退款'],
        { ...serverEnv, LOG_LEVEL: 'silent' },
      );
      expect(run.status, `${run.stdout}${run.stderr}`).toBe(0);
      expected -= 330;
    }
    // Each provider refunded its payment in full, once.
    expect([...alipayOrder.refunds.values()]).toEqual(['30.00']);
    expect([...wechatOrder.refunds.values()].map((r) => r.amount)).toEqual([3000]);

    await page.goto('/user');
    await page.waitForFunction(
      (w) => Number(document.querySelector('[data-testid="mine-coins"]')?.textContent) === w,
      expected,
      { timeout: 30_000, polling: 200 },
    );
    await page.goto('/user/purchase/history');
    await page.getByRole('tab', { name: RecordText.coinsTab }).click();
    const rows = page.getByTestId('coin-row');
    await rows.nth(3).waitFor();
    const texts = await rows.allInnerTexts();
    expect(texts.filter((t) => t.includes(RecordText.refund('300金币')))).toHaveLength(2);
    expect(texts[0]).toContain(RecordText.coins(-330));

    // Money stays exact: the balance is the sum of the ledger, and each refund has one reversal.
    const db = new SQLite(join(dataDir, 'inkreel.sqlite'), { readonly: true });
    try {
      const users = db
        .prepare(
          'select u.balance, (select coalesce(sum(l.amount), 0) from ledger l where l.user_id = u.id) as sum from users u',
        )
        .all() as { balance: number; sum: number }[];
      expect(users.length).toBeGreaterThan(0);
      for (const u of users) expect(u.balance).toBe(u.sum);
      const refunds = db.prepare('select status from refunds').all() as { status: string }[];
      expect(refunds.map((r) => r.status)).toEqual(['SUCCESS', 'SUCCESS']);
    } finally {
      db.close();
    }
  });

  it('no sandbox cashier exists on this service', async () => {
    const res = await page.request.get('/h5/sandbox/cashier.css');
    expect(res.status()).toBe(404);
  });
});
