import { randomBytes, randomInt } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import {
  MOBILE_PATTERN,
  type FindAccountData,
  type SessionData,
  type UserInfo,
} from '../../contract/index.js';
import type { Ctx } from '../context.js';
import { nowIso } from '../db/portable.js';
import type { DB } from '../db/schema.js';
import { isUniqueViolation } from '../db/unique-violation.js';
import { rewardBindMobile } from './ledger.js';
import { generatePassword, hashCostOf, hashGeneratedPassword } from './passwords.js';
import { createSession, revokeSessions } from './session.js';
import { admitLogin } from './login-guard.js';
import { checkBindCode, consumeBindCode, voidOtherCodes, type CodeRefusal } from './sms/codes.js';
import { FIND_ACCOUNT_MISSES, isThrottled, recordAttempt, throttleKey } from './throttle.js';
import { getUserInfo } from './user-info.js';

type Db = Kysely<DB> | Transaction<DB>;

/** 'u' + 8 digits: short enough to type, 90 million of them. */
const newAccount = () => `u${randomInt(10_000_000, 100_000_000)}`;
const newVisitorId = () => randomBytes(12).toString('hex');

export interface ClientFacts {
  deviceId: string | null;
  branchId: number;
}

/** Anonymous registration: a fresh account and password; the password is in this answer only. */
export async function registerUser(
  ctx: Ctx,
  client: ClientFacts & { fromDomain: string | null },
): Promise<SessionData> {
  const password = generatePassword();
  const passwordHash = await hashGeneratedPassword(password);
  for (let attempt = 0; ; attempt++) {
    try {
      return await ctx.db.transaction().execute(async (trx) => {
        const user = await trx
          .insertInto('users')
          .values({
            account: newAccount(),
            password_hash: passwordHash,
            visitor_id: newVisitorId(),
            branch_id: client.branchId,
            mobile: null,
            from_domain: client.fromDomain,
            device_id: client.deviceId,
            balance: 0,
            vip_type: 'none',
            vip_end_at: null,
            recharged: 0,
            created_at: nowIso(),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const token = await createSession(trx, user.id);
        return { ...(await getUserInfo(trx, user.id, ctx.clock.now())), password, token };
      });
    } catch (err) {
      // Another registration drew the same account number: draw again.
      if (attempt < 5 && isUniqueViolation(err, { table: 'users', columns: ['account'] })) continue;
      throw err;
    }
  }
}

export type LoginOutcome =
  { kind: 'ok'; data: SessionData } | { kind: 'failed' } | { kind: 'throttled'; retryAfterSeconds: number };

async function findByLogin(db: Db, login: string) {
  const q = db.selectFrom('users').select(['id', 'password_hash', 'device_id']);
  const byAccount = await q.where('account', '=', login).executeTakeFirst();
  if (byAccount || !MOBILE_PATTERN.test(login)) return byAccount;
  return q.where('mobile', '=', login).executeTakeFirst();
}

/**
 * Login by account or bound mobile. Attempts are reserved before the hash runs (login-guard.ts: per
 * name and address, and a per-name slowdown that never locks the owner out); an unknown name costs
 * the same hashing time as a wrong password.
 */
export async function login(
  ctx: Ctx,
  input: { account: string; password: string },
  client: ClientFacts & { address: string },
): Promise<LoginOutcome> {
  const name = input.account.trim();
  const user = await findByLogin(ctx.db, name);
  const ownDevice = user && client.deviceId && user.device_id === client.deviceId ? client.deviceId : null;
  const admission = await admitLogin(ctx.db, name, client.address, ownDevice);
  if (!admission.admitted) return { kind: 'throttled', retryAfterSeconds: admission.retryAfterSeconds };

  let valid: boolean;
  try {
    valid = user
      ? await ctx.hasher.verify(input.password, user.password_hash, { ownDevice: ownDevice !== null })
      : await ctx.hasher.burnVerify(input.password, ctx.config.scryptCostLog2);
    // A drawn password's hash is quick to check: the answer still takes as long as any other account's,
    // so its time tells neither that the account exists nor that it never chose a password.
    if (user && (hashCostOf(user.password_hash) ?? 0) < ctx.config.scryptCostLog2)
      await ctx.hasher.burnVerify(input.password, ctx.config.scryptCostLog2, {
        ownDevice: ownDevice !== null,
      });
  } catch (err) {
    await admission.settle('not-evaluated');
    throw err;
  }
  if (!user || !valid) {
    await admission.settle('failure');
    return { kind: 'failed' };
  }
  await admission.settle('success');
  const data = await ctx.db.transaction().execute(async (trx) => {
    if (client.deviceId) {
      await trx.updateTable('users').set({ device_id: client.deviceId }).where('id', '=', user.id).execute();
    }
    const token = await createSession(trx, user.id);
    return { ...(await getUserInfo(trx, user.id, ctx.clock.now())), token };
  });
  return { kind: 'ok', data };
}

export type BindOutcome =
  | { kind: 'ok'; user: UserInfo; rewarded: number }
  | { kind: 'alreadyBound' }
  | { kind: 'taken' }
  | { kind: 'wrongPassword' }
  | { kind: 'badCode'; refusal: CodeRefusal };

/**
 * Binds a mobile to the user once, rewarding coins in the same transaction (once per account and
 * once per mobile ever, enforced by the rewards table). The SMS code sent to that mobile for this user
 * must match (sms/codes.ts); only then is 'taken' ever said, so it cannot enumerate numbers, and any
 * answer after a valid code uses it up. When the client sends the password it is checked. A bind voids
 * the codes other accounts hold for the number.
 */
export async function bindMobile(
  ctx: Ctx,
  userId: number,
  mobile: string,
  password: string | undefined,
  code: string,
): Promise<BindOutcome> {
  const me = await ctx.db
    .selectFrom('users')
    .select(['mobile', 'password_hash'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  if (me.mobile !== null) return { kind: 'alreadyBound' };
  // The cheap proof first: no password hashing for a caller without the number's code.
  const check = await checkBindCode(ctx.db, userId, mobile, code, ctx.clock.now());
  if (!check.ok) return { kind: 'badCode', refusal: check.refusal };
  if (password && !(await ctx.hasher.verify(password, me.password_hash))) return { kind: 'wrongPassword' };
  const owner = await ctx.db.selectFrom('users').select('id').where('mobile', '=', mobile).executeTakeFirst();
  if (owner) {
    await consumeBindCode(ctx.db, check.proof, ctx.clock.now());
    return { kind: 'taken' };
  }
  try {
    return await ctx.db.transaction().execute(async (trx) => {
      if (!(await consumeBindCode(trx, check.proof, ctx.clock.now())))
        return { kind: 'badCode', refusal: 'missing' } as const;
      const updated = await trx
        .updateTable('users')
        .set({ mobile })
        .where('id', '=', userId)
        .where('mobile', 'is', null)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) return { kind: 'alreadyBound' } as const;
      await voidOtherCodes(trx, mobile, userId, ctx.clock.now());
      const rewarded = await rewardBindMobile(trx, userId, mobile, ctx.clock.now());
      return { kind: 'ok', user: await getUserInfo(trx, userId, ctx.clock.now()), rewarded } as const;
    });
  } catch (err) {
    // Another account took the mobile between our check and the update.
    if (isUniqueViolation(err, { table: 'users', columns: ['mobile'] })) {
      await consumeBindCode(ctx.db, check.proof, ctx.clock.now());
      return { kind: 'taken' };
    }
    throw err;
  }
}

/** New password; every other session of the user ends, the caller's stays. */
export async function changePassword(ctx: Ctx, userId: number, sessionId: number, password: string) {
  const passwordHash = await ctx.hasher.hash(password, ctx.config.scryptCostLog2);
  await ctx.db.transaction().execute(async (trx) => {
    await trx.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', userId).execute();
    await revokeSessions(trx, userId, sessionId);
  });
}

export type FindOutcome =
  { kind: 'ok'; data: FindAccountData } | { kind: 'notFound' } | { kind: 'throttled' };

/**
 * Account recovery by the day a payment was taken on this device: exactly one paying account must
 * match. It gets a fresh password, loses all its sessions and gets a new one for this device.
 */
export async function findAccount(ctx: Ctx, deviceId: string, chargeDay: string): Promise<FindOutcome> {
  const key = throttleKey('find', deviceId);
  if (await isThrottled(ctx.db, key, FIND_ACCOUNT_MISSES)) return { kind: 'throttled' };
  const rows = await ctx.db
    .selectFrom('recharge_orders')
    .select('user_id')
    .distinct()
    .where('status', '=', 'PAID')
    .where('device_id', '=', deviceId)
    .where('charge_day', '=', chargeDay)
    .limit(2)
    .execute();
  if (rows.length !== 1) {
    await recordAttempt(ctx.db, key, FIND_ACCOUNT_MISSES);
    return { kind: 'notFound' };
  }
  const userId = rows[0].user_id;
  const password = generatePassword();
  const passwordHash = await hashGeneratedPassword(password);
  const data = await ctx.db.transaction().execute(async (trx) => {
    const user = await trx
      .updateTable('users')
      .set({ password_hash: passwordHash, device_id: deviceId })
      .where('id', '=', userId)
      .returning('account')
      .executeTakeFirstOrThrow();
    await revokeSessions(trx, userId);
    const token = await createSession(trx, userId);
    return { account: user.account, password, token };
  });
  return { kind: 'ok', data };
}

/** Where a visitor came from (referrer and branch), with the user when signed in. */
export async function recordUserMark(db: Db, userId: number | null, branchId: number, referUrl: string) {
  await db
    .insertInto('user_marks')
    .values({ user_id: userId, branch_id: branchId, refer_url: referUrl, created_at: nowIso() })
    .execute();
}

export async function recordContact(
  db: Db,
  entry: { userId: number | null; visitorId: string | null; contactType: string; contactPosition: string },
) {
  await db
    .insertInto('contacts')
    .values({
      user_id: entry.userId,
      visitor_id: entry.visitorId,
      contact_type: entry.contactType,
      contact_position: entry.contactPosition,
      created_at: nowIso(),
    })
    .execute();
}
