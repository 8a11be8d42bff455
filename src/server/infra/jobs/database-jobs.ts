import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { Clock } from '../../ports/clock.js';
import type { JobDefinition, Jobs } from '../../ports/jobs.js';
import {
  claimQueued,
  claimScheduled,
  dueQueued,
  endQueued,
  ensureSchedule,
  insertQueued,
  releaseScheduled,
  renewQueued,
  renewScheduled,
  scheduleDueAt,
  type Claim,
  type QueuedEnd,
} from './claims.js';

export type JobsLog = (level: 'info' | 'warn' | 'error', msg: string, extra?: object) => void;

export interface DatabaseJobsOptions {
  db: Kysely<DB>;
  /** Claims, leases and due times are stamped with it (the context's clock). */
  clock: Clock;
  log?: JobsLog;
  /** How often this node looks for due one-off runs queued by other nodes (default 1 s). */
  pollMs?: number;
  /** One-off runs at once on this node (default 2). */
  concurrency?: number;
}

/** Renewed every third of it while a run goes on: it only bounds how long a dead node holds work. */
const DEFAULT_LEASE_MS = 30_000;
const DEFAULT_MAX_ATTEMPTS = 5;
/** A failed one-off run is tried again after 5 s, 10 s, 20 s… at most 10 minutes apart. */
const RETRY_BASE_MS = 5_000;
const RETRY_MAX_MS = 600_000;
/** Looking again for a claim another node holds (a run asked for now, runNow): short, not a spin. */
const CLAIM_RETRY_MS = 50;
/** The shortest wait between two looks at a recurring job's row. */
const MIN_WAIT_MS = 20;
const QUEUE_BATCH = 20;

interface Recurring {
  timer: NodeJS.Timeout | null;
  /** A pass of this job is under way on this node (claiming or running). */
  busy: boolean;
  /** runSoon asked for a run ahead of the schedule that this node has not claimed yet. */
  soon: boolean;
}

const errorText = (err: unknown) => (err instanceof Error ? (err.stack ?? err.message) : String(err));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Jobs whose runs are claimed in the database (claims.ts). Every node that defines a job looks for
 * its due runs; whichever claims a run first runs it, renews the claim while it runs, and releases it
 * after. Nothing but timers lives in this object: a node can die at any point and another carries on
 * once the claim lapses.
 */
export class DatabaseJobs implements Jobs {
  /** Names this node in claimed_by: host, process and a random part (two apps in one process differ). */
  readonly node = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  private readonly db: Kysely<DB>;
  private readonly clock: Clock;
  private readonly log: JobsLog;
  private readonly pollMs: number;
  private readonly concurrency: number;
  private readonly defs = new Map<string, JobDefinition>();
  private readonly recurring = new Map<string, Recurring>();
  /** Everything under way that touches the database: stop() waits for all of it. */
  private readonly pending = new Set<Promise<unknown>>();
  private started = false;
  /** Aborted by stop(); a new one for the next start. */
  private life = new AbortController();
  private queueTimer: NodeJS.Timeout | null = null;
  private draining = false;
  private drainAgain = false;
  private queueRuns = 0;

  constructor(opts: DatabaseJobsOptions) {
    this.db = opts.db;
    this.clock = opts.clock;
    this.log = opts.log ?? (() => {});
    this.pollMs = opts.pollMs ?? 1_000;
    this.concurrency = opts.concurrency ?? 2;
  }

  define(job: JobDefinition): void {
    if (this.defs.has(job.name)) throw new Error(`job ${job.name} is defined twice`);
    this.defs.set(job.name, job);
    if (isRecurring(job)) {
      this.recurring.set(job.name, { timer: null, busy: false, soon: false });
      if (this.started) this.startRecurring(job);
    }
  }

  async enqueue(
    name: string,
    payload?: unknown,
    opts: { runAt?: Date; dedupeKey?: string } = {},
  ): Promise<boolean> {
    const now = this.clock.now();
    const runAt = opts.runAt ?? now;
    const id = await this.track(
      insertQueued(this.db, {
        name,
        payload: payload === undefined ? null : JSON.stringify(payload),
        dedupeKey: opts.dedupeKey ?? null,
        runAt,
        now,
      }),
    );
    // The node that asked runs it right away when it can, rather than at its next poll.
    if (id !== null && this.defs.has(name) && runAt.getTime() <= now.getTime()) this.drain();
    return id !== null;
  }

  runSoon(name: string): void {
    const state = this.recurring.get(name);
    if (!state || !this.started) return;
    state.soon = true;
    if (!state.busy) this.tick(this.defs.get(name)!);
  }

  start(): void {
    if (this.started) return;
    this.started = true;
    for (const job of this.defs.values()) if (isRecurring(job)) this.startRecurring(job);
    this.queueTimer = setInterval(() => this.drain(), this.pollMs);
    this.queueTimer.unref();
    this.drain();
  }

  async stop(): Promise<void> {
    this.started = false;
    if (this.queueTimer) clearInterval(this.queueTimer);
    this.queueTimer = null;
    for (const state of this.recurring.values()) {
      if (state.timer) clearTimeout(state.timer);
      state.timer = null;
      state.soon = false;
    }
    this.life.abort();
    // Runs release their claims as they end; those writes must land before the database closes.
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
    this.life = new AbortController();
  }

  async runNow(name: string, payload?: unknown): Promise<void> {
    const job = this.defs.get(name);
    if (!job) throw new Error(`no job named ${name}`);
    const error = await this.track(
      isRecurring(job) ? this.runScheduledNow(job) : this.runQueuedNow(job, payload),
    );
    if (error !== null) throw error;
  }

  private track<T>(p: Promise<T>): Promise<T> {
    this.pending.add(p);
    void p.catch(() => {}).finally(() => this.pending.delete(p));
    return p;
  }

  private claimFor(job: JobDefinition): Claim {
    return {
      token: randomBytes(12).toString('hex'),
      node: this.node,
      now: this.clock.now(),
      leaseMs: job.leaseMs ?? DEFAULT_LEASE_MS,
    };
  }

  /** Runs the job, renewing its claim every third of the lease; the error it threw, or null. */
  private async execute(
    job: JobDefinition,
    claim: Claim,
    renew: (c: Claim) => Promise<void>,
    payload: unknown,
  ): Promise<unknown> {
    const heartbeat = setInterval(() => {
      this.track(renew({ ...claim, now: this.clock.now() })).catch((err: unknown) =>
        this.log('warn', 'job claim renewal failed', { job: job.name, err: String(err) }),
      );
    }, claim.leaseMs / 3);
    heartbeat.unref();
    try {
      await job.run({ signal: this.life.signal, payload });
      return null;
    } catch (err) {
      return err ?? new Error(`job ${job.name} failed`);
    } finally {
      clearInterval(heartbeat);
    }
  }

  // Recurring jobs: one timer each, set after every pass to when the run is due next.

  private startRecurring(job: JobDefinition): void {
    void this.track(ensureSchedule(this.db, job.name, this.clock.now()))
      .catch((err: unknown) =>
        this.log('error', 'job schedule setup failed', { job: job.name, err: String(err) }),
      )
      .then(() => this.tick(job));
  }

  private tick(job: JobDefinition): void {
    const state = this.recurring.get(job.name)!;
    if (!this.started || state.busy) return;
    if (state.timer) clearTimeout(state.timer);
    state.timer = null;
    state.busy = true;
    void this.track(this.recurringPass(job, state))
      .catch((err: unknown) => {
        this.log('error', 'job pass failed', { job: job.name, err: String(err) });
        return this.clampedWait(job, null);
      })
      .then((wait) => {
        state.busy = false;
        if (!this.started) return;
        state.timer = setTimeout(() => this.tick(job), wait);
        state.timer.unref();
      });
  }

  /** Claims and runs the job when it is due (or asked for); resolves how long to wait before the next look. */
  private async recurringPass(job: JobDefinition, state: Recurring): Promise<number> {
    const force = state.soon;
    state.soon = false;
    const ran = await this.runScheduled(job, force);
    const dueAt = await scheduleDueAt(this.db, job.name);
    // No row: the database failed when this node started; claims need it.
    if (dueAt === null) await ensureSchedule(this.db, job.name, this.clock.now());
    if (ran === false && force) state.soon = true; // another node's run is under way: follow it
    if (state.soon) return ran === false ? CLAIM_RETRY_MS : 0;
    return this.clampedWait(job, dueAt);
  }

  private clampedWait(job: JobDefinition, dueAt: number | null): number {
    const every = job.everyMs!;
    if (dueAt === null) return every;
    return Math.min(every, Math.max(MIN_WAIT_MS, dueAt - this.clock.now().getTime()));
  }

  /** false: not claimed (not due, or held); otherwise the run's error or null. */
  private async runScheduled(job: JobDefinition, force: boolean): Promise<false | unknown> {
    const claim = this.claimFor(job);
    if (!(await claimScheduled(this.db, job.name, job.everyMs!, claim, force))) return false;
    const error = await this.execute(job, claim, (c) => renewScheduled(this.db, job.name, c), undefined);
    if (error !== null) this.log('error', 'job run failed', { job: job.name, err: String(error) });
    await releaseScheduled(
      this.db,
      job.name,
      claim.token,
      this.clock.now(),
      error === null ? null : errorText(error).slice(0, 500),
    );
    return error;
  }

  private async runScheduledNow(job: JobDefinition): Promise<unknown> {
    await ensureSchedule(this.db, job.name, this.clock.now());
    for (;;) {
      const outcome = await this.runScheduled(job, true);
      if (outcome !== false) return outcome;
      if (this.life.signal.aborted) return new Error(`job ${job.name} stopped before it could run`);
      await sleep(CLAIM_RETRY_MS);
    }
  }

  // One-off runs: polled every pollMs, and at once on the node that enqueued them.

  private drain(): void {
    if (!this.started) return;
    if (this.draining) {
      this.drainAgain = true;
      return;
    }
    this.draining = true;
    void this.track(this.drainPass())
      .catch((err: unknown) => this.log('error', 'job queue pass failed', { err: String(err) }))
      .finally(() => {
        this.draining = false;
        if (this.drainAgain) {
          this.drainAgain = false;
          this.drain();
        }
      });
  }

  private async drainPass(): Promise<void> {
    const names = [...this.defs.keys()];
    while (this.started && this.queueRuns < this.concurrency) {
      const due = await dueQueued(this.db, names, this.clock.now(), QUEUE_BATCH);
      let claimed = 0;
      for (const { id, name } of due) {
        if (!this.started || this.queueRuns >= this.concurrency) return;
        const job = this.defs.get(name)!;
        const claim = this.claimFor(job);
        const row = await claimQueued(this.db, id, claim);
        if (!row) continue; // another node (or pass) has it
        claimed++;
        this.queueRuns++;
        // Nothing awaits this run: a rejection here (its outcome could not be written) would be an
        // unhandled one, which ends the process. Logged instead; the claim lapses and the run is due again.
        void this.track(this.runQueued(job, row, claim))
          .catch((err: unknown) =>
            this.log('error', 'job run could not be recorded', { job: name, id, err: String(err) }),
          )
          .finally(() => {
            this.queueRuns--;
            this.drain();
          });
      }
      if (claimed === 0) return;
    }
  }

  /**
   * Runs a claimed one-off run and records how it ended. `retry`: a failure is tried again later
   * (queued runs); runNow's caller hears the failure instead, and the row stays FAILED as its record.
   */
  private async runQueued(
    job: JobDefinition,
    row: { id: number; payload: string | null; attempts: number; dedupe_key: string | null },
    claim: Claim,
    retry = true,
  ): Promise<unknown> {
    const payload = readPayload(row.payload);
    const error =
      payload instanceof Error
        ? payload
        : await this.execute(job, claim, (c) => renewQueued(this.db, row.id, c), payload.value);
    const now = this.clock.now();
    // A payload that cannot be read never will be: no retry.
    const end =
      payload instanceof Error
        ? ({ kind: 'failed', error: errorText(payload) } as const)
        : this.endOf(job, row, error, retry, now);
    if (error !== null)
      this.log(end.kind === 'released' ? 'info' : 'error', 'job run failed', {
        job: job.name,
        attempt: row.attempts,
        outcome: end.kind,
        err: String(error),
      });
    await endQueued(this.db, row.id, claim.token, end, now);
    return error;
  }

  private endOf(
    job: JobDefinition,
    row: { attempts: number; dedupe_key: string | null },
    error: unknown,
    retry: boolean,
    now: Date,
  ): QueuedEnd {
    const { attempts } = row;
    if (error === null) return { kind: 'done', keep: row.dedupe_key !== null };
    if (!retry) return { kind: 'failed', error: errorText(error) };
    // Cut short by stop(): not the run's fault, so not a try; due again at once for any node.
    if (this.life.signal.aborted) return { kind: 'released' };
    if (attempts >= (job.maxAttempts ?? DEFAULT_MAX_ATTEMPTS))
      return { kind: 'failed', error: errorText(error) };
    const wait = Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** (attempts - 1));
    return { kind: 'retry', runAt: new Date(now.getTime() + wait), error: errorText(error) };
  }

  /** A one-off run of `job` queued already claimed by this node, then run here. */
  private async runQueuedNow(job: JobDefinition, payload: unknown): Promise<unknown> {
    const claim = this.claimFor(job);
    const row = {
      payload: payload === undefined ? null : JSON.stringify(payload),
      attempts: 1,
      dedupe_key: null,
    };
    const id = await insertQueued(
      this.db,
      { name: job.name, payload: row.payload, dedupeKey: null, runAt: claim.now, now: claim.now },
      claim,
    );
    return this.runQueued(job, { ...row, id: id! }, claim, false);
  }
}

/** A queued run's payload, or the Error that says why it cannot be read (a row written by hand). */
function readPayload(text: string | null): { value: unknown } | Error {
  if (text === null) return { value: undefined };
  try {
    return { value: JSON.parse(text) as unknown };
  } catch (err) {
    return new Error(`job payload is not JSON: ${String(err)}`);
  }
}

function isRecurring(job: JobDefinition): boolean {
  return (job.everyMs ?? 0) > 0;
}
