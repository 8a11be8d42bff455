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
import { shanghaiDay } from '../shanghai-day.js';
import {
  isThrottled,
  recordAttempt,
  releaseAttempt,
  reserveAttempt,
  throttleKey,
  type ThrottleRule,
} from '../throttle.js';
import { hashCode, sameHash } from './code-key.js';
import type { SmsFailure, SmsProvider } from '../../ports/sms-provider.js';

type Db = Kysely<DB> | Transaction<DB>;

const DAY_MS = 24 * 3600 * 1000;
/**
 * Daily caps on sending codes.
 *
 * The caller's (user, device, address) count every request, refused or not, in windows of a day.
 * Anonymous users cost one register call each, hence the address cap.
 *
 * A number's own caps can be spent only by what each account asks for itself, so strangers cannot
 * use up the day of the number's owner (issue 32 item 7). They count per calendar day in Asia/Shanghai
 * (the refusal says 今日…明天再试); a send refused by the account's own cooldown counts nothing.
 * - perAccountNumber: codes sent to one number for one account.
 * - perNumberAccounts: accounts a number gets codes for. With perAccountNumber it bounds what the
 *   phone can be made to receive: 20 × 5 = 100 codes a day.
 * - perNumberAddress: of those, accounts asking from one caller address (an IPv4 address or an IPv6
 *   /64). Registering costs nothing but time (10 a minute per address), so without it one address
 *   could take the 20 places in two minutes.
 * The rule for the owner: an account that has had a code for the number today keeps its own 5
 * whatever others do; a new account is refused only when 20 other accounts, asking from at least 7
 * different addresses, have had codes for that number today. That is the one way left to hold an owner
 * off, and it ends at midnight. The places are generous enough for an owner's own accounts (one per
 * browser: WeChat's and the system's keep separate storage, so separate anonymous accounts).
 */
export const SMS_CAPS = {
  perAccountNumber: { limit: 5, windowMs: DAY_MS },
  perNumberAccounts: { limit: 20, windowMs: DAY_MS },
  perNumberAddress: { limit: 3, windowMs: DAY_MS },
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
  /** The caller's address group (http/address-group.ts). */
  address: string;
}

export type SendOutcome =
  | { kind: 'sent'; resendAfter: number; expiresIn: number }
  | { kind: 'alreadyBound' }
  | { kind: 'cooldown'; resendAfter: number }
  | { kind: 'limited' }
  | { kind: 'failed'; failure: SmsFailure; reason: string };

const newCode = () => String(randomInt(0, 10 ** SMS_CODE_LENGTH)).padStart(SMS_CODE_LENGTH, '0');

/**
 * Sends a bind code to a mobile for this user. Whether the number is bound to anyone is not looked at:
 * every valid number gets the same answer, so sending cannot enumerate numbers. A code belongs to
 * (account, number): the new code replaces only this account's previous one for the number, never
 * another account's. A conditional upsert claims the account's row, so one code a minute at most goes
 * out per account and number however many of its calls race.
 */
export async function sendBindCode(
  db: Kysely<DB>,
  provider: SmsProvider,
  req: SendRequest,
  now: Date,
): Promise<SendOutcome> {
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
  const day = shanghaiDay(now);
  const pairKey = throttleKey('sms-pair', `${day}:${req.mobile}:${req.userId}`);
  if (await isThrottled(db, pairKey, SMS_CAPS.perAccountNumber, now)) return { kind: 'limited' };

  const code = newCode();
  const codeHash = await hashCode(db, { purpose: BIND, mobile: req.mobile, userId: req.userId }, code);
  const fresh = {
    code_hash: codeHash,
    attempts: 0,
    sent_at: now.toISOString(),
    expires_at: new Date(now.getTime() + SMS_CODE_TTL_SECONDS * 1000).toISOString(),
    used_at: null,
  };
  const cooledDown = new Date(now.getTime() - SMS_RESEND_SECONDS * 1000).toISOString();
  const claimed = await db
    .insertInto('sms_codes')
    .values({ purpose: BIND, mobile: req.mobile, user_id: req.userId, ...fresh })
    .onConflict((oc) =>
      oc
        .columns(['purpose', 'mobile', 'user_id'])
        .doUpdateSet(fresh)
        .where('sms_codes.sent_at', '<=', cooledDown),
    )
    .returning('id')
    .executeTakeFirst();
  if (!claimed) {
    const last = await db
      .selectFrom('sms_codes')
      .select('sent_at')
      .where('purpose', '=', BIND)
      .where('mobile', '=', req.mobile)
      .where('user_id', '=', req.userId)
      .executeTakeFirst();
    const readyAt = (last ? Date.parse(last.sent_at) : now.getTime()) + SMS_RESEND_SECONDS * 1000;
    return { kind: 'cooldown', resendAfter: Math.max(1, Math.ceil((readyAt - now.getTime()) / 1000)) };
  }
  /** Undoes this send: its code and what it counted (nothing reached the phone). */
  const giveBack = async (keys: string[]) => {
    await db.deleteFrom('sms_codes').where('id', '=', claimed.id).where('code_hash', '=', codeHash).execute();
    for (const key of keys) await releaseAttempt(db, key);
  };
  const sentToday = await recordAttempt(db, pairKey, SMS_CAPS.perAccountNumber, now);
  // The account's first code for the number today takes its places among the number's requesters.
  const places = sentToday === 1 ? await takeNumberPlaces(db, req, day, now) : [];
  if (places === null || sentToday > SMS_CAPS.perAccountNumber.limit) {
    await giveBack([pairKey]);
    return { kind: 'limited' };
  }
  await db
    .deleteFrom('sms_codes')
    .where('expires_at', '<', new Date(now.getTime() - DAY_MS).toISOString())
    .execute();

  let result;
  try {
    result = await provider.send({ mobile: req.mobile, text: smsBindCodeText(code), params: { code } });
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    result = { ok: false as const, failure: 'unavailable' as const, reason };
  }
  if (!result.ok) {
    // Nothing reached the phone: free the account for an immediate retry, and spend nothing.
    await giveBack([pairKey, ...places]);
    return { kind: 'failed', failure: result.failure, reason: result.reason };
  }
  return { kind: 'sent', resendAfter: SMS_RESEND_SECONDS, expiresIn: SMS_CODE_TTL_SECONDS };
}

/**
 * Takes one place among the number's requesters today, and one among those from the caller's address
 * (SMS_CAPS): the keys taken, or null (nothing kept) when either is full. Each place is reserved
 * atomically, so racing accounts cannot take more than there are.
 */
async function takeNumberPlaces(
  db: Kysely<DB>,
  req: SendRequest,
  day: string,
  now: Date,
): Promise<string[] | null> {
  const places: [string, ThrottleRule][] = [
    [throttleKey('sms-number', `${day}:${req.mobile}`), SMS_CAPS.perNumberAccounts],
    [throttleKey('sms-number-ip', `${day}:${req.mobile}:${req.address}`), SMS_CAPS.perNumberAddress],
  ];
  const taken: string[] = [];
  for (const [key, rule] of places) {
    if (!(await reserveAttempt(db, key, rule, now)).admitted) {
      for (const k of taken) await releaseAttempt(db, k);
      return null;
    }
    taken.push(key);
  }
  return taken;
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
 * comparing (a conditional UPDATE), so parallel guesses cannot go past the limit. Only the caller's own
 * code is looked at: codes other accounts asked for are not this caller's to spend or to guess.
 */
export async function checkBindCode(
  db: Kysely<DB>,
  userId: number,
  mobile: string,
  code: string,
  now: Date,
): Promise<CodeCheck> {
  const row = await db
    .selectFrom('sms_codes')
    .select(['id', 'code_hash', 'attempts', 'expires_at', 'used_at'])
    .where('purpose', '=', BIND)
    .where('mobile', '=', mobile)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row || row.used_at !== null) return { ok: false, refusal: 'missing' };
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
export async function consumeBindCode(db: Db, proof: CodeProof, now: Date): Promise<boolean> {
  const used = await db
    .updateTable('sms_codes')
    .set({ used_at: now.toISOString() })
    .where('id', '=', proof.id)
    .where('code_hash', '=', proof.codeHash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(used.numUpdatedRows) === 1;
}

/**
 * The number is bound: the codes other accounts still hold for it are void (used), so none of them
 * proves the number any more, nor learns that it is now taken.
 */
export async function voidOtherCodes(db: Db, mobile: string, ownerId: number, now: Date): Promise<void> {
  await db
    .updateTable('sms_codes')
    .set({ used_at: now.toISOString() })
    .where('purpose', '=', BIND)
    .where('mobile', '=', mobile)
    .where('user_id', '!=', ownerId)
    .where('used_at', 'is', null)
    .execute();
}
