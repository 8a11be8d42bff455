import type { App, Ctx } from './context.js';
import { ownBaseUrl } from './http/own-base-url.js';
import { drainExpiredOrders, ORDER_SWEEP_JOB } from './services/pay/expiry.js';
import { RECONCILE_EVERY_MS, RECONCILE_JOB, runReconciliation } from './services/pay/reconcile.js';
import { REFUND_SWEEP_JOB, REFUND_SWEEP_MS, runRefundSweep } from './services/refunds/sweep.js';
import { SANDBOX } from './services/pay/sandbox/provider.js';
import {
  NOTIFY_LEASE_MS,
  NOTIFY_POLL_MS,
  SANDBOX_NOTIFY_JOB,
  SandboxNotifier,
} from './services/pay/sandbox/notifier.js';

/**
 * The server's background jobs: the order expiry sweep (every ORDER_SWEEP_MS; 0: never on its own),
 * the refund sweep (finishes refunds left open, every minute), the daily reconciliation with the pay
 * providers, and the sandbox's notification delivery. Only a listening server runs them: app.inject in tests
 * never listens, and tests drive a job with ctx.jobs.runNow. Stopped on close, before the database.
 */
export function registerServerJobs(app: App, ctx: Ctx): void {
  const { db, config, clock, jobs } = ctx;
  const providers = ctx.payProviders;
  const log = (level: 'info' | 'warn', msg: string, extra?: object) => app.log[level](extra ?? {}, msg);
  jobs.define({
    name: ORDER_SWEEP_JOB,
    everyMs: config.orderSweepMs,
    run: ({ signal }) => drainExpiredOrders({ db, providers, log }, clock, signal),
  });
  jobs.define({
    name: REFUND_SWEEP_JOB,
    everyMs: REFUND_SWEEP_MS,
    run: () => runRefundSweep({ db, providers, clock, log }, clock),
  });
  jobs.define({
    name: RECONCILE_JOB,
    everyMs: RECONCILE_EVERY_MS,
    run: ({ signal }) => runReconciliation({ db, providers, log }, clock, signal),
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
