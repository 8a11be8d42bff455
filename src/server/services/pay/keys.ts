import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import { ConfigError, keySettingText } from '../../config.js';

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
