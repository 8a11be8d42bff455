import { expect } from 'vitest';
import type { PayData } from '../../../src/contract/index.js';
import type { CtxOverrides } from '../../../src/server/context.js';
import { ensureProviderChannels, seedPayData } from '../../../src/server/services/pay/defaults.js';
import { createPayOrder, payConfig, type PayConfigRow, type TestUser } from './money.js';
import { freePort } from './money-server.js';
import { createTestApp, type TestApp } from './test-app.js';

/**
 * An app listening on 127.0.0.1 with PUBLIC_URL its own address, so a provider's fake gateway can
 * notify it over real HTTP at the URL the adapter handed the provider. Packages and channels seeded
 * as a start does (defaults plus each configured provider's channel).
 */
export async function startListeningApp(
  env: Record<string, string>,
  overrides: CtxOverrides = {},
): Promise<TestApp & { base: string }> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const t = await createTestApp({ PUBLIC_URL: base, ORDER_SWEEP_MS: '0', ...env }, undefined, overrides);
  await t.app.listen({ port, host: '127.0.0.1' });
  await seedPayData(t.database.db);
  await ensureProviderChannels(t.database.db, t.ctx.payProviders.names());
  return { ...t, base };
}

/** Opens an order on a channel; the pay answer's data. */
export async function openOrder(
  t: TestApp,
  user: TestUser,
  channel: string,
  cfg?: PayConfigRow,
): Promise<{ data: PayData; cfg: PayConfigRow }> {
  const config = cfg ?? (await payConfig(t.database.db, 'coin', 0));
  const res = await createPayOrder(t.app, user, config, { channel });
  expect(res.statusCode, res.body).toBe(200);
  return { data: res.json<{ data: PayData }>().data, cfg: config };
}

/** The ledger entries crediting an order (one when credited once). */
export async function creditsOf(t: TestApp, outTradeNo: string): Promise<number> {
  const rows = await t.database.db
    .selectFrom('ledger')
    .select('id')
    .where('ref_type', '=', 'recharge_order')
    .where('ref_id', '=', outTradeNo)
    .execute();
  return rows.length;
}
