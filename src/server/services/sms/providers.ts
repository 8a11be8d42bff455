import type { Kysely } from 'kysely';
import type { Config } from '../../config.js';
import type { DB } from '../../db/schema.js';
import type { Clock } from '../../ports/clock.js';
import type { SmsProvider } from '../../ports/sms-provider.js';
import type { ProviderKind } from '../provider-registry.js';
import {
  ALIYUN_ENDPOINT_SETTING,
  ALIYUN_REQUIRES,
  createAliyunSmsProvider,
  SMS_ALIYUN,
} from './aliyun/provider.js';
import { createSandboxSmsProvider, SMS_SANDBOX } from './sandbox/provider.js';

/** What an SMS provider is made with; its own settings come apart (ProviderEntry.requires). */
export interface SmsProviderDeps {
  db: Kysely<DB>;
  config: Config;
  /** The sandbox stamps its outbox with it (a real provider has its own clock). */
  clock: Clock;
}

/**
 * The SMS providers this build knows; SMS_PROVIDER picks the one bind codes go through: the sandbox
 * (test outbox) or Alibaba Cloud SMS with its keys, sign name and template.
 */
export const SMS_PROVIDERS: ProviderKind<SmsProvider, SmsProviderDeps> = {
  setting: 'SMS_PROVIDER',
  configured: (config) => [config.smsProvider],
  known: {
    [SMS_SANDBOX]: { requires: [], create: (deps) => createSandboxSmsProvider(deps) },
    [SMS_ALIYUN]: {
      requires: ALIYUN_REQUIRES,
      create: ({ config }, settings) =>
        createAliyunSmsProvider(settings, config.providerSettings[ALIYUN_ENDPOINT_SETTING]),
    },
  },
};
