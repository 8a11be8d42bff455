import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SandboxCashierText, type PayData } from '../../src/contract/index.js';
import { buildApp } from '../../src/server/composition-root.js';
import { loadConfig } from '../../src/server/config.js';
import { vodPlayUrl } from '../../src/server/services/catalogue/vod-urls.js';
import { seedPayData } from '../../src/server/services/pay/defaults.js';
import { notificationFields } from '../../src/server/services/pay/sandbox/provider.js';
import { PAY_SECRET_SETTING } from '../../src/server/services/secrets.js';
import { startupWarnings } from '../../src/server/startup-warnings.js';
import { FAST_HASHING } from './helpers/accounts.js';
import { insertFixtureCatalogue, type FixtureCatalogue } from './helpers/fixtures.js';
import {
  balanceOf,
  createPayOrder,
  deliverNotification,
  payConfig,
  registerUser,
  tradeNoOf,
  type PayConfigRow,
} from './helpers/money.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/** The default the README used to print: anyone could sign with it. */
const OLD_PUBLIC_SECRET = 'inkreel-sandbox-secret-change-me';

/**
 * No install signs with a secret someone else knows: without PAY_SECRET each install generates its own,
 * keeps it across restarts, and the old public default opens nothing.
 */
describe('security: server secret', () => {
  let t: TestApp;
  let other: TestApp;
  let cfg: PayConfigRow;
  let f: FixtureCatalogue;

  beforeAll(async () => {
    [t, other] = await Promise.all([createTestApp(FAST_HASHING), createTestApp(FAST_HASHING)]);
    await seedPayData(t.database.db);
    cfg = await payConfig(t.database.db, 'coin');
    f = await insertFixtureCatalogue(t.database.db);
  });
  afterAll(async () => {
    await Promise.all([t?.close(), other?.close()]);
  });

  /** A notification for an order nobody paid, signed with `secret`. */
  async function forgedNotify(secret: string) {
    const user = await registerUser(t.app);
    const data = (await createPayOrder(t.app, user, cfg)).json<{ data: PayData }>().data;
    const fields = notificationFields(
      {
        trade_no: tradeNoOf(data.payUrl!),
        out_trade_no: data.orderNo,
        amount: cfg.amount_level,
        paid_at: new Date().toISOString(),
      },
      secret,
    );
    const res = await deliverNotification(t.app, new URLSearchParams(fields).toString());
    return { res, balance: await balanceOf(t.database.db, user.userId) };
  }

  it('the old public default forges no paid notification for an unpaid order', async () => {
    const forged = await forgedNotify(OLD_PUBLIC_SECRET);
    expect(forged.res.statusCode).toBe(400);
    expect(forged.res.body).toBe('fail');
    expect(forged.balance).toBe(0);
    // The same notification signed with this install's secret is credited: the test can tell.
    const genuine = await forgedNotify(t.config.paySecret);
    expect(genuine.res.body).toBe('success');
    expect(genuine.balance).toBe(cfg.item_count + cfg.present_count);
  });

  it('the old public default signs no full-video URL', async () => {
    const v = f.vods[0]!;
    const user = await registerUser(t.app);
    const play = { vodId: v.id, mediaKey: v.mediaKey, userId: user.userId } as const;
    const forged = vodPlayUrl({ config: { paySecret: OLD_PUBLIC_SECRET } }, play);
    expect((await t.app.inject({ url: forged })).statusCode).toBe(403);
    // Signed with the install's own secret, the same master is served (no HLS files here: 404, not 403).
    expect((await t.app.inject({ url: vodPlayUrl(t, play) })).statusCode).toBe(404);
  });

  it('two fresh installs get different secrets, kept in their database', async () => {
    for (const s of [t.config.paySecret, other.config.paySecret]) {
      expect(s).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(s).not.toBe(OLD_PUBLIC_SECRET);
    }
    expect(t.config.paySecret).not.toBe(other.config.paySecret);
    const row = await t.database.db
      .selectFrom('settings')
      .select('value')
      .where('key', '=', PAY_SECRET_SETTING)
      .executeTakeFirstOrThrow();
    expect(row.value).toBe(t.config.paySecret);
  });

  it('a restart (or a second node on the same database) keeps the same secret', async () => {
    const again = loadConfig({ DATA_DIR: t.config.dataDir, LOG_LEVEL: 'silent' });
    expect(again.paySecret).toBe('');
    const restarted = await buildApp({ config: again, database: t.database });
    try {
      await restarted.ready();
      expect(again.paySecret).toBe(t.config.paySecret);
      // A URL minted before the restart still plays after it.
      const v = f.vods[0]!;
      const url = vodPlayUrl(t, { vodId: v.id, mediaKey: v.mediaKey, userId: 1 });
      expect((await restarted.inject({ url })).statusCode).toBe(404);
      const forged = vodPlayUrl(other, { vodId: v.id, mediaKey: v.mediaKey, userId: 1 });
      expect((await restarted.inject({ url: forged })).statusCode).toBe(403);
    } finally {
      await restarted.close();
    }
  });

  it('PAY_SECRET, when set, is used as given and nothing is generated', async () => {
    const set = await createTestApp({ ...FAST_HASHING, PAY_SECRET: 'operator-chosen-secret-0123456789' });
    try {
      expect(set.config.paySecret).toBe('operator-chosen-secret-0123456789');
      const row = await set.database.db
        .selectFrom('settings')
        .select('value')
        .where('key', '=', PAY_SECRET_SETTING)
        .executeTakeFirst();
      expect(row).toBeUndefined();
    } finally {
      await set.close();
    }
  });

  it('labels the sandbox cashier as a test payment', async () => {
    const user = await registerUser(t.app);
    const data = (await createPayOrder(t.app, user, cfg)).json<{ data: PayData }>().data;
    const page = await t.app.inject({ url: new URL(data.payUrl!, 'http://x').pathname });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`<title>${SandboxCashierText.title}</title>`);
    expect(page.body).toContain(SandboxCashierText.banner);
    expect(SandboxCashierText.title).toContain('测试支付');
  });

  it('warns at start when production runs the sandbox pay provider', () => {
    const sandbox = loadConfig({ DEMO: '0' });
    expect(startupWarnings(sandbox, { NODE_ENV: 'production' })).toEqual([
      expect.stringContaining('sandbox pay provider'),
    ]);
    expect(startupWarnings(sandbox, { NODE_ENV: 'development' })).toEqual([]);
    const real = loadConfig({ PAY_PROVIDER: 'alipay', DEMO: '0' });
    expect(startupWarnings(real, { NODE_ENV: 'production' })).toEqual([]);
  });

  it('warns at start when production runs with DEMO on (its default)', () => {
    const demo = loadConfig({ PAY_PROVIDER: 'alipay' });
    expect(startupWarnings(demo, { NODE_ENV: 'production' })).toEqual([expect.stringContaining('DEMO=0')]);
    expect(startupWarnings(demo, { NODE_ENV: 'development' })).toEqual([]);
  });
});
