import type { Kysely } from 'kysely';
import type { Config } from '../../config.js';
import type { DB } from '../../db/schema.js';
import type { Clock } from '../../ports/clock.js';
import type { PayProvider } from '../../ports/pay-provider.js';
import type { ProviderKind } from '../provider-registry.js';
import { ALIPAY, createAlipayProvider } from './alipay/provider.js';
import { ALIPAY_OPTIONAL, ALIPAY_REQUIRES, alipaySettings } from './alipay/settings.js';
import { requirePublicUrl } from './keys.js';
import { createSandboxProvider, SANDBOX } from './sandbox/provider.js';
import { createWechatpayProvider, WECHAT } from './wechat/provider.js';
import { WECHATPAY_OPTIONAL, WECHATPAY_REQUIRES, wechatpaySettings } from './wechat/settings.js';

/** What a pay provider is made with; its own settings come apart (ProviderEntry.requires). */
export interface PayProviderDeps {
  db: Kysely<DB>;
  config: Config;
  /** "Now" for notify checks (WeChat Pay's 300 s timestamp window). */
  clock: Clock;
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
    [ALIPAY]: {
      requires: ALIPAY_REQUIRES,
      optional: ALIPAY_OPTIONAL,
      check: (settings, config) => {
        alipaySettings(settings);
        requirePublicUrl(config, ALIPAY);
      },
      create: (deps, settings) => createAlipayProvider(deps, alipaySettings(settings)),
    },
    [WECHAT]: {
      requires: WECHATPAY_REQUIRES,
      optional: WECHATPAY_OPTIONAL,
      check: (settings, config) => {
        wechatpaySettings(settings);
        requirePublicUrl(config, WECHAT);
      },
      create: (deps, settings) => createWechatpayProvider(deps, wechatpaySettings(settings)),
    },
  },
};
