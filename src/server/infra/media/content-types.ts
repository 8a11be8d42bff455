/**
 * The Content-Type an object is stored with, by its key's extension (media/keys.ts lists them): what
 * the bucket answers when it is read directly (a CDN in front of it, an operator's browser). The
 * service's own routes set their answer's type themselves and do not depend on it.
 */
const TYPES: Record<string, string> = {
  m3u8: 'application/vnd.apple.mpegurl',
  ts: 'video/mp2t',
  m4s: 'video/iso.segment',
  mp4: 'video/mp4',
  vtt: 'text/vtt; charset=utf-8',
  json: 'application/json',
  jpg: 'image/jpeg',
  webp: 'image/webp',
};

/** Encrypted pictures (.img) and names without a known extension are bytes. */
export function contentTypeOfKey(key: string): string {
  const name = key.slice(key.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  return (dot > 0 && TYPES[name.slice(dot + 1)]) || 'application/octet-stream';
}
