import type { Kysely, Selectable } from 'kysely';
import type { DB, RechargeOrdersTable } from '../../db/schema.js';
import type { Clock } from '../../ports/clock.js';
import type { PayProvider, ProviderQuery } from '../../ports/pay-provider.js';
import type { ProviderRegistry } from '../../ports/providers.js';
import { EXPIRY_GRACE_MS } from './expiry.js';
import { recordMismatch, type Mismatch, type MismatchKind } from './mismatches.js';

/** The daily reconciliation job (defined by the wiring). */
export const RECONCILE_JOB = 'pay-reconcile';
export const RECONCILE_EVERY_MS = 86_400_000;
/** How far back paid and closed orders are compared: the day since the last run. */
export const RECONCILE_WINDOW_MS = 86_400_000;
const PARALLEL = 4;
const PAGE = 200;

export interface ReconcileDeps {
  db: Kysely<DB>;
  providers: ProviderRegistry<PayProvider>;
  log?: (level: 'info' | 'warn', msg: string, extra?: object) => void;
}

export interface ReconcileReport {
  checked: number;
  /** Mismatches seen in this run (first sightings and repeats), by order. */
  mismatches: { outTradeNo: string; kind: MismatchKind }[];
  /** Orders whose provider could not be asked (tried again next run). */
  failed: string[];
}

type Order = Selectable<RechargeOrdersTable>;

/**
 * What the provider's word means against our order, or null when they agree. A paid order we refunded
 * in full may read as closed at the provider (Alipay TRADE_CLOSED): that agrees.
 */
export function compare(order: Order, q: ProviderQuery): { kind: MismatchKind; detail: string } | null {
  const providerPaid = q.status === 'PAID';
  if (order.status === 'PAID') {
    if (providerPaid) {
      if (q.amount !== undefined && q.amount !== order.amount)
        return {
          kind: 'amount_differs',
          detail: `provider paid ${q.amount} fen, order credited for ${order.amount}`,
        };
      return null;
    }
    // A paid trade reads as closed once refunded in full (Alipay TRADE_CLOSED): only our asking for
    // all of it explains that. A part refunded by us does not: the rest went back elsewhere (the
    // provider's console) while its coins stay credited here.
    if (q.status === 'CLOSED' && order.refund_reserved >= order.amount) return null;
    return {
      kind: 'credited_not_paid',
      detail: `credited here (paid ${order.paid_at ?? '?'}), provider says ${q.status}; never reversed automatically`,
    };
  }
  if (providerPaid)
    return {
      kind: 'paid_not_credited',
      detail:
        order.status === 'EXPIRED'
          ? `provider took ${q.amount ?? '?'} fen for an order closed here at ${order.closed_at ?? '?'}: refund it`
          : `provider took ${q.amount ?? '?'} fen, order still ${order.status} here (its notification never settled; the expiry sweep credits it)`,
    };
  return null;
}

/**
 * The orders a run compares: every order still open here past its window and grace (so still open at
 * its provider as far as we know: in-flight orders are the notification's business), every order
 * closed here in the window (a payment may have reached the provider anyway) and every order paid in
 * the window. Read page by page, by id.
 */
async function* candidates(db: Kysely<DB>, now: Date): AsyncGenerator<Order[]> {
  const since = new Date(now.getTime() - RECONCILE_WINDOW_MS).toISOString();
  const openBefore = new Date(now.getTime() - EXPIRY_GRACE_MS).toISOString();
  let after = 0;
  for (;;) {
    const rows = await db
      .selectFrom('recharge_orders')
      .selectAll()
      .where('id', '>', after)
      .where((eb) =>
        eb.or([
          eb.and([eb('status', '=', 'CREATED'), eb('expire_at', '<', openBefore)]),
          eb.and([eb('status', '=', 'EXPIRED'), eb('closed_at', '>=', since)]),
          eb.and([eb('status', '=', 'PAID'), eb('paid_at', '>=', since)]),
        ]),
      )
      .orderBy('id')
      .limit(PAGE)
      .execute();
    if (rows.length === 0) return;
    yield rows;
    after = rows.at(-1)!.id;
    if (rows.length < PAGE) return;
  }
}

async function check(deps: ReconcileDeps, order: Order, now: Date, report: ReconcileReport) {
  const provider = deps.providers.get(order.provider);
  let q: ProviderQuery;
  try {
    if (!provider) throw new Error(`pay provider ${order.provider} is not configured`);
    q = await provider.query(order.out_trade_no);
  } catch (err) {
    report.failed.push(order.out_trade_no);
    deps.log?.('warn', 'reconciliation: the provider could not be asked', {
      outTradeNo: order.out_trade_no,
      err: String(err),
    });
    return;
  }
  report.checked += 1;
  const found = compare(order, q);
  if (!found) return;
  const m: Mismatch = {
    outTradeNo: order.out_trade_no,
    provider: order.provider,
    kind: found.kind,
    ourStatus: order.status,
    ourAmount: order.amount,
    providerStatus: q.status,
    providerAmount: q.amount ?? null,
    source: 'reconcile',
    detail: found.detail,
    at: now,
  };
  const first = await recordMismatch(deps.db, m);
  report.mismatches.push({ outTradeNo: order.out_trade_no, kind: found.kind });
  deps.log?.('warn', `reconciliation mismatch: ${found.kind}`, {
    outTradeNo: order.out_trade_no,
    provider: order.provider,
    ours: `${order.status} ${order.amount}`,
    theirs: `${q.status} ${q.amount ?? '?'}`,
    first,
  });
}

/**
 * One reconciliation: asks each candidate order's provider where it stands and records what disagrees
 * (pay_mismatches, logged as warnings). It changes no order and no balance: credited-but-unpaid above
 * all is for a person, never reversed here. Safe to run again (a repeat sighting updates its row).
 */
export async function reconcilePayments(
  deps: ReconcileDeps,
  now: Date,
  signal?: AbortSignal,
): Promise<ReconcileReport> {
  const report: ReconcileReport = { checked: 0, mismatches: [], failed: [] };
  for await (const page of candidates(deps.db, now)) {
    for (let i = 0; i < page.length; i += PARALLEL) {
      if (signal?.aborted) throw new Error('reconciliation stopped');
      await Promise.all(page.slice(i, i + PARALLEL).map((o) => check(deps, o, now, report)));
    }
  }
  deps.log?.(report.mismatches.length || report.failed.length ? 'warn' : 'info', 'reconciliation done', {
    checked: report.checked,
    mismatches: report.mismatches.length,
    failed: report.failed.length,
  });
  return report;
}

export async function runReconciliation(
  deps: ReconcileDeps,
  clock: Clock,
  signal: AbortSignal,
): Promise<void> {
  await reconcilePayments(deps, clock.now(), signal);
}
