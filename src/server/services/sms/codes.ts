import { randomInt } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import {
  Msg,
  SMS_CODE_LENGTH,
  SMS_CODE_TTL_SECONDS,
  SMS_RESEND_SECONDS,
  smsBindCodeText,
} from '../../../contract/index.js';
import type { DB } from '../../db/schema.js';
import { isThrottled, recordAttempt, throttleKey, type ThrottleRule } from '../throttle.js';
import { hashCode, sameHash } from './code-key.js';
import { smsClock } from './clock.js';
import type { SmsProvider } from './provider.js';

type Db = Kysely<DB> | Transaction<DB>;

const DAY_MS = 24 * 3600 * 1000;
/**
 * Daily caps on sending codes. The caller's (user, device, address) count every request, refused or
 * not; a number's counts only codes actually sent to it, so strangers hitting its cooldown cannot use
 * up its day. Anonymous users cost one register call each, hence the address cap.
 */
export const SMS_CAPS = {
  perNumber: { limit: 10, windowMs: DAY_MS },
  perUser: { limit: 10, windowMs: DAY_MS },
  perDevice: { limit: 10, windowMs: DAY_MS },
  perAddress: { limit: 50, windowMs: DAY_MS },
} satisfies Record<string, ThrottleRule>;
/** Checks one code survives (right or wrong); the last wrong one kills it. */
export const SMS_CODE_MAX_ATTEMPTS = 5;
const BIND = 'bind_mobile';

export interface SendRequest {
  userId: number;
  mobile: string;
  deviceId: string | null;
  address: string;
}

export type SendOutcome =
  | { kind: 'sent'; resendAfter: number; expiresIn: number }
  | { kind: 'alreadyBound' }
  | { kind: 'cooldown'; resendAfter: number }
  | { kind: 'limited' }
  | { kind: 'failed'; reason: string };

const newCode = () => String(randomInt(0, 10 ** SMS_CODE_LENGTH)).padStart(SMS_CODE_LENGTH, '0');

/**
 * Sends a bind code to a mobile for this user. Whether the number is bound to anyone is not looked at:
 * every valid number gets the same answer, so sending cannot enumerate numbers. The new code replaces
 * the number's previous one; a conditional upsert claims the number, so one code a minute at most goes
 * to it however many calls race.
 */
export async function sendBindCode(
  db: Kysely<DB>,
  provider: SmsProvider,
  req: SendRequest,
): Promise<SendOutcome> {
  const now = smsClock.now();
  const me = await db
    .selectFrom('users')
    .select('mobile')
    .where('id', '=', req.userId)
    .executeTakeFirstOrThrow();
  if (me.mobile !== null) return { kind: 'alreadyBound' };

  const callerBudgets: [string, ThrottleRule][] = [
    [throttleKey('sms-user', String(req.userId)), SMS_CAPS.perUser],
    [throttleKey('sms-ip', req.address), SMS_CAPS.perAddress],
  ];
  if (req.deviceId) callerBudgets.push([throttleKey('sms-device', req.deviceId), SMS_CAPS.perDevice]);
  for (const [key, rule] of callerBudgets) {
    if ((await recordAttempt(db, key, rule, now)) > rule.limit) return { kind: 'limited' };
  }
  const numberKey = throttleKey('sms-number', req.mobile);
  if (await isThrottled(db, numberKey, SMS_CAPS.perNumber, now)) return { kind: 'limited' };

  const code = newCode();
  const codeHash = await hashCode(db, { purpose: BIND, mobile: req.mobile, userId: req.userId }, code);
  const fresh = {
    user_id: req.userId,
    code_hash: codeHash,
    attempts: 0,
    sent_at: now.toISOString(),
    expires_at: new Date(now.getTime() + SMS_CODE_TTL_SECONDS * 1000).toISOString(),
    used_at: null,
  };
  const cooledDown = new Date(now.getTime() - SMS_RESEND_SECONDS * 1000).toISOString();
  const claimed = await db
    .insertInto('sms_codes')
    .values({ purpose: BIND, mobile: req.mobile, ...fresh })
    .onConflict((oc) =>
      oc.columns(['purpose', 'mobile']).doUpdateSet(fresh).where('sms_codes.sent_at', '<=', cooledDown),
    )
    .returning('id')
    .executeTakeFirst();
  if (!claimed) {
    const last = await db
      .selectFrom('sms_codes')
      .select('sent_at')
      .where('purpose', '=', BIND)
      .where('mobile', '=', req.mobile)
      .executeTakeFirst();
    const readyAt = (last ? Date.parse(last.sent_at) : now.getTime()) + SMS_RESEND_SECONDS * 1000;
    return { kind: 'cooldown', resendAfter: Math.max(1, Math.ceil((readyAt - now.getTime()) / 1000)) };
  }
  await recordAttempt(db, numberKey, SMS_CAPS.perNumber, now);
  await db
    .deleteFrom('sms_codes')
    .where('expires_at', '<', new Date(now.getTime() - DAY_MS).toISOString())
    .execute();

  let result;
  try {
    result = await provider.send({ mobile: req.mobile, text: smsBindCodeText(code) });
  } catch (err) {
    result = { ok: false as const, reason: err instanceof Error ? err.message : String(err) };
  }
  if (!result.ok) {
    // Nothing reached the phone: free the number for an immediate retry.
    await db.deleteFrom('sms_codes').where('id', '=', claimed.id).where('code_hash', '=', codeHash).execute();
    return { kind: 'failed', reason: result.reason };
  }
  return { kind: 'sent', resendAfter: SMS_RESEND_SECONDS, expiresIn: SMS_CODE_TTL_SECONDS };
}

export type CodeRefusal = 'missing' | 'wrong' | 'expired' | 'locked';
export interface CodeProof {
  id: number;
  codeHash: string;
}
export type CodeCheck = { ok: true; proof: CodeProof } | { ok: false; refusal: CodeRefusal };

export const codeRefusalMessage: Record<CodeRefusal, string> = {
  missing: Msg.smsCodeMissing,
  wrong: Msg.smsCodeWrong,
  expired: Msg.smsCodeExpired,
  locked: Msg.smsCodeLocked,
};

/**
 * Checks the code this user got for this mobile. Each check spends one of the code's attempts before
 * comparing (a conditional UPDATE), so parallel guesses cannot go past the limit. A code someone else
 * asked for is simply missing to this caller: their guesses spend nothing of it.
 */
export async function checkBindCode(
  db: Kysely<DB>,
  userId: number,
  mobile: string,
  code: string,
): Promise<CodeCheck> {
  const now = smsClock.now();
  const row = await db
    .selectFrom('sms_codes')
    .select(['id', 'user_id', 'code_hash', 'attempts', 'expires_at', 'used_at'])
    .where('purpose', '=', BIND)
    .where('mobile', '=', mobile)
    .executeTakeFirst();
  if (!row || row.user_id !== userId || row.used_at !== null) return { ok: false, refusal: 'missing' };
  if (Date.parse(row.expires_at) <= now.getTime()) return { ok: false, refusal: 'expired' };
  const spent = await db
    .updateTable('sms_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', row.id)
    .where('code_hash', '=', row.code_hash)
    .where('used_at', 'is', null)
    .where('attempts', '<', SMS_CODE_MAX_ATTEMPTS)
    .returning('attempts')
    .executeTakeFirst();
  if (!spent) {
    // Parallel checks may have spent the last attempts since the read: look again to say which.
    const still = await db
      .selectFrom('sms_codes')
      .select('id')
      .where('id', '=', row.id)
      .where('code_hash', '=', row.code_hash)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return { ok: false, refusal: still ? 'locked' : 'missing' };
  }
  const given = await hashCode(db, { purpose: BIND, mobile, userId }, code);
  if (!sameHash(given, row.code_hash))
    return { ok: false, refusal: spent.attempts >= SMS_CODE_MAX_ATTEMPTS ? 'locked' : 'wrong' };
  return { ok: true, proof: { id: row.id, codeHash: row.code_hash } };
}

/** Uses the checked code up (single use); false when another call used or replaced it first. */
export async function consumeBindCode(db: Db, proof: CodeProof): Promise<boolean> {
  const used = await db
    .updateTable('sms_codes')
    .set({ used_at: smsClock.now().toISOString() })
    .where('id', '=', proof.id)
    .where('code_hash', '=', proof.codeHash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(used.numUpdatedRows) === 1;
}
