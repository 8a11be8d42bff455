import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

/**
 * The claims behind every job run, as conditional UPDATEs (or an INSERT of an already claimed row):
 * of several nodes asking at once, exactly one gets the row, on SQLite and PostgreSQL alike. A claim
 * holds until `claimed_until`; its holder renews it while the run goes on, so only the claim of a node
 * that died lapses, and then the run is due again for any node. The same pattern as the order sweep's
 * per-order claims (services/pay/expiry.ts) and the sandbox notifier's per-attempt ones.
 */

export interface Claim {
  token: string;
  node: string;
  now: Date;
  leaseMs: number;
}

const at = (d: Date, plusMs = 0) => new Date(d.getTime() + plusMs).toISOString();

/** Makes sure a recurring job has its row: due right away the first time any node starts it. */
export async function ensureSchedule(db: Kysely<DB>, name: string, now: Date): Promise<void> {
  await db
    .insertInto('job_schedules')
    .values({
      name,
      next_at: at(now),
      claimed_until: null,
      claim_token: null,
      claimed_by: null,
      last_started_at: null,
      last_finished_at: null,
      last_error: null,
    })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
}

/**
 * Claims the current run of a recurring job: due (unless `force`, for a run asked for ahead of its
 * time) and not held by a live claim. The next run falls due `everyMs` after this one started.
 */
export async function claimScheduled(
  db: Kysely<DB>,
  name: string,
  everyMs: number,
  claim: Claim,
  force: boolean,
): Promise<boolean> {
  const now = at(claim.now);
  let q = db
    .updateTable('job_schedules')
    .set((eb) => ({
      claimed_until: at(claim.now, claim.leaseMs),
      claim_token: claim.token,
      claimed_by: claim.node,
      next_at: at(claim.now, everyMs),
      runs: eb('runs', '+', 1),
      last_started_at: now,
    }))
    .where('name', '=', name)
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]));
  if (!force) q = q.where('next_at', '<=', now);
  const row = await q.returning('name').executeTakeFirst();
  return row !== undefined;
}

/** When this node should look again: the next run's due time, or the end of another node's claim. */
export async function scheduleDueAt(db: Kysely<DB>, name: string): Promise<number | null> {
  const row = await db
    .selectFrom('job_schedules')
    .select(['next_at', 'claimed_until'])
    .where('name', '=', name)
    .executeTakeFirst();
  if (!row) return null;
  const claimedUntil = row.claimed_until ? Date.parse(row.claimed_until) : 0;
  return Math.max(Date.parse(row.next_at), claimedUntil);
}

export async function renewScheduled(db: Kysely<DB>, name: string, claim: Claim): Promise<void> {
  await db
    .updateTable('job_schedules')
    .set({ claimed_until: at(claim.now, claim.leaseMs) })
    .where('name', '=', name)
    .where('claim_token', '=', claim.token)
    .execute();
}

/** Ends this node's claim (not a claim another node took over after ours lapsed). */
export async function releaseScheduled(
  db: Kysely<DB>,
  name: string,
  token: string,
  finishedAt: Date,
  error: string | null,
): Promise<void> {
  await db
    .updateTable('job_schedules')
    .set({
      claimed_until: null,
      claim_token: null,
      claimed_by: null,
      last_finished_at: at(finishedAt),
      last_error: error,
    })
    .where('name', '=', name)
    .where('claim_token', '=', token)
    .execute();
}

/** Queues a one-off run; false when (name, dedupeKey) is queued or done already. */
export async function insertQueued(
  db: Kysely<DB>,
  row: { name: string; payload: string | null; dedupeKey: string | null; runAt: Date; now: Date },
  claim?: Claim,
): Promise<number | null> {
  const inserted = await db
    .insertInto('job_queue')
    .values({
      name: row.name,
      payload: row.payload,
      dedupe_key: row.dedupeKey,
      run_at: at(row.runAt),
      status: 'PENDING',
      attempts: claim ? 1 : 0,
      claimed_until: claim ? at(claim.now, claim.leaseMs) : null,
      claim_token: claim?.token ?? null,
      claimed_by: claim?.node ?? null,
      last_error: null,
      created_at: at(row.now),
      finished_at: null,
    })
    .onConflict((oc) => oc.columns(['name', 'dedupe_key']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted?.id ?? null;
}

/** The oldest due one-off runs of the jobs this node knows, not held by a live claim. */
export async function dueQueued(db: Kysely<DB>, names: string[], now: Date, limit: number) {
  if (names.length === 0) return [];
  const nowText = at(now);
  return db
    .selectFrom('job_queue')
    .select(['id', 'name'])
    .where('status', '=', 'PENDING')
    .where('run_at', '<=', nowText)
    .where('name', 'in', names)
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', nowText)]))
    .orderBy('run_at')
    .limit(limit)
    .execute();
}

/** Claims one queued run; undefined when another node (or an earlier pass) has it. */
export async function claimQueued(db: Kysely<DB>, id: number, claim: Claim) {
  const now = at(claim.now);
  return db
    .updateTable('job_queue')
    .set((eb) => ({
      claimed_until: at(claim.now, claim.leaseMs),
      claim_token: claim.token,
      claimed_by: claim.node,
      attempts: eb('attempts', '+', 1),
    }))
    .where('id', '=', id)
    .where('status', '=', 'PENDING')
    .where('run_at', '<=', now)
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]))
    .returning(['id', 'name', 'payload', 'attempts', 'dedupe_key'])
    .executeTakeFirst();
}

export async function renewQueued(db: Kysely<DB>, id: number, claim: Claim): Promise<void> {
  await db
    .updateTable('job_queue')
    .set({ claimed_until: at(claim.now, claim.leaseMs) })
    .where('id', '=', id)
    .where('claim_token', '=', claim.token)
    .execute();
}

export type QueuedEnd =
  | { kind: 'done'; keep: boolean }
  | { kind: 'retry'; runAt: Date; error: string }
  | { kind: 'failed'; error: string }
  /** Stopped mid-way (shutdown): due again at once for any node, the try not counted. */
  | { kind: 'released' };

/** Ends this node's claim on a queued run with its outcome. */
export async function endQueued(
  db: Kysely<DB>,
  id: number,
  token: string,
  end: QueuedEnd,
  now: Date,
): Promise<void> {
  const mine = db.updateTable('job_queue').where('id', '=', id).where('claim_token', '=', token);
  const unclaimed = { claimed_until: null, claim_token: null, claimed_by: null };
  switch (end.kind) {
    case 'done':
      // Without a key nothing needs the row any more; with one it answers later enqueues.
      if (!end.keep) {
        await db.deleteFrom('job_queue').where('id', '=', id).where('claim_token', '=', token).execute();
        return;
      }
      await mine.set({ ...unclaimed, status: 'DONE', last_error: null, finished_at: at(now) }).execute();
      return;
    case 'retry':
      await mine.set({ ...unclaimed, run_at: at(end.runAt), last_error: end.error.slice(0, 500) }).execute();
      return;
    case 'failed':
      await mine
        .set({ ...unclaimed, status: 'FAILED', last_error: end.error.slice(0, 500), finished_at: at(now) })
        .execute();
      return;
    case 'released':
      await mine.set((eb) => ({ ...unclaimed, attempts: eb('attempts', '-', 1) })).execute();
      return;
  }
}
