import { Api } from '../../../../contract/index.js';
import type { Kysely } from 'kysely';
import type { DB } from '../../../db/schema.js';
import type { SmsMessage, SmsProvider, SmsSendResult } from '../../../ports/sms-provider.js';
import type { Clock } from '../../../ports/clock.js';

export const SMS_SANDBOX = 'sandbox';

/** How far back the test outbox shows messages, and how many at most. */
export const OUTBOX_WINDOW_MS = 30 * 60 * 1000;
export const OUTBOX_MAX = 50;
/** Messages older than this are deleted as new ones arrive (the outbox is not an archive). */
const KEEP_MS = 24 * 3600 * 1000;

export interface OutboxEntry {
  mobile: string;
  text: string;
  createdAt: string;
}

/**
 * The built-in provider: instead of a phone network, messages land in its own table (sandbox_sms),
 * which the test outbox page shows, so the whole bind flow works on one machine.
 */
export function createSandboxSmsProvider({ db, clock }: { db: Kysely<DB>; clock: Clock }): SmsProvider {
  return {
    name: SMS_SANDBOX,
    outboxPath: Api.smsOutbox,
    async send(message: SmsMessage): Promise<SmsSendResult> {
      const now = clock.now();
      const row = await db
        .insertInto('sandbox_sms')
        .values({ mobile: message.mobile, text: message.text, created_at: now.toISOString() })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .deleteFrom('sandbox_sms')
        .where('created_at', '<', new Date(now.getTime() - KEEP_MS).toISOString())
        .execute();
      return { ok: true, messageId: `SMS${row.id}` };
    },
  };
}

/** Recent messages, newest first, optionally for one mobile. */
export async function recentOutbox(db: Kysely<DB>, now: Date, mobile?: string): Promise<OutboxEntry[]> {
  const since = new Date(now.getTime() - OUTBOX_WINDOW_MS).toISOString();
  let q = db
    .selectFrom('sandbox_sms')
    .select(['mobile', 'text', 'created_at'])
    .where('created_at', '>=', since)
    .orderBy('id', 'desc')
    .limit(OUTBOX_MAX);
  if (mobile) q = q.where('mobile', '=', mobile);
  const rows = await q.execute();
  return rows.map((r) => ({ mobile: r.mobile, text: r.text, createdAt: r.created_at }));
}
