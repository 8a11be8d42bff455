import type { App, Ctx } from './context.js';
import { ownBaseUrl } from './http/own-base-url.js';
import { drainExpiredOrders, ORDER_SWEEP_JOB } from './services/pay/expiry.js';
import { SANDBOX } from './services/pay/sandbox/provider.js';
import {
  NOTIFY_LEASE_MS,
  NOTIFY_POLL_MS,
  SANDBOX_NOTIFY_JOB,
  SandboxNotifier,
} from './services/pay/sandbox/notifier.js';

/**
 * The server's background jobs: the order expiry sweep (every ORDER_SWEEP_MS; 0: never on its own)
 * and the sandbox's notification delivery. Only a listening server runs them: app.inject in tests
 * never listens, and tests drive a job with ctx.jobs.runNow. Stopped on close, before the database.
 */
export function registerServerJobs(app: App, ctx: Ctx): void {
  const { db, config, clock, jobs } = ctx;
  const providers = ctx.payProviders;
  jobs.define({
    name: ORDER_SWEEP_JOB,
    everyMs: config.orderSweepMs,
    run: ({ signal }) =>
      drainExpiredOrders(
        { db, providers, log: (level, msg, extra) => app.log[level](extra ?? {}, msg) },
        clock,
        signal,
      ),
  });
  app.addHook('onListen', async () => jobs.start());
  app.addHook('onClose', async () => jobs.stop());
  // The sandbox's notifications exist only where the sandbox is a configured provider.
  if (!providers.get(SANDBOX)) return;
  const notifier = new SandboxNotifier({
    db,
    clock,
    baseUrl: () => ownBaseUrl(app, config.publicUrl),
    log: (msg, extra) => app.log.warn(extra ?? {}, msg),
  });
  jobs.define({
    name: SANDBOX_NOTIFY_JOB,
    everyMs: NOTIFY_POLL_MS,
    leaseMs: NOTIFY_LEASE_MS,
    run: () => notifier.runDue(),
  });
}
