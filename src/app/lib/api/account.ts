import type { CommonInfo, DailySignConfig } from '../../../contract';
import { kvGet, kvSet, KvKey } from '../kv';
import { peekSession } from '../session';
import { call, unwrap } from './http';

/** Query keys of the account screens (user info itself is `userKeys` in lib/user.ts). */
export const accountKeys = {
  all: ['account'] as const,
  commonInfo: (branchId: number) => [...accountKeys.all, 'commonInfo', branchId] as const,
  dailySign: () => [...accountKeys.all, 'dailySign'] as const,
};

/** Business answers (result false) are returned as they are: screens show their msg or code. */
export const login = (account: string, password: string) =>
  call('login', { body: { account: account.trim(), password } });

/**
 * Spec §7 sends mobile and password: the account's password (kept on the device), checked by the server;
 * plus the SMS code that proves the number.
 */
export const bindMobile = (mobile: string, code: string, password: string | undefined) =>
  call('bindMobile', { body: { mobile: mobile.trim(), code: code.trim(), password } });

/** Asks for the bind code by SMS; a refusal inside the cooldown carries the seconds left too. */
export const sendBindCode = (mobile: string) => call('sendBindCode', { body: { mobile: mobile.trim() } });

/** The server keeps this session and revokes the others. */
export const modifyPwd = (password: string) => call('modifyPwd', { body: { password } });

export const findAccount = (chargeTime: string) => call('findAccount', { body: { chargeTime } });

export const dailySign = () => call('dailySign');

/**
 * Records which support entry was used (spec §7 submit_contact). Best effort: a failed record must
 * never stop the user reaching support.
 */
export async function submitContact(contactType: string, contactPosition: string): Promise<void> {
  const s = peekSession();
  try {
    await call('submitContact', {
      body: { userId: s?.user.userId, visitorId: s?.user.visitorId, contactType, contactPosition },
    });
  } catch {
    // Logged by the client; support stays reachable.
  }
}

/**
 * The sign-in strip comes with today_update (spec §7); one book is enough to get it. Dynamic host:
 * the answer is per user.
 */
export async function fetchDailySignConfig(): Promise<DailySignConfig | null> {
  const data = unwrap(
    await call(
      'todayUpdate',
      { query: { category: 0, pageSize: 1, currentPage: 1 } },
      { host: 'dynamic', ensureSession: true },
    ),
  );
  return data.dailySign;
}

/** Support contacts and app download link; the last answer is kept on the device for offline use. */
export async function fetchCommonInfo(branchId: number): Promise<CommonInfo> {
  try {
    const info = unwrap(await call('commonInfo', { params: { branchId } }));
    // Not waited for: home's download tip shows with this answer, and waiting on the device's store
    // could let the app's first screen take over from the server's before the tip was in it.
    kvSet(KvKey.commonInfo, info).catch(() => undefined);
    return info;
  } catch (err) {
    const kept = await kvGet<CommonInfo>(KvKey.commonInfo);
    if (kept) return kept;
    throw err;
  }
}

/** POST user_from_mark: where this visitor came from (the landing page's tgId, or a first visit's referrer). */
export const markUserSource = (referUrl: string) => call('userFromMark', { body: { referUrl } });
