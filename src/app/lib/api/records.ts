import { Api, type CoinRecordPage, type RechargeRecordPage } from '../../../contract';
import { apiGet, unwrap } from './http';

export const recordKeys = {
  all: ['records'] as const,
  orders: () => [...recordKeys.all, 'orders'] as const,
  coins: () => [...recordKeys.all, 'coins'] as const,
};

/** One page of the caller's recharge orders, newest first, after the cursor `before`. */
export async function fetchRechargeRecords(before: number | undefined): Promise<RechargeRecordPage> {
  return unwrap(
    await apiGet<RechargeRecordPage>(Api.rechargeRecords, { auth: 'required', searchParams: { before } }),
  );
}

/** One page of the caller's coin records (spent and received), newest first. */
export async function fetchCoinRecords(before: number | undefined): Promise<CoinRecordPage> {
  return unwrap(
    await apiGet<CoinRecordPage>(Api.coinRecords, { auth: 'required', searchParams: { before } }),
  );
}

/** getNextPageParam of the cursor-paged records. */
export const nextCursor = (last: { next: number | null }) => last.next ?? undefined;
