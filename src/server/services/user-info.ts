import type { Kysely, Transaction } from 'kysely';
import { TIMEZONE, type UserInfo, type VipType } from '../../contract/index.js';
import type { DB, UsersTable } from '../db/schema.js';

/** The user's row fields that UserInfo is built from. */
export type UserInfoRow = Pick<
  UsersTable,
  'account' | 'visitor_id' | 'branch_id' | 'mobile' | 'balance' | 'vip_type' | 'vip_end_at' | 'recharged'
> & { id: number };

const VIP_TYPES = new Set<string>(['month', 'quarter', 'year']);

const shanghaiParts = new Intl.DateTimeFormat('en-US', {
  timeZone: TIMEZONE,
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  hourCycle: 'h23',
});

/** Calendar parts of an instant in Asia/Shanghai (the spec shows VIP end dates there). */
function partsInShanghai(date: Date) {
  const parts = Object.fromEntries(shanghaiParts.formatToParts(date).map((p) => [p.type, p.value]));
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
  };
}

/** UserInfo from a users row; `now` decides whether the VIP is still active. */
export function toUserInfo(row: UserInfoRow, now: Date): UserInfo {
  const end = row.vip_end_at ? new Date(row.vip_end_at) : null;
  const validEnd = end && !Number.isNaN(end.getTime()) ? end : null;
  const active = validEnd !== null && validEnd.getTime() > now.getTime() && VIP_TYPES.has(row.vip_type);
  const parts = validEnd ? partsInShanghai(validEnd) : null;
  return {
    userId: row.id,
    account: row.account,
    visitorId: row.visitor_id,
    branchId: row.branch_id,
    mobile: row.mobile,
    vipType: active ? (row.vip_type as VipType) : 'none',
    vipEndYear: parts?.year ?? null,
    vipEndMonth: parts?.month ?? null,
    vipEndDay: parts?.day ?? null,
    vipEndHour: parts?.hour ?? null,
    vipEndDate: validEnd ? validEnd.toISOString() : null,
    avaliableAmount: row.balance,
    recharged: row.recharged === 1,
  };
}

/** Thrown when the user id names no user (a revoked or deleted account behind a stale session). */
export class UserNotFoundError extends Error {
  constructor(userId: number) {
    super(`user ${userId} not found`);
  }
}

/**
 * The user's current info. Works inside a transaction too (pass the Transaction) so callers that just
 * moved coins answer with the balance they committed.
 */
export async function getUserInfo(
  db: Kysely<DB> | Transaction<DB>,
  userId: number,
  now: Date,
): Promise<UserInfo> {
  const row = await db
    .selectFrom('users')
    .select([
      'id',
      'account',
      'visitor_id',
      'branch_id',
      'mobile',
      'balance',
      'vip_type',
      'vip_end_at',
      'recharged',
    ])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!row) throw new UserNotFoundError(userId);
  return toUserInfo(row, now);
}
