import { classifyAppType, SHELL_UA_MARKER, type AppTypeEnv } from './app-type';

export const DESKTOP_PAGE = '/desktop.html';
export const OPEN_IN_BROWSER_PAGE = '/open-in-browser.html';
/** Set by the desktop page's "continue here" link: the visitor chose to use the mobile site anyway. */
export const DESKTOP_OK_KEY = 'inkreel.desktopOk';

/** WeChat's in-app browser (also WeChat Work, which carries the same marker). */
export const isWeChat = (ua: string) => /MicroMessenger\//i.test(ua);
/**
 * QQ's in-app browser says `QQ/<version>` as its own token. The standalone QQ Browser says only
 * `MQQBrowser/…` (and `QQBrowser/…` on desktop) and is a normal browser.
 */
export const isQQInApp = (ua: string) => /(^|[\s;(])QQ\/\d/.test(ua);

/**
 * Where a visitor must go before the app renders, or null to stay (spec §1). `desktopOk` is asked only
 * of a desktop browser: it reads the device's storage, a synchronous call into the browser that a
 * phone's first load should not pay for.
 */
export function redirectTarget(
  env: AppTypeEnv,
  opts: { desktopOk?: () => boolean; shellMarker?: string } = {},
) {
  if (isWeChat(env.userAgent) || isQQInApp(env.userAgent)) return OPEN_IN_BROWSER_PAGE;
  if (classifyAppType(env, opts.shellMarker ?? SHELL_UA_MARKER) === 'other' && !opts.desktopOk?.())
    return DESKTOP_PAGE;
  return null;
}
