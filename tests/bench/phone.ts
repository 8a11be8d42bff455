import { randomInt } from 'node:crypto';
import { chromium, type Browser, type BrowserContextOptions } from 'playwright-core';

/**
 * The phone every browser bench uses: Debian's Chromium with the flags this machine needs, as a
 * 390×844 Android phone in Chrome (desktop user agents are sent to the desktop page).
 */
export const PHONE_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
export const CHROMIUM_PATH = '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
];

export const launchChromium = (): Promise<Browser> =>
  chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });

/**
 * Each phone comes from an address of its own, as real visitors do: the server limits new accounts
 * per address (10 a minute), and a suite opening a fresh phone every few seconds from 127.0.0.1 met
 * that limit (the app waits and retries, but logs each 429). The server believes X-Forwarded-For
 * from loopback (a trusted proxy by default); the addresses are in the benchmarking range 198.18/15.
 */
export const phoneAddress = () => `198.${18 + randomInt(2)}.${randomInt(256)}.${1 + randomInt(254)}`;

/** Context options of the phone; `extra` overrides (service workers, reduced motion…). */
export const phoneContext = (baseURL: string, extra: BrowserContextOptions = {}): BrowserContextOptions => ({
  baseURL,
  extraHTTPHeaders: { 'x-forwarded-for': phoneAddress() },
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
  userAgent: PHONE_UA,
  locale: 'zh-CN',
  timezoneId: 'Asia/Shanghai',
  serviceWorkers: 'allow',
  ...extra,
});

/** A fresh browser with one phone context (a new visitor). */
export async function newPhone(baseURL: string, extra: BrowserContextOptions = {}) {
  const browser = await launchChromium();
  const context = await browser.newContext(phoneContext(baseURL, extra));
  return { context, close: () => browser.close() };
}
