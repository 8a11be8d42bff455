import { sql, type Kysely, type Transaction } from 'kysely';
import { BIND_MOBILE_REWARD } from '../../contract/index.js';
import { dialectOf } from '../db/portable.js';
import type { DB } from '../db/schema.js';

/** A debit larger than the balance: thrown so the caller's transaction rolls back as a whole. */
export class InsufficientCoins extends Error {
  constructor(
    readonly userId: number,
    readonly amount: number,
  ) {
    super(`user ${userId} cannot pay ${-amount} coins`);
    this.name = 'InsufficientCoins';
  }
}

export type LedgerKind = 'purchase' | 'sign_in' | 'recharge' | 'bind_mobile' | 'refund';

export interface CoinMove {
  userId: number;
  /** Positive credits, negative debits. */
  amount: number;
  kind: LedgerKind;
  refType: string;
  refId: string | number;
  /** When the cause happened (the context's clock): the row's created_at. */
  at: Date;
}

/**
 * The one way coins move. The ledger row is written first with ON CONFLICT DO NOTHING on
 * (kind, ref_type, ref_id): a cause already applied changes nothing. Then the balance moves with a
 * conditional UPDATE (the WHERE re-checks under PostgreSQL READ COMMITTED; SQLite runs one writer), so
 * it never goes below zero; a debit that does not fit throws InsufficientCoins. Must run inside the
 * transaction that records the cause.
 */
export async function applyCoins(
  trx: Transaction<DB>,
  move: CoinMove,
): Promise<{ applied: boolean; balance: number }> {
  const { userId, amount, kind, refType } = move;
  const refId = String(move.refId);
  if (!Number.isSafeInteger(amount)) throw new RangeError('coin amounts are integers');
  const entry = await trx
    .insertInto('ledger')
    .values({
      user_id: userId,
      amount,
      kind,
      ref_type: refType,
      ref_id: refId,
      // Filled in below once the balance has moved (same transaction, so never seen half-done).
      balance_after: 0,
      created_at: move.at.toISOString(),
    })
    .onConflict((oc) => oc.columns(['kind', 'ref_type', 'ref_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!entry) {
    const user = await trx
      .selectFrom('users')
      .select('balance')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    return { applied: false, balance: user.balance };
  }
  const updated = await trx
    .updateTable('users')
    .set((eb) => ({ balance: eb('balance', '+', amount) }))
    .where('id', '=', userId)
    .where((eb) => eb(eb('balance', '+', amount), '>=', 0))
    .returning('balance')
    .executeTakeFirst();
  if (!updated) throw new InsufficientCoins(userId, amount);
  await trx
    .updateTable('ledger')
    .set({ balance_after: updated.balance })
    .where('id', '=', entry.id)
    .execute();
  return { applied: true, balance: updated.balance };
}

/**
 * The one-time reward for binding a mobile: once per user and once per mobile number (both unique
 * keys of rewards). Returns the coins credited, 0 when either was already rewarded. Call it inside the
 * transaction that binds the mobile.
 */
export async function rewardBindMobile(
  trx: Transaction<DB>,
  userId: number,
  mobile: string,
  now: Date,
): Promise<number> {
  const reward = await trx
    .insertInto('rewards')
    .values({
      user_id: userId,
      kind: 'bind_mobile',
      mobile,
      coins: BIND_MOBILE_REWARD,
      created_at: now.toISOString(),
    })
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!reward) return 0;
  const { applied } = await applyCoins(trx, {
    userId,
    amount: BIND_MOBILE_REWARD,
    kind: 'bind_mobile',
    refType: 'reward',
    refId: reward.id,
    at: now,
  });
  return applied ? BIND_MOBILE_REWARD : 0;
}

interface BatchJob {
  fn: (trx: Transaction<DB>) => Promise<unknown>;
  resolve: (v: unknown) => void;
  reject: (e: unknown) => void;
}
/** Most jobs one SQLite transaction carries; more wait for the next commit. */
const MAX_BATCH = 200;
const queues = new WeakMap<Kysely<DB>, { jobs: BatchJob[]; running: boolean }>();

/**
 * Runs `fn` in a transaction, settling only after its commit. On PostgreSQL that is a transaction of
 * its own. On SQLite (one writer, and synchronous=FULL costs an fsync per commit) calls that arrive
 * together share one transaction — group commit: each runs in its own SAVEPOINT, so one that throws
 * (too few coins, say) is rolled back alone, and every caller hears its answer after the one COMMIT
 * that made it durable. Jobs run one after another, so each sees the ones before it: the same
 * outcome as committing them in that order.
 */
export function moneyTransaction<T>(db: Kysely<DB>, fn: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
  if (dialectOf(db as unknown as Kysely<unknown>) === 'postgres') return db.transaction().execute(fn);
  let q = queues.get(db);
  if (!q) {
    q = { jobs: [], running: false };
    queues.set(db, q);
  }
  const queue = q;
  return new Promise<T>((resolve, reject) => {
    queue.jobs.push({ fn, resolve: resolve as (v: unknown) => void, reject });
    if (!queue.running) {
      queue.running = true;
      // Let the calls already in flight reach this queue before the batch starts: better-sqlite3
      // blocks the event loop during each commit's fsync, so requests arrive in bursts.
      setImmediate(() => void drain(db, queue));
    }
  });
}

async function drain(db: Kysely<DB>, queue: { jobs: BatchJob[]; running: boolean }) {
  try {
    while (queue.jobs.length > 0) {
      const batch = queue.jobs.splice(0, MAX_BATCH);
      const outcomes: { ok: boolean; value: unknown }[] = [];
      try {
        await db.transaction().execute(async (trx) => {
          for (const job of batch) {
            await sql`savepoint money_job`.execute(trx);
            try {
              const value = await job.fn(trx);
              await sql`release savepoint money_job`.execute(trx);
              outcomes.push({ ok: true, value });
            } catch (err) {
              await sql`rollback to savepoint money_job`.execute(trx);
              await sql`release savepoint money_job`.execute(trx);
              outcomes.push({ ok: false, value: err });
            }
          }
        });
      } catch (err) {
        // The commit itself failed: nothing of the batch is durable, so nobody hears success.
        for (const job of batch) job.reject(err);
        continue;
      }
      batch.forEach((job, i) => {
        const o = outcomes[i]!;
        if (o.ok) job.resolve(o.value);
        else job.reject(o.value);
      });
      await new Promise((r) => setImmediate(r));
    }
  } finally {
    queue.running = false;
  }
}
