/** One text message to one mobile. */
export interface SmsMessage {
  mobile: string;
  text: string;
}

export type SmsSendResult = { ok: true; messageId: string } | { ok: false; reason: string };

/**
 * One SMS provider (sandbox today; an Aliyun or Tencent Cloud adapter later), chosen by SMS_PROVIDER.
 * It only delivers: codes, expiry, cooldown, attempts and the caps per number, user, device and
 * address are ours (services/sms/codes.ts), so every provider gets the same rules.
 */
export interface SmsProvider {
  readonly name: string;
  /** Hands one message to the provider; resolves once it accepted (or refused) it. */
  send(message: SmsMessage): Promise<SmsSendResult>;
  /** Where sent messages can be read on this machine: the sandbox's test outbox, null for real ones. */
  readonly outboxPath: string | null;
}
