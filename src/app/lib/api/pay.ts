import type { AppType, RechargeData } from '../../../contract';
import { call, unwrap } from './http';

export const payKeys = {
  all: ['pay'] as const,
  recharge: (appType: AppType) => [...payKeys.all, 'recharge', appType] as const,
};

/** Packages and channels for this app type, with the user's info and balance (spec §7 recharge). */
export const fetchRecharge = (appType: AppType): Promise<RechargeData> =>
  call('recharge', { query: { appType } }).then(unwrap);

export interface PayRequest {
  payChannel: string;
  payPurpose: 'coin' | 'vip';
  payPurposeId: number;
  /** Fen, the package's amountLevel. */
  rechargerAmount: number;
  appType: AppType;
  /** Where the cashier sends the browser after paying. */
  returnUrl: string;
}

/** Creates the order; the answer says how to pay it (spec §7 pay and payment application). */
export const createPayment = (req: PayRequest) => call('pay', { body: req });
