import type { Clock } from '../../ports/clock.js';
import { applyProviderWord, askProvider, claimRefund, type RefundDeps } from './request.js';
import { OPEN_STATUSES } from './settle.js';

/** The job that finishes refunds left open (defined by the wiring; every REFUND_SWEEP_MS). */
export const REFUND_SWEEP_JOB = 'refund-sweep';
/** A refund left open by a crash or an unreachable provider is finished within about a minute. */
export const REFUND_SWEEP_MS = 60_000;
const BATCH = 50;
/** Provider calls per node at once. */
const PARALLEL = 4;

export type RefundSweepOutcome = 'settled' | 'failed' | 'open' | 'error' | 'skipped';

/**
 * Finishes one open refund: claims it (one sweep, one caller at a time), asks queryRefund, and acts on
 * the answer as a fresh refund call would (settle once, fail, or leave open). UNKNOWN means the provider
 * never saw our refund number (we died before asking, or the request was lost): asked again under the
 * same number, which cannot refund twice.
 */
export async function finishRefund(
  deps: RefundDeps,
  refundNo: string,
  now: Date,
): Promise<RefundSweepOutcome> {
  const refund = await claimRefund(deps.db, refundNo, now);
  if (!refund) return 'skipped';
  try {
    const provider = deps.providers.get(refund.provider);
    if (!provider) throw new Error(`pay provider ${refund.provider} is not configured`);
    const word = await provider.queryRefund(refund.out_trade_no, refund.refund_no);
    if (word.status === 'UNKNOWN') {
      const order = await deps.db
        .selectFrom('recharge_orders')
        .select('amount')
        .where('out_trade_no', '=', refund.out_trade_no)
        .executeTakeFirstOrThrow();
      await askProvider(deps, refund, order.amount);
    } else {
      await applyProviderWord(deps, refund, word, now);
    }
    const after = await deps.db
      .selectFrom('refunds')
      .select('status')
      .where('refund_no', '=', refundNo)
      .executeTakeFirstOrThrow();
    if (after.status === 'SUCCESS') {
      deps.log?.('warn', 'refund sweep settled a refund its caller left open', { refundNo });
      return 'settled';
    }
    return after.status === 'FAILED' ? 'failed' : 'open';
  } catch (err) {
    deps.log?.('warn', 'refund sweep: finishing a refund failed; tried again after the claim lapses', {
      refundNo,
      err: String(err),
    });
    return 'error';
  }
}

/** One pass over open refunds whose claim is free or lapsed, oldest first, a few at a time. */
export async function sweepOpenRefunds(
  deps: RefundDeps,
  now: Date,
  limit = BATCH,
): Promise<Record<RefundSweepOutcome, string[]>> {
  const report: Record<RefundSweepOutcome, string[]> = {
    settled: [],
    failed: [],
    open: [],
    error: [],
    skipped: [],
  };
  const nowText = now.toISOString();
  const due = await deps.db
    .selectFrom('refunds')
    .select('refund_no')
    .where('status', 'in', OPEN_STATUSES)
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', nowText)]))
    .orderBy('created_at')
    .limit(limit)
    .execute();
  for (let i = 0; i < due.length; i += PARALLEL) {
    const slice = due.slice(i, i + PARALLEL).map((d) => d.refund_no);
    const outcomes = await Promise.all(slice.map((no) => finishRefund(deps, no, now)));
    outcomes.forEach((o, j) => report[o].push(slice[j]!));
  }
  return report;
}

/**
 * One run of the refund sweep job. A single pass: a refund left PROCESSING (the provider is still at it)
 * is asked again at the next run, not in a loop now.
 */
export async function runRefundSweep(deps: RefundDeps, clock: Clock): Promise<void> {
  const report = await sweepOpenRefunds(deps, clock.now());
  if (report.settled.length || report.failed.length)
    deps.log?.('info', 'refund sweep pass', { settled: report.settled.length, failed: report.failed.length });
}
