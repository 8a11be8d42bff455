import { createHash } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { DB, RefundsTable } from '../../db/schema.js';
import type { Clock } from '../../ports/clock.js';
import type { PayProvider, ProviderRefund } from '../../ports/pay-provider.js';
import type { ProviderRegistry } from '../../ports/providers.js';
import { failRefund, OPEN_STATUSES, settleRefund } from './settle.js';

export interface RefundDeps {
  db: Kysely<DB>;
  providers: ProviderRegistry<PayProvider>;
  clock: Clock;
  log?: (level: 'info' | 'warn', msg: string, extra?: object) => void;
}

export interface RefundInput {
  orderNo: string;
  /** Fen; omitted: what is left to refund of the order. */
  amount?: number;
  reason: string;
  /** Who asks (kept with the refund). */
  operator: string;
}

/**
 * A refund's one claim: whoever holds it is the only one asking the provider about this refund. Longer
 * than a provider round trip; a caller killed mid-way leaves it to the sweep once it lapsed.
 */
export const REFUND_CLAIM_MS = 60_000;
const MAX_REASON = 200;

/**
 * Orders whose money we hold: paid ones, and closed ones a provider took the money for anyway (checked
 * by paidWhileClosed before a refund of one is recorded).
 */
const REFUNDABLE_STATUSES = ['PAID', 'EXPIRED'];

/**
 * A closed order counts as paid for a refund only while an open paid_not_credited mismatch says the
 * provider took its full amount: that money is ours to give back, and nothing was credited for it.
 */
async function paidWhileClosed(db: Kysely<DB>, outTradeNo: string, amount: number): Promise<boolean> {
  const m = await db
    .selectFrom('pay_mismatches')
    .select('provider_amount')
    .where('out_trade_no', '=', outTradeNo)
    .where('kind', '=', 'paid_not_credited')
    .where('resolved_at', 'is', null)
    .executeTakeFirst();
  return m?.provider_amount === amount;
}

/** Asking for a refund that cannot be: nothing was recorded or sent. */
export class RefundRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RefundRefused';
  }
}

/**
 * Our refund number: the same order, amount ("all" when omitted) and reason always make the same one,
 * so running the same command again (or twice at once) is the same refund: the provider refunds it once
 * (the number is its idempotency key) and the ledger reverses it once (the number is the entry's ref).
 * Providers accept up to 64 of [A-Za-z0-9]; this is 32.
 */
export function refundNoFor(orderNo: string, amount: number | undefined, reason: string): string {
  const digest = createHash('sha256')
    .update(`${orderNo}\n${amount ?? 'all'}\n${reason}`)
    .digest('hex');
  return `RF${digest.slice(0, 30)}`;
}

export type RefundRow = Selectable<RefundsTable>;

export interface RefundResult {
  refund: RefundRow;
  /** The order's paid fen and what has been refunded of it for good (after this refund, if settled). */
  order: { outTradeNo: string; amount: number; refunded: number; purpose: string; status: string };
  /** True when this refund number existed before this call (a replay, or a concurrent call's refund). */
  replayed: boolean;
  /** True when another caller (or the sweep) holds the refund right now: its state may still move. */
  inProgressElsewhere: boolean;
}

const iso = (ms: number) => new Date(ms).toISOString();

async function loadRefund(db: Kysely<DB>, refundNo: string) {
  return db.selectFrom('refunds').selectAll().where('refund_no', '=', refundNo).executeTakeFirst();
}

async function result(
  db: Kysely<DB>,
  refundNo: string,
  replayed: boolean,
  inProgressElsewhere = false,
): Promise<RefundResult> {
  const refund = (await loadRefund(db, refundNo))!;
  const order = await db
    .selectFrom('recharge_orders')
    .select(['out_trade_no', 'amount', 'refunded_amount', 'purpose', 'status'])
    .where('out_trade_no', '=', refund.out_trade_no)
    .executeTakeFirstOrThrow();
  return {
    refund,
    order: {
      outTradeNo: order.out_trade_no,
      amount: order.amount,
      refunded: order.refunded_amount,
      purpose: order.purpose,
      status: order.status,
    },
    replayed,
    // Settled meanwhile by whoever held it: final, nothing left in progress.
    inProgressElsewhere: inProgressElsewhere && (OPEN_STATUSES as readonly string[]).includes(refund.status),
  };
}

/** Takes the refund's claim (conditional UPDATE): exactly one caller at a time asks the provider. */
export async function claimRefund(
  db: Kysely<DB>,
  refundNo: string,
  now: Date,
): Promise<RefundRow | undefined> {
  const nowText = now.toISOString();
  return db
    .updateTable('refunds')
    .set((eb) => ({
      claimed_until: iso(now.getTime() + REFUND_CLAIM_MS),
      attempts: eb('attempts', '+', 1),
      updated_at: nowText,
    }))
    .where('refund_no', '=', refundNo)
    .where('status', 'in', OPEN_STATUSES)
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', nowText)]))
    .returningAll()
    .executeTakeFirst();
}

/**
 * Acts on the provider's word about a refund we hold: SUCCESS settles (reversal + SUCCESS, one
 * transaction), FAILED fails it and releases its fen, anything else leaves it PROCESSING for the sweep
 * or a refund notify. A SUCCESS for another amount than ours is not settled: it needs a person.
 */
export async function applyProviderWord(
  deps: RefundDeps,
  refund: RefundRow,
  word: ProviderRefund,
  now: Date,
): Promise<void> {
  const { db } = deps;
  if (word.status === 'SUCCESS' && (word.amount === undefined || word.amount === refund.amount)) {
    await settleRefund(db, refund.refund_no, word.providerRefundNo ?? null, now);
    return;
  }
  if (word.status === 'FAILED') {
    await failRefund(db, refund.refund_no, word.reason ?? 'refused by the provider', now);
    deps.log?.('warn', 'refund failed at the provider', { refundNo: refund.refund_no, reason: word.reason });
    return;
  }
  const held =
    word.status === 'SUCCESS'
      ? `provider refunded ${word.amount} fen, not ${refund.amount}: needs a person`
      : null;
  if (held) deps.log?.('warn', 'refund amount differs at the provider', { refundNo: refund.refund_no, held });
  await db
    .updateTable('refunds')
    .set({
      status: 'PROCESSING',
      failure: held ?? word.reason ?? null,
      provider_refund_no: word.providerRefundNo ?? refund.provider_refund_no,
      claimed_until: null,
      updated_at: now.toISOString(),
    })
    .where('refund_no', '=', refund.refund_no)
    .where('status', 'in', OPEN_STATUSES)
    .execute();
}

/**
 * Asks the provider for a refund we hold the claim of (same refund number every time: a repeat never
 * refunds twice). A provider that cannot be asked leaves it as it was, claimed until the claim lapses;
 * the sweep then asks again.
 */
export async function askProvider(deps: RefundDeps, refund: RefundRow, total: number): Promise<void> {
  const provider = deps.providers.get(refund.provider);
  if (!provider) throw new Error(`pay provider ${refund.provider} is not configured`);
  let word: ProviderRefund;
  try {
    word = await provider.refund({
      outTradeNo: refund.out_trade_no,
      refundNo: refund.refund_no,
      amount: refund.amount,
      total,
      reason: refund.reason,
    });
  } catch (err) {
    deps.log?.('warn', 'refund: the provider could not be asked; the refund sweep asks again', {
      refundNo: refund.refund_no,
      err: String(err),
    });
    await deps.db
      .updateTable('refunds')
      .set({ failure: `provider not reached: ${String(err)}`.slice(0, 500) })
      .where('refund_no', '=', refund.refund_no)
      .where('status', 'in', OPEN_STATUSES)
      .execute();
    return;
  }
  await applyProviderWord(deps, refund, word, deps.clock.now());
}

/**
 * Refunds a paid order, whole or in part. Steps, each safe to repeat:
 * 1. REQUESTED is recorded (with the claim) and the fen reserved on the order in one transaction; the
 *    reservation is a conditional UPDATE, so paid minus refunds not failed can never go below zero,
 *    whatever runs at once;
 * 2. the provider is asked under our refund number;
 * 3. its SUCCESS is settled: reversal and SUCCESS in one transaction (settle.ts).
 * A crash between 2 and 3 leaves REQUESTED; the refund sweep asks queryRefund and settles it once.
 * The same order, amount and reason again is the same refund (refundNoFor): its state is answered.
 */
export async function requestRefund(deps: RefundDeps, input: RefundInput): Promise<RefundResult> {
  const { db } = deps;
  const reason = input.reason.trim();
  if (!reason) throw new RefundRefused('a reason is required (--reason "…")');
  if (reason.length > MAX_REASON)
    throw new RefundRefused(`the reason is longer than ${MAX_REASON} characters`);
  if (input.amount !== undefined && (!Number.isSafeInteger(input.amount) || input.amount < 1))
    throw new RefundRefused('the amount must be a whole number of fen, at least 1');
  const order = await db
    .selectFrom('recharge_orders')
    .selectAll()
    .where('out_trade_no', '=', input.orderNo)
    .executeTakeFirst();
  if (!order) throw new RefundRefused(`order ${input.orderNo} does not exist`);
  const refundNo = refundNoFor(order.out_trade_no, input.amount, reason);
  const existing = await loadRefund(db, refundNo);
  if (existing) return resume(deps, existing, order.amount);
  if (order.status !== 'PAID' && !(await paidWhileClosed(db, order.out_trade_no, order.amount)))
    throw new RefundRefused(`order ${order.out_trade_no} is not paid (${order.status}): nothing to refund`);
  if (!deps.providers.get(order.provider))
    throw new RefundRefused(
      `order ${order.out_trade_no} was paid through ${order.provider}, which is not configured`,
    );
  const left = order.amount - order.refund_reserved;
  const amount = input.amount ?? left;
  if (amount < 1) throw new RefundRefused(`order ${order.out_trade_no} has nothing left to refund`);
  if (amount > left)
    throw new RefundRefused(
      `refund of ${amount} fen refused: order ${order.out_trade_no} was paid ${order.amount} fen and ${order.refund_reserved} fen of it is already refunded or being refunded, so at most ${left} fen is left`,
    );

  const now = deps.clock.now();
  const nowText = now.toISOString();
  const created = await db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('refunds')
      .values({
        refund_no: refundNo,
        out_trade_no: order.out_trade_no,
        user_id: order.user_id,
        provider: order.provider,
        amount,
        status: 'REQUESTED',
        reason,
        operator: input.operator.slice(0, 100),
        provider_refund_no: null,
        failure: null,
        // The caller holds the refund from the start: the sweep never races a refund under way.
        claimed_until: iso(now.getTime() + REFUND_CLAIM_MS),
        attempts: 1,
        created_at: nowText,
        updated_at: nowText,
        settled_at: null,
      })
      .onConflict((oc) => oc.column('refund_no').doNothing())
      .returningAll()
      .executeTakeFirst();
    if (!row) return undefined; // the same refund, recorded by a concurrent call
    const reserved = await trx
      .updateTable('recharge_orders')
      .set((eb) => ({ refund_reserved: eb('refund_reserved', '+', amount) }))
      .where('out_trade_no', '=', order.out_trade_no)
      .where('status', 'in', REFUNDABLE_STATUSES)
      .where((eb) => eb(eb('amount', '-', eb.ref('refund_reserved')), '>=', amount))
      .returning('refund_reserved')
      .executeTakeFirst();
    if (!reserved)
      throw new RefundRefused(
        `refund of ${amount} fen refused: more than is left to refund of order ${order.out_trade_no}`,
      );
    return row;
  });
  if (!created) return resume(deps, (await loadRefund(db, refundNo))!, order.amount);
  deps.log?.('info', 'refund requested', { refundNo, orderNo: order.out_trade_no, amount });
  await askProvider(deps, created, order.amount);
  return result(db, refundNo, false);
}

/** The same refund asked for again: final → its outcome; open → driven on if nobody else holds it. */
async function resume(deps: RefundDeps, existing: RefundRow, total: number): Promise<RefundResult> {
  if (!(OPEN_STATUSES as readonly string[]).includes(existing.status))
    return result(deps.db, existing.refund_no, true);
  const claimed = await claimRefund(deps.db, existing.refund_no, deps.clock.now());
  if (!claimed) return result(deps.db, existing.refund_no, true, true);
  await askProvider(deps, claimed, total);
  return result(deps.db, existing.refund_no, true);
}
