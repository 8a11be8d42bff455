/** What a provider needs to open a payment for one of our orders. */
export interface ProviderOrder {
  outTradeNo: string;
  /** Fen. */
  amount: number;
  subject: string;
  channel: { subTypeCode: string; superiorCode: string; initiatorCode: 'wap_pay' | 'app' };
  expireAt: string;
  /** Where the payer's browser goes afterwards (already checked to be ours). */
  returnUrl: string;
}

export interface ProviderPayment {
  providerTradeNo: string;
  /** wap_pay: the provider's cashier. */
  payUrl: string | null;
  /** app: what the native SDK starts from. */
  appPayData: Record<string, string> | null;
}

export type ProviderStatus = 'WAIT' | 'PAID' | 'CLOSED' | 'UNKNOWN';

export interface ProviderQuery {
  status: ProviderStatus;
  amount?: number;
  providerTradeNo?: string;
  paidAt?: string | null;
}

/** An incoming asynchronous notification as the HTTP layer received it. */
export interface NotifyRequest {
  headers: Record<string, string | string[] | undefined>;
  /** Parsed body (form fields for form-encoded providers). */
  body: unknown;
}

export interface VerifiedNotify {
  ok: true;
  outTradeNo: string;
  /** Fen, as the provider says was paid. */
  amount: number;
  providerTradeNo: string;
  notifyId: string;
  paidAt: string;
}
export interface RejectedNotify {
  ok: false;
  reason: string;
  outTradeNo: string | null;
  notifyId: string | null;
}

/**
 * One payment provider (sandbox today; Alipay or WeChat adapters later). The ledger never talks to a
 * provider: services/orders.ts turns a verified notification into a credit.
 */
export interface PayProvider {
  readonly name: string;
  create(order: ProviderOrder): Promise<ProviderPayment>;
  /** Where the payment stands at the provider; UNKNOWN when it never saw the order. */
  query(outTradeNo: string): Promise<ProviderQuery>;
  /**
   * Stops a waiting payment so it can no longer be paid. A payment already taken stays paid (like
   * Alipay's trade.close refusing a paid trade): callers query again afterwards.
   */
  close(outTradeNo: string): Promise<void>;
  verifyNotify(request: NotifyRequest): Promise<VerifiedNotify | RejectedNotify>;
  /** The answer that stops the provider's retries; sent only after our transaction committed. */
  acknowledge(): { status: number; body: string };
  /** The answer that makes the provider retry later. */
  refuse(): { status: number; body: string };
}
