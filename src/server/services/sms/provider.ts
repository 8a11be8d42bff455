import type { Kysely } from 'kysely';
import type { Config } from '../../config.js';
import type { DB } from '../../db/schema.js';

/** One text message to one mobile. */
export interface SmsMessage {
  mobile: string;
  text: string;
}

export type SmsSendResult = { ok: true; messageId: string } | { ok: false; reason: string };

/**
 * One SMS provider (sandbox today; an Aliyun or Tencent Cloud adapter later), chosen by SMS_PROVIDER.
 * It only delivers: codes, expiry, cooldown, attempts and the caps per number, user, device and
 * address are ours (codes.ts), so every provider gets the same rules.
 */
export interface SmsProvider {
  readonly name: string;
  /** Hands one message to the provider; resolves once it accepted (or refused) it. */
  send(message: SmsMessage): Promise<SmsSendResult>;
  /** Where sent messages can be read on this machine: the sandbox's test outbox, null for real ones. */
  readonly outboxPath: string | null;
}

export interface SmsProviderDeps {
  db: Kysely<DB>;
  config: Config;
}
export type SmsProviderFactory = (deps: SmsProviderDeps) => SmsProvider;

const factories = new Map<string, SmsProviderFactory>();

/** Adds a provider by the name SMS_PROVIDER uses. */
export function registerSmsProviderFactory(name: string, factory: SmsProviderFactory): void {
  factories.set(name, factory);
}

/** The configured provider; an unknown SMS_PROVIDER stops the start instead of failing every send. */
export function createSmsProvider(deps: SmsProviderDeps): SmsProvider {
  const name = deps.config.smsProvider;
  const factory = factories.get(name);
  if (!factory) {
    const known = [...factories.keys()].join(', ');
    throw new Error(`SMS_PROVIDER=${name} is not a known SMS provider (known: ${known})`);
  }
  return factory(deps);
}
