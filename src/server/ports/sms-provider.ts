/** One text message to one mobile. */
export interface SmsMessage {
  mobile: string;
  /** The whole text, for a provider that sends free text (the sandbox's outbox shows it). */
  text: string;
  /**
   * The template's variables, for a provider that sends only approved templates (Alibaba Cloud: the
   * operator's template carries `${code}`; the sign name and template are the provider's settings).
   */
  params: { code: string };
}

/**
 * Why a message did not go out, in the terms the user is answered in:
 * - throttled: the provider's own per-number flow control (发送太频繁);
 * - badNumber: the provider refuses the number (请输入正确的手机号);
 * - misconfigured: our account, keys, sign name or template are refused — the user can do nothing
 *   about it, the operator must (logged as an error);
 * - unavailable: the provider could not be reached or failed (验证码发送失败，请稍后重试).
 */
export type SmsFailure = 'throttled' | 'badNumber' | 'misconfigured' | 'unavailable';

export type SmsSendResult =
  { ok: true; messageId: string } | { ok: false; failure: SmsFailure; reason: string };

/**
 * One SMS provider (the sandbox, or Alibaba Cloud SMS), chosen by SMS_PROVIDER. It only delivers:
 * codes, expiry, cooldown, attempts and the caps per number, user, device and address are ours
 * (services/sms/codes.ts), so every provider gets the same rules.
 */
export interface SmsProvider {
  readonly name: string;
  /** Hands one message to the provider; resolves once it accepted (or refused) it. */
  send(message: SmsMessage): Promise<SmsSendResult>;
  /** Where sent messages can be read on this machine: the sandbox's test outbox, null for real ones. */
  readonly outboxPath: string | null;
}
