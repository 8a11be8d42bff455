import type { KeyObject } from 'node:crypto';
import { ConfigError } from '../../../config.js';
import type { ProviderSettings } from '../../provider-registry.js';
import { privateKeySetting, publicKeySetting } from '../keys.js';
import { urlSetting } from '../urls.js';

export const WECHATPAY_PRODUCTION_BASE_URL = 'https://api.mch.weixin.qq.com/';

export const WECHATPAY_REQUIRES = [
  'WECHATPAY_MCHID',
  'WECHATPAY_APPID',
  'WECHATPAY_SERIAL',
  'WECHATPAY_PRIVATE_KEY',
  'WECHATPAY_PLATFORM_KEYS',
  'WECHATPAY_APIV3_KEY',
] as const;
export const WECHATPAY_OPTIONAL = ['WECHATPAY_BASE_URL'] as const;

export interface WechatpaySettings {
  mchid: string;
  appid: string;
  /** Our merchant API certificate's serial: names our key in every request's Authorization. */
  serial: string;
  privateKey: KeyObject;
  /**
   * WeChat Pay's keys by the name its Wechatpay-Serial header gives: platform certificate serials and
   * PUB_KEY_ID_… public key ids, several at once while WeChat Pay rotates or migrates.
   */
  platformKeys: Readonly<Record<string, KeyObject>>;
  /** The APIv3 key (32 bytes): decrypts notify resources. */
  apiV3Key: Buffer;
  baseUrl: string;
}

const SERIAL = /^(?:[0-9A-Fa-f]{8,64}|PUB_KEY_ID_[0-9A-Za-z_]{4,64})$/;

function platformKeys(raw: string, ownSerial: string): Record<string, KeyObject> {
  const usage =
    'WECHATPAY_PLATFORM_KEYS: expected a JSON object {"<serial or PUB_KEY_ID_…>": "<PEM or path>"}';
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new ConfigError(`${usage}, not parsable JSON`);
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new ConfigError(usage);
  const entries = Object.entries(parsed as Record<string, unknown>);
  if (entries.length === 0) throw new ConfigError(`${usage}, got an empty object`);
  const keys: Record<string, KeyObject> = {};
  for (const [serial, value] of entries) {
    if (!SERIAL.test(serial))
      throw new ConfigError(
        `WECHATPAY_PLATFORM_KEYS: "${serial}" is not a certificate serial or PUB_KEY_ID_…`,
      );
    // The SDK refuses our own serial among WeChat Pay's keys: an answer signed by us proves nothing.
    if (serial === ownSerial)
      throw new ConfigError('WECHATPAY_PLATFORM_KEYS: names WECHATPAY_SERIAL, our own certificate');
    if (typeof value !== 'string' || !value.trim())
      throw new ConfigError(`WECHATPAY_PLATFORM_KEYS: "${serial}" needs a PEM or a file path`);
    keys[serial] = publicKeySetting(`WECHATPAY_PLATFORM_KEYS["${serial}"]`, value.trim());
  }
  return keys;
}

/** The WeChat Pay settings, checked; a ConfigError names the first unusable one. */
export function wechatpaySettings(s: ProviderSettings): WechatpaySettings {
  const mchid = s.WECHATPAY_MCHID ?? '';
  if (!/^\d{8,12}$/.test(mchid)) throw new ConfigError('WECHATPAY_MCHID: not a merchant id (8 to 12 digits)');
  const appid = s.WECHATPAY_APPID ?? '';
  if (!/^wx[0-9a-zA-Z]{16}$/.test(appid))
    throw new ConfigError('WECHATPAY_APPID: not a WeChat app id (wx and 16 letters or digits)');
  const serial = s.WECHATPAY_SERIAL ?? '';
  if (!/^[0-9A-Fa-f]{8,64}$/.test(serial))
    throw new ConfigError('WECHATPAY_SERIAL: not a certificate serial (hexadecimal)');
  const apiV3Key = Buffer.from(s.WECHATPAY_APIV3_KEY ?? '', 'utf8');
  if (apiV3Key.length !== 32)
    throw new ConfigError(`WECHATPAY_APIV3_KEY: must be exactly 32 bytes, got ${apiV3Key.length}`);
  return {
    mchid,
    appid,
    serial,
    privateKey: privateKeySetting('WECHATPAY_PRIVATE_KEY', s.WECHATPAY_PRIVATE_KEY ?? ''),
    platformKeys: platformKeys(s.WECHATPAY_PLATFORM_KEYS ?? '', serial),
    apiV3Key,
    baseUrl: urlSetting('WECHATPAY_BASE_URL', s.WECHATPAY_BASE_URL, WECHATPAY_PRODUCTION_BASE_URL),
  };
}
