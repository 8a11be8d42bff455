import { StorageKey } from './constants.js';

/**
 * The value of `name` in a cookie string (the browser's `document.cookie`, or a request's Cookie header
 * on the server); a malformed value reads as none.
 */
export function parseCookie(cookies: string, name: string): string | undefined {
  const key = encodeURIComponent(name);
  for (const part of cookies.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() !== key) continue;
    try {
      return decodeURIComponent(part.slice(eq + 1).trim());
    } catch {
      return undefined; // not ours: a malformed value is as good as none
    }
  }
  return undefined;
}

/** The download tip's cookie value once the visitor closed it (kept 100 days, spec §3). */
export const DOWNLOAD_TIP_CLOSED = '1';

/** Whether these cookies say the download tip was closed. */
export const downloadTipClosed = (cookies: string) =>
  parseCookie(cookies, StorageKey.downloadTipCookie) === DOWNLOAD_TIP_CLOSED;
