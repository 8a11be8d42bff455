import { DEFAULT_SHELL_UA_MARKER, type AppType } from '../../contract';
import { prerenderVisitor } from './prerendering';

/** Our native shell's user-agent marker (configurable at build time). */
export const SHELL_UA_MARKER = import.meta.env.VITE_SHELL_UA_MARKER || DEFAULT_SHELL_UA_MARKER;

export interface AppTypeEnv {
  userAgent: string;
  standalone: boolean;
  maxTouchPoints: number;
  platform: string;
}

const MOBILE_UA = /Android|iPhone|iPad|iPod|Mobile|HarmonyOS/i;

/** shell (our native shell), ios_desk (iOS home-screen app), wap_browser (mobile browser), other. */
export function classifyAppType(env: AppTypeEnv, shellMarker = SHELL_UA_MARKER): AppType {
  if (env.userAgent.includes(shellMarker)) return 'shell';
  const ios =
    /iPhone|iPad|iPod/.test(env.userAgent) || (env.platform === 'MacIntel' && env.maxTouchPoints > 1);
  if (ios && env.standalone) return 'ios_desk';
  if (MOBILE_UA.test(env.userAgent) || (env.platform === 'MacIntel' && env.maxTouchPoints > 1))
    return 'wap_browser';
  return 'other';
}

export function currentEnv(): AppTypeEnv {
  const nav = navigator as Navigator & { standalone?: boolean };
  return {
    userAgent: nav.userAgent,
    // Asked only when it matters (an iPhone or iPad): a page's first matchMedia call brings its style up
    // to date, and this runs while the app's modules are evaluated, in the first long task.
    get standalone() {
      return nav.standalone === true || matchMedia('(display-mode: standalone)').matches;
    },
    maxTouchPoints: nav.maxTouchPoints ?? 0,
    platform: nav.platform ?? '',
  };
}

// Asked on every call (its header): worked out once per page, as nothing it reads changes meanwhile.
let appType: AppType | undefined;
export function getAppType(): AppType {
  // The server's render of a first screen: the request's user agent, worked out per render (a server has
  // a `navigator` of its own from Node 21 on, and no matchMedia).
  const visitor = prerenderVisitor();
  if (visitor) {
    return classifyAppType({
      userAgent: visitor.userAgent,
      standalone: false,
      maxTouchPoints: 0,
      platform: '',
    });
  }
  return typeof navigator === 'undefined' ? 'other' : (appType ??= classifyAppType(currentEnv()));
}
