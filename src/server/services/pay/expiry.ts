import type { Kysely, Selectable } from 'kysely';
import type { DB, RechargeOrdersTable } from '../../db/schema.js';
import type { Clock } from '../../ports/clock.js';
import type { PayProvider, ProviderQuery } from '../../ports/pay-provider.js';
import type { ProviderRegistry } from '../../ports/providers.js';
import { logNotification, settlePaid } from './settle.js';

/**
 * How long after its 2-minute window an unpaid order is left alone. A payer who pressed 支付 at 1:59
 * is normally credited by the notification within seconds (the sandbox retries at 1, 2, 5 and 10 s;
 * WeChat's first retry is at 15 s), and a provider's own expiry is not exact to the second (clock
 * skew, minute-granular timeouts). A minute lets those settle the ordinary way, so the sweep's query
 * is left for notifications that were really lost, while such a payer still gets the money within
 * about 1.5 minutes (grace plus at most one sweep interval).
 */
export const EXPIRY_GRACE_MS = 60_000;
/**
 * A claim holds an order this long: longer than a provider query + close + query round trip. A node
 * that dies mid-way (or a provider that failed) leaves the order to the next sweep after it lapses.
 */
export const SWEEP_CLAIM_MS = 60_000;
/** A paid amount that differs from the order needs a person; look again only hourly meanwhile. */
const MISMATCH_RETRY_MS = 3_600_000;
const BATCH = 50;
/** Provider calls per node at once: enough to drain a backlog, polite to the provider. */
const PARALLEL = 4;

export type SweepOutcome =
  /** Unpaid: closed at the provider and EXPIRED here. */
  | 'expired'
  /** The provider had taken the money (its notification lost or late): credited now, once. */
  | 'credited'
  /** Paid and already credited by a notification that arrived meanwhile. */
  | 'duplicate'
  /** The provider still shows it open after close: tried again once the claim lapses. */
  | 'open'
  /** The provider reports another amount than the order's: not credited, logged. */
  | 'mismatch'
  /** A provider or database error: tried again once the claim lapses. */
  | 'failed'
  /** Another sweep holds it, or it was paid or closed in between. */
  | 'skipped';

export interface SweepDeps {
  db: Kysely<DB>;
  providers: ProviderRegistry<PayProvider>;
  log?: (level: 'info' | 'warn', msg: string, extra?: object) => void;
}

export type SweepReport = Record<SweepOutcome, string[]>;

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Claims one order for this sweep with a conditional UPDATE: still CREATED, past its window and grace,
 * and not held by a live claim. Exactly one of several concurrent sweeps gets the row.
 */
async function claim(db: Kysely<DB>, outTradeNo: string, now: Date) {
  const nowText = now.toISOString();
  return db
    .updateTable('recharge_orders')
    .set((eb) => ({
      sweep_claimed_until: iso(now.getTime() + SWEEP_CLAIM_MS),
      sweep_attempts: eb('sweep_attempts', '+', 1),
    }))
    .where('out_trade_no', '=', outTradeNo)
    .where('status', '=', 'CREATED')
    .where('expire_at', '<', iso(now.getTime() - EXPIRY_GRACE_MS))
    .where((eb) => eb.or([eb('sweep_claimed_until', 'is', null), eb('sweep_claimed_until', '<', nowText)]))
    .returningAll()
    .executeTakeFirst();
}

async function creditFromQuery(
  deps: SweepDeps,
  order: Selectable<RechargeOrdersTable>,
  q: ProviderQuery,
  now: Date,
): Promise<SweepOutcome> {
  const { db } = deps;
  if (q.amount !== order.amount) {
    await logNotification(db, {
      provider: order.provider,
      outTradeNo: order.out_trade_no,
      notifyId: 'sweep-query',
      outcome: 'rejected',
      detail: `query amount ${q.amount ?? 'none'} != order ${order.amount}`,
      at: now,
    });
    await db
      .updateTable('recharge_orders')
      .set({ sweep_claimed_until: iso(now.getTime() + MISMATCH_RETRY_MS) })
      .where('out_trade_no', '=', order.out_trade_no)
      .execute();
    deps.log?.('warn', 'expiry sweep: provider paid amount differs from order', {
      outTradeNo: order.out_trade_no,
      amount: q.amount,
      expected: order.amount,
    });
    return 'mismatch';
  }
  const outcome = await settlePaid(
    db,
    {
      provider: order.provider,
      outTradeNo: order.out_trade_no,
      amount: order.amount,
      providerTradeNo: q.providerTradeNo ?? order.provider_trade_no ?? '',
      paidAt: q.paidAt ?? now.toISOString(),
      notifyId: 'sweep-query',
      source: 'query',
    },
    now,
  );
  if (outcome === 'duplicate') return 'duplicate';
  // Money that reached us only through the sweep means a notification went missing: worth a look.
  deps.log?.('warn', 'expiry sweep credited a paid order its notification never settled', {
    outTradeNo: order.out_trade_no,
  });
  return 'credited';
}

/**
 * Reconciles one order with its provider: query first; paid → credited through settlePaid, the path a
 * notification takes; otherwise close at the provider, query again (the payer may have paid in
 * between, and a paid payment does not close), and only a closed or unknown payment turns the order
 * EXPIRED. Every step is safe to repeat, so a claim that lapsed mid-way costs nothing but a retry.
 */
export async function reconcileOrder(deps: SweepDeps, outTradeNo: string, now: Date): Promise<SweepOutcome> {
  const { db } = deps;
  const order = await claim(db, outTradeNo, now);
  if (!order) return 'skipped';
  try {
    const provider = deps.providers.get(order.provider);
    if (!provider) throw new Error(`no provider ${order.provider}`);
    let q = await provider.query(outTradeNo);
    if (q.status === 'WAIT' || q.status === 'UNKNOWN') {
      await provider.close(outTradeNo);
      q = await provider.query(outTradeNo);
    }
    if (q.status === 'PAID') return await creditFromQuery(deps, order, q, now);
    if (q.status === 'WAIT') {
      deps.log?.('warn', 'expiry sweep: provider kept an order open after close', { outTradeNo });
      return 'open';
    }
    // A notification that paid it meanwhile wins: only a still-CREATED order turns EXPIRED.
    const closed = await db
      .updateTable('recharge_orders')
      .set({ status: 'EXPIRED', closed_at: now.toISOString(), sweep_claimed_until: null })
      .where('out_trade_no', '=', outTradeNo)
      .where('status', '=', 'CREATED')
      .returning('id')
      .executeTakeFirst();
    return closed ? 'expired' : 'skipped';
  } catch (err) {
    deps.log?.('warn', 'expiry sweep: reconciling an order failed; retried after the claim lapses', {
      outTradeNo,
      err: String(err),
    });
    return 'failed';
  }
}

/** One batch: the oldest unclaimed CREATED orders past window and grace, a few at a time. */
export async function sweepExpiredOrders(deps: SweepDeps, now: Date, limit = BATCH): Promise<SweepReport> {
  const report: SweepReport = {
    expired: [],
    credited: [],
    duplicate: [],
    open: [],
    mismatch: [],
    failed: [],
    skipped: [],
  };
  const nowText = now.toISOString();
  const due = await deps.db
    .selectFrom('recharge_orders')
    .select('out_trade_no')
    .where('status', '=', 'CREATED')
    .where('expire_at', '<', iso(now.getTime() - EXPIRY_GRACE_MS))
    .where((eb) => eb.or([eb('sweep_claimed_until', 'is', null), eb('sweep_claimed_until', '<', nowText)]))
    .orderBy('expire_at')
    .limit(limit)
    .execute();
  for (let i = 0; i < due.length; i += PARALLEL) {
    const slice = due.slice(i, i + PARALLEL).map((d) => d.out_trade_no);
    const outcomes = await Promise.all(slice.map((no) => reconcileOrder(deps, no, now)));
    outcomes.forEach((o, j) => report[o].push(slice[j]!));
  }
  return report;
}

/** The job that sweeps (defined by the wiring; every ORDER_SWEEP_MS, 0: only when run by hand). */
export const ORDER_SWEEP_JOB = 'order-sweep';

/**
 * One run of the sweep job: batches until one comes back short, so a backlog clears within a run, or
 * until the jobs stop. Each batch reads "now" afresh. Any node may run it; the per-order claims keep
 * runs off each other's orders even if two overlap.
 */
export async function drainExpiredOrders(deps: SweepDeps, clock: Clock, signal: AbortSignal): Promise<void> {
  for (;;) {
    const report = await sweepExpiredOrders(deps, clock.now());
    const handled = Object.values(report).reduce((n, list) => n + list.length, 0);
    if (report.expired.length || report.credited.length)
      deps.log?.('info', 'expiry sweep pass', {
        expired: report.expired.length,
        credited: report.credited.length,
      });
    if (signal.aborted || handled < BATCH) return;
  }
}
