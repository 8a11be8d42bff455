import type { KeyObject } from 'node:crypto';
import { ConfigError } from '../../../config.js';
import type { ProviderSettings } from '../../provider-registry.js';
import { privateKeySetting, publicKeySetting } from '../keys.js';
import { urlSetting } from '../urls.js';

export const ALIPAY_PRODUCTION_GATEWAY = 'https://openapi.alipay.com/gateway.do';
/** Alipay's sandbox (沙箱环境) gateway, for a sandbox app id and its keys. */
export const ALIPAY_SANDBOX_GATEWAY = 'https://openapi-sandbox.dl.alipaydev.com/gateway.do';

export const ALIPAY_REQUIRES = [
  'ALIPAY_APP_ID',
  'ALIPAY_PRIVATE_KEY',
  'ALIPAY_PUBLIC_KEY',
  'ALIPAY_SELLER_ID',
] as const;
export const ALIPAY_OPTIONAL = ['ALIPAY_GATEWAY'] as const;

export interface AlipaySettings {
  appId: string;
  /** The partner id (2088…) every notify of ours names as seller_id. */
  sellerId: string;
  privateKey: KeyObject;
  /** Alipay's public key: answers and notifies are verified with it. */
  alipayPublicKey: KeyObject;
  gateway: string;
}

/** The Alipay settings, checked; a ConfigError names the first unusable one. */
export function alipaySettings(s: ProviderSettings): AlipaySettings {
  const appId = s.ALIPAY_APP_ID ?? '';
  if (!/^\d{8,32}$/.test(appId)) throw new ConfigError('ALIPAY_APP_ID: not an Alipay app id (digits)');
  const sellerId = s.ALIPAY_SELLER_ID ?? '';
  if (!/^2088\d{12}$/.test(sellerId))
    throw new ConfigError('ALIPAY_SELLER_ID: not an Alipay partner id (2088 and 12 digits)');
  return {
    appId,
    sellerId,
    privateKey: privateKeySetting('ALIPAY_PRIVATE_KEY', s.ALIPAY_PRIVATE_KEY ?? ''),
    alipayPublicKey: publicKeySetting('ALIPAY_PUBLIC_KEY', s.ALIPAY_PUBLIC_KEY ?? ''),
    gateway: urlSetting('ALIPAY_GATEWAY', s.ALIPAY_GATEWAY, ALIPAY_PRODUCTION_GATEWAY),
  };
}
