import type { CoinRecordPage, RechargeRecordPage } from '../../../contract';
import { call, unwrap } from './http';

export const recordKeys = {
  all: ['records'] as const,
  orders: () => [...recordKeys.all, 'orders'] as const,
  coins: () => [...recordKeys.all, 'coins'] as const,
};

/** One page of the caller's recharge orders, newest first, after the cursor `before`. */
export const fetchRechargeRecords = (before: number | undefined): Promise<RechargeRecordPage> =>
  call('rechargeRecords', { query: { before } }).then(unwrap);

/** One page of the caller's coin records (spent and received), newest first. */
export const fetchCoinRecords = (before: number | undefined): Promise<CoinRecordPage> =>
  call('coinRecords', { query: { before } }).then(unwrap);

/** getNextPageParam of the cursor-paged records. */
export const nextCursor = (last: { next: number | null }) => last.next ?? undefined;
