import { currentEnv } from './app-type';
import { DESKTOP_OK_KEY, redirectTarget } from './redirect';

function desktopOk(): boolean {
  try {
    return localStorage.getItem(DESKTOP_OK_KEY) === '1';
  } catch {
    return false;
  }
}

/**
 * Runs when main.tsx is first evaluated, before React renders: desktop browsers and the WeChat/QQ
 * in-app browsers leave for their own static page. True when the page is leaving.
 */
function guard(): boolean {
  const target = redirectTarget(currentEnv(), { desktopOk });
  if (!target) return false;
  const back = encodeURIComponent(location.pathname + location.search);
  location.replace(`${target}?from=${back}`);
  return true;
}

export const redirecting = guard();
