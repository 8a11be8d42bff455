/**
 * Image cipher shared by the server (encrypts at ingest) and the service worker (decrypts):
 * AES-256-GCM, a 12-byte random IV in front of the ciphertext (tag appended by WebCrypto).
 * Uses WebCrypto only, so it runs in Node 20, the browser and the service worker alike.
 */
export const IV_BYTES = 12;
/** Default image key (base64, 32 bytes). Deployments set IMAGE_KEY for the server and the build. */
export const DEFAULT_IMAGE_KEY = 'aW5rcmVlbC1kZW1vLWltYWdlLWtleS0zMi1ieXRlcyE=';

export function base64ToBytes(b64: string): Uint8Array<ArrayBuffer> {
  const bin = atob(b64);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

export async function importImageKey(b64: string): Promise<CryptoKey> {
  const raw = base64ToBytes(b64);
  if (raw.length !== 32) throw new Error('image key must be 32 bytes (base64)');
  return crypto.subtle.importKey('raw', raw, 'AES-GCM', false, ['encrypt', 'decrypt']);
}

export async function encryptImage(
  key: CryptoKey,
  plain: Uint8Array<ArrayBuffer>,
): Promise<Uint8Array<ArrayBuffer>> {
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const ct = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, plain));
  const out = new Uint8Array(IV_BYTES + ct.length);
  out.set(iv, 0);
  out.set(ct, IV_BYTES);
  return out;
}

export async function decryptImage(
  key: CryptoKey,
  data: ArrayBuffer | Uint8Array<ArrayBuffer>,
): Promise<ArrayBuffer> {
  const bytes = data instanceof Uint8Array ? data : new Uint8Array(data);
  if (bytes.length <= IV_BYTES) throw new Error('ciphertext too short');
  return crypto.subtle.decrypt(
    { name: 'AES-GCM', iv: bytes.subarray(0, IV_BYTES) },
    key,
    bytes.subarray(IV_BYTES),
  );
}

/**
 * A picture decrypted on the page (before the service worker controls it) up to this size is shown from
 * a data: URL, a larger one from a blob: URL. A blob and its URL are each registered by a synchronous
 * call to the browser process, and the page's main thread waits for the answer: 0.5–4 ms on an idle
 * machine, but in Lighthouse traces of a first load on a busy one 13–62 ms per picture
 * (BlobURLStore::Register), in the tasks right after the first paint, where Lighthouse counts every ms
 * four times. Base64 of 20 KB costs about 0.1 ms and asks nothing of the browser process. Larger
 * pictures (chapter pages) keep blob: URLs, which hold the bytes outside JavaScript's heap.
 */
export const DATA_URL_MAX_BYTES = 64 * 1024;
/** How such a data: URL begins (app/lib/picture-url.ts and the prerender's inline script). */
export const PICTURE_DATA_URL_PREFIX = 'data:image/webp;base64,';

/** `/media/img/{hash}_{size}_0.img` — the URL form of every served image. */
export const imageUrl = (hash: string, size: 180 | 200 | 500) => `/media/img/${hash}_${size}_0.img`;
export const IMAGE_URL_PATTERN = /\/media\/img\/([a-f0-9]{16,64})_(180|200|500)_0\.img$/;
