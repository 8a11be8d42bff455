/**
 * What a media store accepts as a content key (ports/media-store.ts), checked by every adapter before
 * a key becomes a path or an object name: a key comes from a URL more often than not, so anything that
 * could climb out of the store's root, name a hidden or temporary file, or mean something else on
 * another operating system or object store is refused rather than cleaned up.
 *
 * A key is one or more '/'-separated segments of letters, digits, '.', '_' and '-', none starting with
 * '.' (so no '.', '..', hidden names or the adapters' temporary files), at most 512 characters.
 */

const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;
const MAX_KEY_LENGTH = 512;

export class MediaKeyError extends Error {
  constructor(key: unknown, why: string) {
    super(`bad media key ${JSON.stringify(String(key)).slice(0, 80)}: ${why}`);
    this.name = 'MediaKeyError';
  }
}

function why(key: unknown, { prefix }: { prefix: boolean }): string | null {
  if (typeof key !== 'string') return 'not a string';
  if (key.length > MAX_KEY_LENGTH) return 'too long';
  if (key.includes('\0')) return 'contains NUL';
  if (key.includes('\\')) return 'contains a backslash';
  if (key.startsWith('/')) return 'absolute';
  if (key === '') return prefix ? null : 'empty';
  const segments = key.split('/');
  // A prefix may end with '/' (a folder) or partway through a name ('img/ab').
  if (prefix) segments.pop();
  for (const s of segments) {
    if (s === '..' || s === '.') return `'${s}' segment`;
    if (s === '') return 'empty segment';
    if (!SEGMENT.test(s)) return `segment ${JSON.stringify(s)} is not [A-Za-z0-9._-] or starts with '.'`;
  }
  if (prefix) {
    const last = key.slice(key.lastIndexOf('/') + 1);
    if (last !== '' && !SEGMENT.test(last)) return `${JSON.stringify(last)} cannot start a name`;
  }
  return null;
}

/** Throws MediaKeyError unless `key` names an object. */
export function assertMediaKey(key: string): void {
  const reason = why(key, { prefix: false });
  if (reason) throw new MediaKeyError(key, reason);
}

/** Throws MediaKeyError unless `prefix` could start a key ('' is every key). */
export function assertMediaPrefix(prefix: string): void {
  const reason = why(prefix, { prefix: true });
  if (reason) throw new MediaKeyError(prefix, reason);
}

export const isMediaKey = (key: string) => why(key, { prefix: false }) === null;
