import type { UserInfo } from '../../../contract';
import { kvDel, kvGet, kvSet, KvKey } from '../../lib/kv';
import { flagIsFresh, isPayFlag, type PayFlag } from './pay-flag';

/** Marks that the pay page was opened (spec §4 pay flow). */
export async function setPayFlag(
  purpose: PayFlag['purpose'],
  user: Pick<UserInfo, 'avaliableAmount' | 'vipEndDate'> | undefined,
  extra: { orderNo?: string; bookId?: number } = {},
): Promise<void> {
  const flag: PayFlag = {
    at: Date.now(),
    purpose,
    balance: user?.avaliableAmount ?? 0,
    vipEndDate: user?.vipEndDate ?? null,
    ...extra,
  };
  await kvSet(KvKey.payPageFlag, flag);
}

export async function hasPayFlag(): Promise<boolean> {
  return isPayFlag(await kvGet(KvKey.payPageFlag));
}

/** The flag, removed as it is read so the prompt shows once; stale or malformed flags are dropped. */
export async function takePayFlag(now = Date.now()): Promise<PayFlag | null> {
  const v = await kvGet<unknown>(KvKey.payPageFlag);
  if (v === undefined) return null;
  await kvDel(KvKey.payPageFlag);
  return isPayFlag(v) && flagIsFresh(v, now) ? v : null;
}
