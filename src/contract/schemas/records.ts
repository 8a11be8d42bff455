import { z } from 'zod';

/**
 * The caller's own money records on 充值记录 (/user/purchase/history): recharge orders and the coin
 * ledger, newest first. Paged by cursor (`before` = the last id seen), not by page number: a purchase
 * made while the list is open must not shift the next page into rows already shown.
 */
export const RecordsQuery = z.object({
  before: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
});
export type RecordsQuery = z.infer<typeof RecordsQuery>;

/** paid: credited; pending: waiting for the payment (within its window); closed: not paid in time. */
export const OrderState = z.enum(['paid', 'pending', 'closed']);
export type OrderState = z.infer<typeof OrderState>;

export const RechargeRecord = z.object({
  id: z.number().int(),
  orderNo: z.string(),
  purpose: z.enum(['coin', 'vip']),
  /** The package's title (e.g. 300金币, 月度VIP). */
  title: z.string(),
  /** Fen paid. */
  amount: z.number().int(),
  /** Coins the package credits (bonus included); 0 for VIP. */
  coins: z.number().int(),
  vipDays: z.number().int(),
  state: OrderState,
  /** ISO time the order was opened. */
  createdAt: z.string(),
});
export type RechargeRecord = z.infer<typeof RechargeRecord>;

/** What moved the coins: a chapter or video bought, a sign-in, the bind reward, a top-up. */
export const CoinRecordKind = z.enum(['chapter', 'vod', 'sign_in', 'bind_mobile', 'recharge']);
export type CoinRecordKind = z.infer<typeof CoinRecordKind>;

export const CoinRecord = z.object({
  id: z.number().int(),
  kind: CoinRecordKind,
  /** A human label: 《book》第3话 …, 《video》, 每日签到, 绑定手机奖励, 充值 300金币. */
  label: z.string(),
  /** Coins: negative spent, positive received. */
  amount: z.number().int(),
  /** The balance right after. */
  balance: z.number().int(),
  createdAt: z.string(),
});
export type CoinRecord = z.infer<typeof CoinRecord>;

/** `next`: the cursor of the following page, null at the end. */
export const RechargeRecordPage = z.object({
  list: z.array(RechargeRecord),
  next: z.number().int().nullable(),
});
export type RechargeRecordPage = z.infer<typeof RechargeRecordPage>;
export const CoinRecordPage = z.object({ list: z.array(CoinRecord), next: z.number().int().nullable() });
export type CoinRecordPage = z.infer<typeof CoinRecordPage>;
