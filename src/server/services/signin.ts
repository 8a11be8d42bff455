import type { Kysely } from 'kysely';
import { SIGN_CYCLE_DAYS, type DailySignConfig } from '../../contract/index.js';
import type { DB } from '../db/schema.js';
import { isVipActive } from './access.js';
import { applyCoins, moneyTransaction } from './ledger.js';
import { previousDay, shanghaiDay } from './shanghai-day.js';

/** Settings keys of the sign-in amounts (comma lists, one number per day of the 7-day cycle). */
export const SIGN_AMOUNTS_KEY = 'sign_amounts';
export const VIP_SIGN_AMOUNTS_KEY = 'vip_sign_amounts';
export const DEFAULT_SIGN_AMOUNTS = '5,5,10,10,15,15,30';
export const DEFAULT_VIP_SIGN_AMOUNTS = '10,10,20,20,30,30,60';

export interface SignAmounts {
  signAmounts: string;
  vipSignAmounts: string;
}

/** Parses a comma list into exactly SIGN_CYCLE_DAYS non-negative integers, or null when malformed. */
function parseAmounts(list: string): number[] | null {
  const values = list.split(',').map((v) => Number(v.trim()));
  if (values.length !== SIGN_CYCLE_DAYS) return null;
  return values.every((v) => Number.isSafeInteger(v) && v >= 0) ? values : null;
}

export async function signAmounts(db: Kysely<DB>): Promise<SignAmounts> {
  const rows = await db
    .selectFrom('settings')
    .select(['key', 'value'])
    .where('key', 'in', [SIGN_AMOUNTS_KEY, VIP_SIGN_AMOUNTS_KEY])
    .execute();
  const byKey = new Map(rows.map((r) => [r.key, r.value]));
  const pick = (key: string, fallback: string) => {
    const v = byKey.get(key);
    return v !== undefined && parseAmounts(v) ? v : fallback;
  };
  return {
    signAmounts: pick(SIGN_AMOUNTS_KEY, DEFAULT_SIGN_AMOUNTS),
    vipSignAmounts: pick(VIP_SIGN_AMOUNTS_KEY, DEFAULT_VIP_SIGN_AMOUNTS),
  };
}

interface SignState {
  today: string;
  signedToday: { cycleDay: number; coins: number } | null;
  /** The cycle day the next sign-in earns (today's if not signed yet, else tomorrow's). */
  nextCycleDay: number;
  vip: boolean;
  boundMobile: boolean;
}

async function signState(db: Kysely<DB>, userId: number, now: Date): Promise<SignState> {
  const today = shanghaiDay(now);
  const user = await db
    .selectFrom('users')
    .select(['vip_type', 'vip_end_at', 'mobile'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const last = await db
    .selectFrom('sign_ins')
    .select(['day', 'cycle_day', 'coins'])
    .where('user_id', '=', userId)
    .where('day', '<=', today)
    .orderBy('day', 'desc')
    .limit(2)
    .execute();
  const todays = last[0]?.day === today ? last[0] : undefined;
  const before = todays ? last[1] : last[0];
  // A streak continues only from yesterday; a missed day starts the cycle again at 1.
  const streakDay = before && before.day === previousDay(today) ? before.cycle_day : 0;
  const todayCycleDay = todays ? todays.cycle_day : (streakDay % SIGN_CYCLE_DAYS) + 1;
  return {
    today,
    signedToday: todays ? { cycleDay: todays.cycle_day, coins: todays.coins } : null,
    nextCycleDay: todays ? (todays.cycle_day % SIGN_CYCLE_DAYS) + 1 : todayCycleDay,
    vip: isVipActive(user, now),
    boundMobile: user.mobile !== null,
  };
}

function coinsFor(amounts: SignAmounts, vip: boolean, cycleDay: number): number {
  const list = parseAmounts(vip ? amounts.vipSignAmounts : amounts.signAmounts) ?? [];
  return list[cycleDay - 1] ?? 0;
}

/**
 * The sign-in strip for the home page: amounts for users and VIP, the day the next sign-in earns
 * (currentSignDay), the day to highlight (selectSignDay: today's if signed, else the next), and
 * receiveCount: coins received today when signed, else what signing now would give.
 */
export async function dailySignConfig(db: Kysely<DB>, userId: number, now: Date): Promise<DailySignConfig> {
  const [amounts, state] = await Promise.all([signAmounts(db), signState(db, userId, now)]);
  return {
    signAmounts: amounts.signAmounts,
    vipSignAmounts: amounts.vipSignAmounts,
    currentSignDay: state.nextCycleDay,
    selectSignDay: state.signedToday ? state.signedToday.cycleDay : state.nextCycleDay,
    alreadyBoundMobile: state.boundMobile,
    signedToday: state.signedToday !== null,
    receiveCount: state.signedToday
      ? state.signedToday.coins
      : coinsFor(amounts, state.vip, state.nextCycleDay),
  };
}

export type SignResult =
  | { ok: true; receiveCount: number; signedDay: number; currentSignDay: number; balance: number }
  | { ok: false; reason: 'already_signed' };

/**
 * Signs the user in for today (Asia/Shanghai). The unique (user_id, day) row makes a second sign-in
 * the same day a no-op whatever the concurrency; its coins go through the ledger in the same
 * transaction (kind sign_in, ref the sign-in id).
 */
export async function dailySign(db: Kysely<DB>, userId: number, now: Date): Promise<SignResult> {
  const amounts = await signAmounts(db);
  return moneyTransaction(db, async (trx): Promise<SignResult> => {
    const state = await signState(trx, userId, now);
    if (state.signedToday) return { ok: false, reason: 'already_signed' } as const;
    const cycleDay = state.nextCycleDay;
    const coins = coinsFor(amounts, state.vip, cycleDay);
    const row = await trx
      .insertInto('sign_ins')
      .values({
        user_id: userId,
        day: state.today,
        cycle_day: cycleDay,
        coins,
        created_at: now.toISOString(),
      })
      .onConflict((oc) => oc.columns(['user_id', 'day']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!row) return { ok: false, reason: 'already_signed' } as const;
    const { balance } = await applyCoins(trx, {
      userId,
      amount: coins,
      kind: 'sign_in',
      refType: 'sign_in',
      refId: row.id,
      at: now,
    });
    return {
      ok: true,
      receiveCount: coins,
      signedDay: cycleDay,
      currentSignDay: (cycleDay % SIGN_CYCLE_DAYS) + 1,
      balance,
    } as const;
  });
}

/** Stores the sign-in amount lists (seed and admin use). Idempotent unless `overwrite`. */
export async function saveSignAmounts(
  db: Kysely<DB>,
  amounts: SignAmounts,
  overwrite = false,
): Promise<void> {
  for (const [key, value] of [
    [SIGN_AMOUNTS_KEY, amounts.signAmounts],
    [VIP_SIGN_AMOUNTS_KEY, amounts.vipSignAmounts],
  ] as const) {
    if (!parseAmounts(value))
      throw new RangeError(`${key} needs ${SIGN_CYCLE_DAYS} comma-separated integers`);
    await db
      .insertInto('settings')
      .values({ key, value })
      .onConflict((oc) =>
        overwrite ? oc.column('key').doUpdateSet({ value }) : oc.column('key').doNothing(),
      )
      .execute();
  }
}
