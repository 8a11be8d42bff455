import { DATA_URL_MAX_BYTES, PICTURE_DATA_URL_PREFIX } from '../../contract';

/** Base64 of bytes: the browser's own where it has one (Chrome 140+, Safari 18.2+), else btoa by chunks. */
function base64(bytes: Uint8Array): string {
  const native = (bytes as Uint8Array & { toBase64?: () => string }).toBase64;
  if (native) return native.call(bytes);
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s);
}

/** The URL an <img> shows a decrypted picture from: data: when small, blob: when large (DATA_URL_MAX_BYTES). */
export function pictureUrl(plain: ArrayBuffer): string {
  if (plain.byteLength > DATA_URL_MAX_BYTES)
    return URL.createObjectURL(new Blob([plain], { type: 'image/webp' }));
  return PICTURE_DATA_URL_PREFIX + base64(new Uint8Array(plain));
}
