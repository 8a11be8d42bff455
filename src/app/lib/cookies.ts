import {
  COOKIE_DAYS_DOWNLOAD_TIP,
  COOKIE_DAYS_FIRST_VISIT,
  COOKIE_DAYS_STREAM_LEVEL,
  StorageKey,
} from '../../contract';
import { prerenderVisitor } from './prerendering';

/** Cookie names of spec §3 (the quality cookie's name is the spec's). */
export const CookieName = {
  downloadTip: StorageKey.downloadTipCookie,
  firstVisit: 'firstVisit',
  streamLevel: StorageKey.streamLevelCookie,
} as const;

const DAY_MS = 86_400_000;

/** The `document.cookie` assignment for a cookie kept `days` days on the whole site. */
export function cookieString(name: string, value: string, days: number, now = Date.now()): string {
  const expires = new Date(now + days * DAY_MS).toUTCString();
  return `${encodeURIComponent(name)}=${encodeURIComponent(value)}; expires=${expires}; path=/; SameSite=Lax`;
}

/** The value of `name` in a `document.cookie` string. */
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

const hasDocument = () => typeof document !== 'undefined';
/** In the browser, the page's cookies; in the server's render of a first screen, the request's. */
export const getCookie = (name: string) =>
  hasDocument() ? parseCookie(document.cookie, name) : parseCookie(prerenderVisitor()?.cookie ?? '', name);
export function setCookie(name: string, value: string, days: number): void {
  if (hasDocument()) document.cookie = cookieString(name, value, days);
}

/** The download-app tip was closed: hide it for 100 days. */
export const isDownloadTipDismissed = () => getCookie(CookieName.downloadTip) === '1';
export const dismissDownloadTip = () => setCookie(CookieName.downloadTip, '1', COOKIE_DAYS_DOWNLOAD_TIP);

/** First visit on this device within 100 days; `markVisited` ends it. */
export const isFirstVisit = () => getCookie(CookieName.firstVisit) === undefined;
export const markVisited = () => setCookie(CookieName.firstVisit, '1', COOKIE_DAYS_FIRST_VISIT);

/** The player's chosen quality (365 days). */
export const getStreamLevel = () => getCookie(CookieName.streamLevel);
export const setStreamLevel = (level: string) =>
  setCookie(CookieName.streamLevel, level, COOKIE_DAYS_STREAM_LEVEL);
