import type { UserInfo } from '../../../contract';

/** Set when the pay page opens (KvKey.payPageFlag); read once by the pay-result prompt. */
export interface PayFlag {
  /** Epoch ms when the pay page was opened. */
  at: number;
  orderNo?: string;
  purpose: 'coin' | 'vip';
  bookId?: number;
  /** Balance and VIP end when the order was made: a change means the payment arrived. */
  balance: number;
  vipEndDate: string | null;
}

/** A flag older than this is stale (the order long expired): no prompt. */
export const PAY_FLAG_MAX_AGE_MS = 24 * 3600 * 1000;
/** After the prompt shows, user info is polled this often and this long, until the payment shows. */
export const PAY_POLL_INTERVAL_MS = 2_000;
export const PAY_POLL_DURATION_MS = 60_000;

export function isPayFlag(v: unknown): v is PayFlag {
  if (!v || typeof v !== 'object') return false;
  const f = v as Record<string, unknown>;
  return (
    typeof f.at === 'number' && (f.purpose === 'coin' || f.purpose === 'vip') && typeof f.balance === 'number'
  );
}

export function flagIsFresh(flag: PayFlag, now: number): boolean {
  return now - flag.at >= 0 && now - flag.at < PAY_FLAG_MAX_AGE_MS;
}

/** True once the user info shows the payment (more coins, or a later VIP end). */
export function paymentArrived(
  flag: PayFlag,
  info: Pick<UserInfo, 'avaliableAmount' | 'vipEndDate'>,
): boolean {
  if (flag.purpose === 'coin') return info.avaliableAmount > flag.balance;
  if (!info.vipEndDate) return false;
  return !flag.vipEndDate || Date.parse(info.vipEndDate) > Date.parse(flag.vipEndDate);
}
