import {
  Api,
  apiPath,
  type CommonInfo,
  type DailySignConfig,
  type FindAccountData,
  type SendBindCodeData,
  type SessionData,
  type TodayUpdateData,
  type UserInfo,
} from '../../../contract';
import { kvGet, kvSet, KvKey } from '../kv';
import { peekSession } from '../session';
import { apiGet, apiPost, unwrap } from './http';

/** Query keys of the account screens (user info itself is `userKeys` in lib/user.ts). */
export const accountKeys = {
  all: ['account'] as const,
  commonInfo: (branchId: number) => [...accountKeys.all, 'commonInfo', branchId] as const,
  dailySign: () => [...accountKeys.all, 'dailySign'] as const,
};

/** Business answers (result false) are returned as they are: screens show their msg or code. */
export const login = (account: string, password: string) =>
  apiPost<SessionData>(Api.login, { body: { account: account.trim(), password }, auth: 'optional' });

/**
 * Spec §7 sends mobile and password: the account's password (kept on the device), checked by the server;
 * plus the SMS code that proves the number.
 */
export const bindMobile = (mobile: string, code: string, password: string | undefined) =>
  apiPost<UserInfo | null>(Api.bindMobile, {
    body: { mobile: mobile.trim(), code: code.trim(), password },
    auth: 'required',
  });

/** Asks for the bind code by SMS; a refusal inside the cooldown carries the seconds left too. */
export const sendBindCode = (mobile: string) =>
  apiPost<SendBindCodeData | null>(Api.sendBindCode, { body: { mobile: mobile.trim() }, auth: 'required' });

/** The answer may carry a fresh token (the server revokes the other sessions on a change). */
export const modifyPwd = (password: string) =>
  apiPost<(Partial<SessionData> & { token?: string }) | null>(Api.modifyPwd, {
    body: { password },
    auth: 'required',
  });

export const findAccount = (chargeTime: string) =>
  apiPost<FindAccountData>(Api.findAccount, { body: { chargeTime }, auth: 'optional' });

export const dailySign = () =>
  apiPost<{ receiveCount: number; currentSignDay: number; signedDay?: number; avaliableAmount?: number }>(
    Api.dailySign,
    { auth: 'required' },
  );

/**
 * Records which support entry was used (spec §7 submit_contact). Best effort: a failed record must
 * never stop the user reaching support.
 */
export async function submitContact(contactType: string, contactPosition: string): Promise<void> {
  const s = peekSession();
  try {
    await apiPost(Api.submitContact, {
      body: { userId: s?.user.userId, visitorId: s?.user.visitorId, contactType, contactPosition },
      auth: 'optional',
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
    await apiGet<TodayUpdateData>(Api.todayUpdate, {
      searchParams: { category: 0, pageSize: 1, currentPage: 1 },
      auth: 'required',
    }),
  );
  return data.dailySign;
}

/** Support contacts and app download link; the last answer is kept on the device for offline use. */
export async function fetchCommonInfo(branchId: number): Promise<CommonInfo> {
  try {
    const info = unwrap(
      await apiGet<CommonInfo>(apiPath(Api.commonInfo, { branchId }), { host: 'static', auth: 'optional' }),
    );
    await kvSet(KvKey.commonInfo, info);
    return info;
  } catch (err) {
    const kept = await kvGet<CommonInfo>(KvKey.commonInfo);
    if (kept) return kept;
    throw err;
  }
}

/** POST user_from_mark: where this visitor came from (the landing page's tgId, or a first visit's referrer). */
export const markUserSource = (referUrl: string) =>
  apiPost<null>(Api.userFromMark, { auth: 'required', body: { referUrl } });
