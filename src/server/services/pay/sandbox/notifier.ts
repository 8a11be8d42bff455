import type { Kysely } from 'kysely';
import type { DB } from '../../../db/schema.js';
import { IntervalWorker } from '../../interval-worker.js';

/**
 * Retry schedule after attempt n fails: real providers spread 8 tries over about 25 h; the sandbox
 * compresses it so a lost notification still arrives within a minute.
 */
export const NOTIFY_RETRY_MS = [1_000, 2_000, 5_000, 10_000, 30_000, 60_000, 120_000];
export const NOTIFY_MAX_ATTEMPTS = NOTIFY_RETRY_MS.length + 1;
/** A claim lasts this long: a node that dies mid-send leaves the attempt to another node afterwards. */
const CLAIM_MS = 15_000;
const SEND_TIMEOUT_MS = 8_000;
const POLL_MS = 500;
const BATCH = 20;

/**
 * Delivers the sandbox's notifications. All state is in sandbox_notify_attempts: every node polls, and
 * a conditional UPDATE (claimed_until in the past) makes exactly one node send each due attempt.
 * `baseUrl()` is this service's own URL (PUBLIC_URL, else the address it listens on); null while not
 * listening, and then nothing is claimed.
 */
export class SandboxNotifier {
  private readonly worker: IntervalWorker;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly baseUrl: () => string | null,
    private readonly log: (msg: string, extra?: object) => void = () => {},
  ) {
    this.worker = new IntervalWorker(
      () => this.runDue(),
      POLL_MS,
      (err: unknown) => this.log('sandbox notifier pass failed', { err: String(err) }),
    );
  }

  start(): void {
    this.worker.start();
  }

  stop(): Promise<void> {
    return this.worker.stop();
  }

  /** Runs a pass now (after a payment) instead of waiting for the next tick. */
  kick(): void {
    this.worker.kick();
  }

  /** One pass: claim and send every due attempt. */
  async runDue(): Promise<void> {
    const base = this.baseUrl();
    if (base === null) return;
    const now = new Date().toISOString();
    const due = await this.db
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
    const now = new Date();
    const nowText = now.toISOString();
    const claimed = await this.db
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
    const done = new Date().toISOString();
    if (error === null) {
      await this.db
        .updateTable('sandbox_notify_attempts')
        .set({ status: 'DONE', claimed_until: null, last_error: null, updated_at: done })
        .where('id', '=', id)
        .execute();
      return;
    }
    const last = claimed.attempts >= NOTIFY_MAX_ATTEMPTS;
    const delay = NOTIFY_RETRY_MS[Math.min(claimed.attempts, NOTIFY_RETRY_MS.length) - 1] ?? 0;
    await this.db
      .updateTable('sandbox_notify_attempts')
      .set({
        status: last ? 'FAILED' : 'PENDING',
        next_at: new Date(Date.now() + delay).toISOString(),
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
