/**
 * Named background work. A recurring job runs every `everyMs`; a one-off job runs once per enqueue.
 * Each due run is claimed in the database before it starts, so with several nodes on one database a
 * due run happens once, and a run whose node died is taken over after its lease.
 */
export interface JobContext {
  /**
   * Aborts when the jobs stop (shutdown): a long run should stop at its next step and throw, so a
   * one-off run is left for the next node rather than counted done. Runs may repeat after a node
   * dies mid-way, so each should be safe to run again.
   */
  signal: AbortSignal;
  /** A one-off job's payload as enqueued (JSON); undefined for recurring runs. */
  payload: unknown;
}

export interface JobDefinition {
  name: string;
  /** Recurring: how often a run is due (ms); 0 or omitted: only one-off runs (enqueue, runNow). */
  everyMs?: number;
  /**
   * How long a claim holds before another node may take the run over (default 30 s). The node
   * running it renews the claim while the run goes on, so only a dead node's claim lapses.
   */
  leaseMs?: number;
  /** One-off runs that throw are tried again later, this many tries in all (default 5). */
  maxAttempts?: number;
  run(ctx: JobContext): Promise<void>;
}

export interface Jobs {
  /** Names a job on this node: only nodes that define a job claim its runs. */
  define(job: JobDefinition): void;
  /**
   * Asks for one run of `name` (with its payload) at `runAt` (default now) on whichever node is free;
   * it runs once. With a `dedupeKey`, a second enqueue of the same name and key adds nothing:
   * resolves false then, true when queued.
   */
  enqueue(name: string, payload?: unknown, opts?: { runAt?: Date; dedupeKey?: string }): Promise<boolean>;
  /**
   * Asks this node for a run of recurring job `name` now instead of at its next due time (work just
   * arrived: a payment's notification to deliver). Claimed like any run; while one is under way,
   * here or on another node, another follows it. Does nothing while the jobs are stopped.
   */
  runSoon(name: string): void;
  /** Starts claiming due runs on this node. */
  start(): void;
  /** Stops claiming, aborts and awaits the runs under way. */
  stop(): Promise<void>;
  /** Runs `name` here and now (claimed like any run) and resolves when it is done: for tests and CLIs. */
  runNow(name: string, payload?: unknown): Promise<void>;
}
