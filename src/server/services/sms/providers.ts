import type { Kysely } from 'kysely';
import type { Config } from '../../config.js';
import type { DB } from '../../db/schema.js';
import type { Clock } from '../../ports/clock.js';
import type { SmsProvider } from '../../ports/sms-provider.js';
import type { ProviderKind } from '../provider-registry.js';
import { createSandboxSmsProvider, SMS_SANDBOX } from './sandbox/provider.js';

/** What an SMS provider is made with; its own settings come apart (ProviderEntry.requires). */
export interface SmsProviderDeps {
  db: Kysely<DB>;
  config: Config;
  /** The sandbox stamps its outbox with it (a real provider has its own clock). */
  clock: Clock;
}

/**
 * The SMS providers this build knows; SMS_PROVIDER picks the one bind codes go through. A real one
 * (Aliyun, Tencent Cloud) is one more entry, with the settings it cannot run without.
 */
export const SMS_PROVIDERS: ProviderKind<SmsProvider, SmsProviderDeps> = {
  setting: 'SMS_PROVIDER',
  configured: (config) => [config.smsProvider],
  known: {
    [SMS_SANDBOX]: { requires: [], create: (deps) => createSandboxSmsProvider(deps) },
  },
};
