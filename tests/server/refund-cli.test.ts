import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { seedPayData } from '../../src/server/services/pay/defaults.js';
import { balanceOf, checkInvariants, payConfig, registerUser, topUp } from './helpers/money.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

const ROOT = resolve(import.meta.dirname, '../..');

/**
 * `npm run refund -- …` as an operator types it (viaNpm), or the same script run by node directly
 * (quicker), on the test app's database.
 */
function runRefund(
  t: TestApp,
  args: string[],
  viaNpm = false,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((done) => {
    const [cmd, pre] = viaNpm
      ? ['npm', ['run', '--silent', 'refund', '--']]
      : [process.execPath, ['--import', 'tsx', 'src/server/services/refunds/cli.ts']];
    const child = spawn(cmd, [...pre, ...args], {
      cwd: ROOT,
      env: {
        ...process.env,
        DATA_DIR: t.config.dataDir,
        DATABASE_URL: t.config.databaseUrl ?? '',
        LOG_LEVEL: 'silent',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.once('exit', (code) => done({ code, stdout, stderr }));
  });
}

describe('npm run refund', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await seedPayData(t.database.db);
  });
  afterAll(() => t.close());
  afterEach(() => checkInvariants(t.database.db));
  const db = () => t.database.db;
  const paidOrder = async () => {
    const u = await registerUser(t.app);
    const cfg = await payConfig(db(), 'coin', 0); // ¥6 → 60 coins
    const { orderNo } = await topUp(t.app, db(), u, cfg);
    return { u, orderNo };
  };

  it(
    'refunds an order, prints the outcome in plain words and exits 0; the same command again refunds nothing more',
    { timeout: 120_000 },
    async () => {
      const { u, orderNo } = await paidOrder();
      const first = await runRefund(t, [orderNo, '--reason', '用户申请退款'], true);
      expect(first.code, first.stderr).toBe(0);
      expect(first.stdout).toContain(`of order ${orderNo}: ¥6.00 (600 fen) of ¥6.00 paid, through sandbox.`);
      expect(first.stdout).toContain('Refunded: the money went back to the payer');
      expect(first.stdout).toContain('Coins taken back: 60 of 60');
      expect(await balanceOf(db(), u.userId)).toBe(0);
      const again = await runRefund(t, [orderNo, '--reason', '用户申请退款']);
      expect(again.code).toBe(0);
      expect(again.stdout).toContain('nothing was refunded again');
      expect(
        await db().selectFrom('sandbox_refunds').select('id').where('out_trade_no', '=', orderNo).execute(),
      ).toHaveLength(1);
      const refunds = await db()
        .selectFrom('refunds')
        .select(['operator', 'reason'])
        .where('out_trade_no', '=', orderNo)
        .execute();
      expect(refunds).toEqual([{ operator: expect.stringMatching(/^cli:/), reason: '用户申请退款' }]);
    },
  );

  it('exits 1 on a refusal and says why; 2 on bad arguments', { timeout: 120_000 }, async () => {
    const { u, orderNo } = await paidOrder();
    const tooMuch = await runRefund(t, [orderNo, '601', '--reason', 'too much']);
    expect(tooMuch.code).toBe(1);
    expect(tooMuch.stdout).toContain(
      `Refused: refund of 601 fen refused: order ${orderNo} was paid 600 fen and 0 fen of it is already refunded or being refunded, so at most 600 fen is left. Nothing was refunded.`,
    );
    const unknown = await runRefund(t, ['IR20260101000000000000000000000000', '--reason', 'x']);
    expect(unknown.code).toBe(1);
    expect(unknown.stdout).toContain('does not exist');
    const noReason = await runRefund(t, [orderNo]);
    expect(noReason.code).toBe(2);
    expect(noReason.stderr).toContain('--reason "…" is required');
    const badAmount = await runRefund(t, [orderNo, '6.00', '--reason', 'x']);
    expect(badAmount.code).toBe(2);
    expect(badAmount.stderr).toContain('amountFen must be a whole number of fen');
    expect(await balanceOf(db(), u.userId)).toBe(60);
    expect(
      await db().selectFrom('refunds').select('id').where('out_trade_no', '=', orderNo).execute(),
    ).toEqual([]);
  });
});
