import type { Kysely } from 'kysely';
import type { Config } from '../../config.js';
import type { DB } from '../../db/schema.js';
import type { PayProvider } from '../../ports/pay-provider.js';
import type { ProviderKind } from '../provider-registry.js';
import { createSandboxProvider, SANDBOX } from './sandbox/provider.js';

/** What a pay provider is made with; its own settings come apart (ProviderEntry.requires). */
export interface PayProviderDeps {
  db: Kysely<DB>;
  config: Config;
}

/**
 * The pay providers this build knows; PAY_PROVIDER picks among them and pay_channels.provider names
 * one. A real provider (Alipay, WeChat Pay) is one more entry, with the settings it cannot run without.
 */
export const PAY_PROVIDERS: ProviderKind<PayProvider, PayProviderDeps> = {
  setting: 'PAY_PROVIDER',
  configured: (config) => config.payProviders,
  known: {
    [SANDBOX]: { requires: [], create: (deps) => createSandboxProvider(deps) },
  },
};
