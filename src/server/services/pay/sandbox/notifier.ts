import type { Kysely } from 'kysely';
import type { DB } from '../../../db/schema.js';
import type { Clock } from '../../../ports/clock.js';

/** The job that delivers the sandbox's notifications (defined by the wiring, asked for after 支付). */
export const SANDBOX_NOTIFY_JOB = 'sandbox-notify';
/** How often the job looks for due attempts when nobody asked for a pass sooner. */
export const NOTIFY_POLL_MS = 500;
/**
 * The job's lease: a node killed mid-pass holds up every notification until it lapses, so short (the
 * running node renews it, so a slow pass keeps it). Its attempts' own claims (CLAIM_MS) still apply.
 */
export const NOTIFY_LEASE_MS = 5_000;

/**
 * Retry schedule after attempt n fails: real providers spread 8 tries over about 25 h; the sandbox
 * compresses it so a lost notification still arrives within a minute.
 */
export const NOTIFY_RETRY_MS = [1_000, 2_000, 5_000, 10_000, 30_000, 60_000, 120_000];
export const NOTIFY_MAX_ATTEMPTS = NOTIFY_RETRY_MS.length + 1;
/** A claim lasts this long: a node that dies mid-send leaves the attempt to another node afterwards. */
const CLAIM_MS = 15_000;
const SEND_TIMEOUT_MS = 8_000;
const BATCH = 20;

export interface SandboxNotifierDeps {
  db: Kysely<DB>;
  /** next_at and claims are stamped with it, as the cashier stamps the attempt it queues. */
  clock: Clock;
  /** This service's own URL (PUBLIC_URL, else where it listens); null while not listening. */
  baseUrl: () => string | null;
  log?: (msg: string, extra?: object) => void;
}

/**
 * Delivers the sandbox's notifications, one pass per run of SANDBOX_NOTIFY_JOB. All state is in
 * sandbox_notify_attempts: a conditional UPDATE (claimed_until in the past) makes exactly one pass send
 * each due attempt, whichever node runs it. While not listening nothing is claimed.
 */
export class SandboxNotifier {
  private readonly log: (msg: string, extra?: object) => void;

  constructor(private readonly deps: SandboxNotifierDeps) {
    this.log = deps.log ?? (() => {});
  }

  /** One pass: claim and send every due attempt. */
  async runDue(): Promise<void> {
    const base = this.deps.baseUrl();
    if (base === null) return;
    const now = this.deps.clock.now().toISOString();
    const due = await this.deps.db
      .selectFrom('sandbox_notify_attempts')
      .select('id')
      .where('status', '=', 'PENDING')
      .where('next_at', '<=', now)
      .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]))
      .orderBy('next_at')
      .limit(BATCH)
      .execute();
    await Promise.all(due.map((d) => this.claimAndSend(d.id, base)));
  }

  private async claimAndSend(id: number, base: string): Promise<void> {
    const { db, clock } = this.deps;
    const now = clock.now();
    const nowText = now.toISOString();
    const claimed = await db
      .updateTable('sandbox_notify_attempts')
      .set((eb) => ({
        claimed_until: new Date(now.getTime() + CLAIM_MS).toISOString(),
        attempts: eb('attempts', '+', 1),
        updated_at: nowText,
      }))
      .where('id', '=', id)
      .where('status', '=', 'PENDING')
      .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', nowText)]))
      .returning(['notify_url', 'payload', 'attempts'])
      .executeTakeFirst();
    if (!claimed) return; // another node (or pass) has it
    const error = await this.send(`${base}${claimed.notify_url}`, claimed.payload);
    const done = clock.now().toISOString();
    if (error === null) {
      await db
        .updateTable('sandbox_notify_attempts')
        .set({ status: 'DONE', claimed_until: null, last_error: null, updated_at: done })
        .where('id', '=', id)
        .execute();
      return;
    }
    const last = claimed.attempts >= NOTIFY_MAX_ATTEMPTS;
    const delay = NOTIFY_RETRY_MS[Math.min(claimed.attempts, NOTIFY_RETRY_MS.length) - 1] ?? 0;
    await db
      .updateTable('sandbox_notify_attempts')
      .set({
        status: last ? 'FAILED' : 'PENDING',
        next_at: new Date(Date.parse(done) + delay).toISOString(),
        claimed_until: null,
        last_error: error.slice(0, 500),
        updated_at: done,
      })
      .where('id', '=', id)
      .execute();
    this.log('sandbox notification not acknowledged', { id, attempt: claimed.attempts, error, final: last });
  }

  /** Posts the form; null when the exact acknowledgement `success` came back. */
  private async send(url: string, payload: string): Promise<string | null> {
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: payload,
        redirect: 'manual',
        signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
      });
      const text = await res.text();
      return res.status === 200 && text === 'success' ? null : `HTTP ${res.status}: ${text.slice(0, 100)}`;
    } catch (err) {
      return String(err);
    }
  }
}
