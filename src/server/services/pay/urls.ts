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

/** An http(s) URL setting (a gateway), or the default when unset. */
export function urlSetting(setting: string, value: string | undefined, fallback: string): string {
  if (!value) return fallback;
  try {
    const url = new URL(value);
    if (url.protocol === 'https:' || url.protocol === 'http:') return url.href;
  } catch {
    // refused below
  }
  throw new ConfigError(`${setting}: not an http(s) URL`);
}
