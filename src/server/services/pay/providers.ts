import type { Kysely } from 'kysely';
import type { Config } from '../../config.js';
import type { DB } from '../../db/schema.js';
import type { Clock } from '../../ports/clock.js';
import type { PayProvider } from '../../ports/pay-provider.js';
import type { ProviderKind } from '../provider-registry.js';
import { ALIPAY, createAlipayProvider } from './alipay/provider.js';
import {
  ALIPAY_OPTIONAL,
  ALIPAY_PRODUCTION_GATEWAY,
  ALIPAY_REQUIRES,
  alipaySettings,
} from './alipay/settings.js';
import { requirePublicUrl } from './urls.js';
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

/** Where each real provider's cashier lives (its pages, after our apply link redirects there). */
const CASHIER_ORIGINS: Readonly<Record<string, readonly string[]>> = {
  [ALIPAY]: ['https://mclient.alipay.com'],
  [WECHAT]: ['https://wx.tenpay.com'],
};

/**
 * The origins the pay frame (an iOS home-screen app's in-app pay page) may show: each configured real
 * provider's cashier, and its configured gateway (Alipay's wap.pay link is a GET to the gateway; a
 * sandbox or test gateway serves its cashier there too). Nothing when only the sandbox is configured.
 */
export function cashierOrigins(config: Config): string[] {
  const origins = new Set<string>();
  const add = (url: string | undefined) => {
    if (!url) return;
    try {
      origins.add(new URL(url).origin);
    } catch {
      // an unusable gateway already stopped start-up (checkConfig)
    }
  };
  for (const name of config.payProviders) for (const o of CASHIER_ORIGINS[name] ?? []) add(o);
  if (config.payProviders.includes(ALIPAY))
    add(config.providerSettings.ALIPAY_GATEWAY ?? ALIPAY_PRODUCTION_GATEWAY);
  if (config.payProviders.includes(WECHAT)) add(config.providerSettings.WECHATPAY_BASE_URL);
  return [...origins];
}
