import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import { ConfigError, keySettingText, type Config } from '../../config.js';

/**
 * Key settings of the real pay providers: PEM text, the bare base64 body their consoles show, or a
 * file path (config.ts keySettingText). A key that does not parse stops start-up with one line naming
 * the setting; the key itself is never quoted, logged or kept anywhere but in its KeyObject.
 */

/** Env files often carry a PEM on one line with literal "\n". */
const unescape = (text: string) => text.replace(/\\n/g, '\n').trim();

function bareBody(text: string): Buffer | null {
  const compact = text.replace(/\s+/g, '');
  return /^[A-Za-z0-9+/]+={0,2}$/.test(compact) ? Buffer.from(compact, 'base64') : null;
}

function rsaOnly(setting: string, key: KeyObject, what: string): KeyObject {
  if (key.asymmetricKeyType !== 'rsa')
    throw new ConfigError(`${setting}: not an RSA ${what} (RSA2 / SHA256withRSA needs one)`);
  return key;
}

/** Our private key (PKCS#8 or PKCS#1, PEM or bare base64 DER). */
export function privateKeySetting(setting: string, value: string): KeyObject {
  const text = unescape(keySettingText(setting, value));
  const attempts: (() => KeyObject)[] = [() => createPrivateKey(text)];
  const der = text.includes('-----BEGIN') ? null : bareBody(text);
  if (der)
    attempts.push(
      () => createPrivateKey({ key: der, format: 'der', type: 'pkcs8' }),
      () => createPrivateKey({ key: der, format: 'der', type: 'pkcs1' }),
    );
  for (const attempt of attempts) {
    try {
      return rsaOnly(setting, attempt(), 'private key');
    } catch (err) {
      if (err instanceof ConfigError) throw err;
    }
  }
  throw new ConfigError(`${setting}: not a readable private key (PEM, base64 or a file path expected)`);
}

/** A provider's public key: a PEM public key or certificate, or a bare base64 SPKI body. */
export function publicKeySetting(setting: string, value: string): KeyObject {
  const text = unescape(keySettingText(setting, value));
  const attempts: (() => KeyObject)[] = [() => createPublicKey(text)];
  const der = text.includes('-----BEGIN') ? null : bareBody(text);
  if (der) attempts.push(() => createPublicKey({ key: der, format: 'der', type: 'spki' }));
  for (const attempt of attempts) {
    try {
      const key = attempt();
      if (key.type !== 'public') break;
      return rsaOnly(setting, key, 'public key');
    } catch (err) {
      if (err instanceof ConfigError) throw err;
    }
  }
  throw new ConfigError(`${setting}: not a readable public key (PEM, base64 or a file path expected)`);
}

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

/** Our return URLs may be site paths; a provider needs them absolute. */
export const absoluteUrl = (config: Config, url: string) => new URL(url, `${config.publicUrl}/`).href;
