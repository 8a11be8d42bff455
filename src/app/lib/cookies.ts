import {
  COOKIE_DAYS_DOWNLOAD_TIP,
  COOKIE_DAYS_FIRST_VISIT,
  COOKIE_DAYS_STREAM_LEVEL,
  DOWNLOAD_TIP_CLOSED,
  downloadTipClosed,
  parseCookie,
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

const hasDocument = () => typeof document !== 'undefined';
/** In the browser, the page's cookies; in the server's render of a first screen, the request's. */
const cookieJar = () => (hasDocument() ? document.cookie : (prerenderVisitor()?.cookie ?? ''));
export const getCookie = (name: string) => parseCookie(cookieJar(), name);
export function setCookie(name: string, value: string, days: number): void {
  if (hasDocument()) document.cookie = cookieString(name, value, days);
}

/** The download-app tip was closed: hide it for 100 days. */
export const isDownloadTipDismissed = () => downloadTipClosed(cookieJar());
export const dismissDownloadTip = () =>
  setCookie(CookieName.downloadTip, DOWNLOAD_TIP_CLOSED, COOKIE_DAYS_DOWNLOAD_TIP);

/** First visit on this device within 100 days; `markVisited` ends it. */
export const isFirstVisit = () => getCookie(CookieName.firstVisit) === undefined;
export const markVisited = () => setCookie(CookieName.firstVisit, '1', COOKIE_DAYS_FIRST_VISIT);

/** The player's chosen quality (365 days). */
export const getStreamLevel = () => getCookie(CookieName.streamLevel);
export const setStreamLevel = (level: string) =>
  setCookie(CookieName.streamLevel, level, COOKIE_DAYS_STREAM_LEVEL);
