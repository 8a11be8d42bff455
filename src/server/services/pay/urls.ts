import { ConfigError, type Config } from '../../config.js';

/** Real providers call us back on PUBLIC_URL: without it they cannot be told where. */
export function requirePublicUrl(config: Config, provider: string): void {
  if (!config.publicUrl || !/^https?:\/\//.test(config.publicUrl))
    throw new ConfigError(
      `PUBLIC_URL: provider "${provider}" needs this service's public origin (its notify and return URLs)`,
    );
}

/** Where a provider posts its notifications: the public origin + /h5/pay/notify/<name>. */
export const notifyUrlOf = (config: Config, provider: string) =>
  `${config.publicUrl}/h5/pay/notify/${provider}`;

/** Where a provider posts word of a refund (WeChat Pay's refund notify_url): /h5/pay/refund-notify/<name>. */
export const refundNotifyUrlOf = (config: Config, provider: string) =>
  `${config.publicUrl}/h5/pay/refund-notify/${provider}`;

/** Our return URLs may be site paths; a provider needs them absolute. */
export const absoluteUrl = (config: Config, url: string) => new URL(url, `${config.publicUrl}/`).href;

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * A provider's URL setting (a gateway), or the default when unset: https, or plain http only to this
 * machine (the local fakes in tests). Over plain http to another host the answers, though signed,
 * would cross the network readable, and a setting could point our signed calls at an internal host.
 */
export function urlSetting(setting: string, value: string | undefined, fallback: string): string {
  if (!value) return fallback;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(`${setting}: not an http(s) URL`);
  }
  if (url.protocol === 'https:') return url.href;
  if (url.protocol === 'http:' && LOOPBACK.has(url.hostname)) return url.href;
  if (url.protocol === 'http:')
    throw new ConfigError(`${setting}: https expected (plain http only to this machine)`);
  throw new ConfigError(`${setting}: not an http(s) URL`);
}
