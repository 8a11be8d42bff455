/**
 * A refund caller that dies by SIGKILL right after the provider refunded and before our settlement:
 * run as its own process by money-refund.test.ts (node --import tsx), on the test app's database.
 * Env: DATA_DIR, DATABASE_URL, ORDER_NO, REASON.
 */
import { buildContext } from '../../../src/server/composition-root.js';
import { loadConfig } from '../../../src/server/config.js';
import { openDatabase } from '../../../src/server/db/database.js';
import { registryOf } from '../../../src/server/services/provider-registry.js';
import { requestRefund } from '../../../src/server/services/refunds/request.js';

const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent' });
const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const ctx = await buildContext(config, database);
const providers = registryOf(
  ctx.payProviders.names().map((name) => {
    const p = ctx.payProviders.get(name)!;
    return {
      ...p,
      async refund(request: Parameters<typeof p.refund>[0]) {
        const answer = await p.refund(request);
        process.kill(process.pid, 'SIGKILL'); // the provider's answer never reaches the settlement
        return answer;
      },
    };
  }),
);
await requestRefund(
  { db: ctx.db, providers, clock: ctx.clock },
  { orderNo: process.env.ORDER_NO!, reason: process.env.REASON!, operator: 'crash-test' },
);
process.stdout.write('settled: the kill never came\n');
process.exit(0);
