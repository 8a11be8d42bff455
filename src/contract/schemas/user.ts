import { z } from 'zod';
import { MOBILE_PATTERN, SMS_CODE_PATTERN } from '../constants.js';
import { Msg } from '../messages.js';
import { AppType, IntId } from './common.js';

export const VipType = z.enum(['none', 'month', 'quarter', 'year']);
export type VipType = z.infer<typeof VipType>;

export const UserInfo = z.object({
  userId: z.number().int(),
  account: z.string(),
  /** Only in the answers that create it (register, find account); the app keeps it on the device. */
  password: z.string().optional(),
  visitorId: z.string(),
  branchId: z.number().int(),
  mobile: z.string().nullable(),
  vipType: VipType,
  vipEndYear: z.number().int().nullable(),
  vipEndMonth: z.number().int().nullable(),
  vipEndDay: z.number().int().nullable(),
  vipEndHour: z.number().int().nullable(),
  /** ISO date-time of VIP end, null without VIP history. */
  vipEndDate: z.string().nullable(),
  /** Coins. The spec's spelling. */
  avaliableAmount: z.number().int(),
  recharged: z.boolean(),
});
export type UserInfo = z.infer<typeof UserInfo>;

/** register and login answers: the user plus an opaque session token. */
export const SessionData = UserInfo.extend({ token: z.string() });
export type SessionData = z.infer<typeof SessionData>;

export const RegisterQuery = z.object({ fromDomain: z.string().max(253).optional() });

export const Password = z.string().min(6, Msg.passwordRule).max(32, Msg.passwordRule);
export const Mobile = z.string().regex(MOBILE_PATTERN, Msg.badMobile);

export const LoginBody = z.object({
  account: z.string().trim().min(1, Msg.enterMobile).max(64),
  password: z.string().min(1, Msg.enterPassword).max(64),
});
/** The SMS code of bind_mobile: missing or empty asks for it, anything but 6 digits is refused. */
export const SmsCode = z
  .string({ error: Msg.enterSmsCode })
  .trim()
  .min(1, Msg.enterSmsCode)
  .regex(SMS_CODE_PATTERN, Msg.badSmsCode);
export const BindMobileBody = z.object({
  mobile: Mobile,
  password: z.string().max(64).optional(),
  /** Proves the number: the code sent by send_bind_code to this mobile for this user. */
  code: SmsCode,
});
export const SendBindCodeBody = z.object({ mobile: Mobile });
/**
 * send_bind_code answer: seconds until another code may be sent (also on a refusal inside the
 * cooldown), how long the code is valid, and with the sandbox provider where its test outbox is.
 */
export const SendBindCodeData = z.object({
  resendAfter: z.number().int(),
  expiresIn: z.number().int().optional(),
  outboxUrl: z.string().optional(),
});
export type SendBindCodeData = z.infer<typeof SendBindCodeData>;
export const ModifyPwdBody = z.object({ password: Password });
export const UserFromMarkBody = z.object({ referUrl: z.string().max(2000).default('') });
export const SubmitContactBody = z.object({
  userId: z.coerce.number().int().min(0).optional(),
  visitorId: z.string().max(64).optional(),
  contactType: z.string().min(1).max(32),
  contactPosition: z.string().min(1).max(64),
});
/** Recharge deduction date, Asia/Shanghai calendar day. */
export const FindAccountBody = z.object({
  chargeTime: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, Msg.pickChargeDate),
});
export const FindAccountData = z.object({ account: z.string(), password: z.string(), token: z.string() });
export type FindAccountData = z.infer<typeof FindAccountData>;

export const DailySignConfig = z.object({
  /** Comma-separated coins per day of the 7-day cycle for users. */
  signAmounts: z.string(),
  /** Comma-separated coins per day for VIP users (already doubled). */
  vipSignAmounts: z.string(),
  /** 1-based day of the cycle the next sign-in earns. */
  currentSignDay: z.number().int(),
  /** The day highlighted in the strip (signed today: the day just signed). */
  selectSignDay: z.number().int(),
  alreadyBoundMobile: z.boolean(),
  signedToday: z.boolean(),
  receiveCount: z.number().int(),
});
export type DailySignConfig = z.infer<typeof DailySignConfig>;
/**
 * daily_sign answer: coins received, the cycle day just signed (signedDay) and, as in DailySignConfig,
 * the day the next sign-in earns (currentSignDay: signedDay + 1, wrapping after 7), plus the new balance.
 */
export const DailySignData = z.object({
  receiveCount: z.number().int(),
  currentSignDay: z.number().int(),
  signedDay: z.number().int().optional(),
  avaliableAmount: z.number().int().optional(),
});

export const PayConfig = z.object({
  id: z.number().int(),
  type: z.enum(['coin', 'vip']),
  amountLevel: z.number().int(),
  itemCount: z.number().int(),
  presentCount: z.number().int(),
  title: z.string(),
  configDesc: z.string(),
  isDefault: z.enum(['Y', 'N']),
  isRecommend: z.enum(['Y', 'N']),
  vipDays: z.number().int(),
});
export type PayConfig = z.infer<typeof PayConfig>;

export const PaySubType = z.object({
  subTypeCode: z.string(),
  superiorCode: z.enum(['alipay', 'wechat_pay', 'bank']),
  initiatorCode: z.enum(['wap_pay', 'app']),
  subTypeDesc: z.string(),
  discount: z.number(),
});
export type PaySubType = z.infer<typeof PaySubType>;

export const RechargeQuery = z.object({ appType: AppType.default('other') });
export const RechargeData = z.object({
  userInfo: UserInfo,
  payConfigs: z.array(PayConfig),
  subTypes: z.array(PaySubType),
  availableAmount: z.number().int(),
});
export type RechargeData = z.infer<typeof RechargeData>;

export const PayBody = z.object({
  payChannel: z.string().min(1).max(64),
  payPurpose: z.enum(['coin', 'vip']),
  payPurposeId: IntId,
  rechargerAmount: z.coerce.number().int().positive().max(100_000_000),
  appType: AppType.default('other'),
  returnUrl: z.string().max(2000).optional(),
});
/**
 * /h5/pay/apply is a browser navigation, so it cannot carry the session header and the session token
 * never goes in a URL. Instead POST /api/pay/pay (with the app's headers) creates the order and answers
 * `applyUrl`: the query of spec §7 (rechargerAmount, payPurposeId, payChannel, payPurpose, userId,
 * branchId, fromDomain, appType, returnUrl, apiUrl) plus `orderNo`, `expires` (epoch ms, the order's
 * expiry) and `ticket`, an HMAC-SHA256 over the order number, user id, expiry, branch, domain, return
 * and api URLs. The URL works once and only until the order expires; the package fields must match
 * the order.
 */
export const PayApplyQuery = PayBody.extend({
  userId: IntId,
  branchId: z.coerce.number().int().min(0).max(999_999_999),
  fromDomain: z.string().min(1).max(253),
  returnUrl: z.string().min(1).max(2000),
  apiUrl: z.string().min(1).max(2000),
  orderNo: z.string().regex(/^[A-Za-z0-9]{8,64}$/),
  expires: z.coerce.number().int().positive(),
  ticket: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/),
});
export const PayData = z.object({
  orderNo: z.string(),
  initiatorCode: z.enum(['wap_pay', 'app']),
  /** wap_pay: the cashier URL to redirect to. */
  payUrl: z.string().nullable(),
  /** app: what the native payment starts from. */
  appPayData: z.record(z.string(), z.string()).nullable(),
  expireAt: z.string(),
  /** Signed single-use /h5/pay/apply URL for the spec's navigation flow (see PayApplyQuery). */
  applyUrl: z.string().optional(),
});
export type PayData = z.infer<typeof PayData>;
