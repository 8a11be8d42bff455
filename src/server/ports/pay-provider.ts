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
  /** The payer's address as we saw it (WeChat Pay's H5 pay requires it in scene_info). */
  payerIp?: string;
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
  /**
   * The body's bytes exactly as received: WeChat Pay signs `timestamp\nnonce\nbody\n` over them, and a
   * re-serialised JSON would not verify.
   */
  rawBody: Buffer;
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
  /**
   * Genuine (verified) but nothing to credit, such as Alipay's TRADE_CLOSED after we closed a trade or
   * refunded it in full: answered with acknowledge() so the provider stops retrying, never credited.
   */
  acknowledge?: boolean;
}

/** Our answer to a notify: status and body as the provider expects them (no body with 204). */
export interface NotifyAnswer {
  status: number;
  body: string;
  /** text/plain unless the provider wants another (WeChat Pay's refusal is JSON). */
  contentType?: string;
}

/** A refund of (part of) a paid order, as the provider is asked for it. */
export interface ProviderRefundRequest {
  outTradeNo: string;
  /**
   * Our refund number, unique per refund: the provider's idempotency key (Alipay `out_request_no`,
   * WeChat `out_refund_no`), so asking again with the same number never refunds twice.
   */
  refundNo: string;
  /** Fen to give back in this refund. */
  amount: number;
  /** Fen the order was paid (WeChat Pay needs it; others check it). */
  total: number;
  reason: string;
}

/**
 * SUCCESS: the money went back. PROCESSING: accepted, not final (ask again, or wait for a refund
 * notify). FAILED: refused or failed for good (`reason` says why). UNKNOWN: the provider never saw this
 * refund number.
 */
export type ProviderRefundStatus = 'SUCCESS' | 'PROCESSING' | 'FAILED' | 'UNKNOWN';

export interface ProviderRefund {
  status: ProviderRefundStatus;
  /** Fen, as the provider says it refunds under this refund number. */
  amount?: number;
  providerRefundNo?: string;
  reason?: string;
}

/** A provider's asynchronous word on a refund (WeChat Pay sends one; Alipay answers refunds at once). */
export interface VerifiedRefundNotify {
  ok: true;
  outTradeNo: string;
  refundNo: string;
  /** PROCESSING: not final (WeChat Pay's ABNORMAL: held until the merchant acts); `reason` says why. */
  status: 'SUCCESS' | 'FAILED' | 'PROCESSING';
  /** Fen refunded. */
  amount: number;
  notifyId: string;
  reason?: string;
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
  /**
   * Gives back (part of) a paid payment. Idempotent by refundNo at the provider: a replay answers the
   * first refund's state and never refunds again. Throws only when the provider could not be asked
   * (network, 5xx): the caller keeps the refund open and asks again later.
   */
  refund(request: ProviderRefundRequest): Promise<ProviderRefund>;
  /** Where a refund stands at the provider; UNKNOWN when it never saw refundNo. */
  queryRefund(outTradeNo: string, refundNo: string): Promise<ProviderRefund>;
  /** Present when the provider notifies refunds; verified as strictly as a payment notify. */
  verifyRefundNotify?(request: NotifyRequest): Promise<VerifiedRefundNotify | RejectedNotify>;
  /** The answer that stops the provider's retries; sent only after our transaction committed. */
  acknowledge(): NotifyAnswer;
  /** The answer that makes the provider retry later. */
  refuse(): NotifyAnswer;
}
