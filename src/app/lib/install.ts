import { useSyncExternalStore } from 'react';

/** Chrome's install event (not in the DOM typings). */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform: string }>;
}

interface InstallState {
  /** The deferred native prompt (Android/desktop Chrome, Edge, Samsung Internet). */
  deferred: BeforeInstallPromptEvent | null;
  /** Running as an installed app (home screen). */
  installed: boolean;
  /** The iOS how-to sheet is open. */
  iosSheetOpen: boolean;
}

let state: InstallState = { deferred: null, installed: false, iosSheetOpen: false };
const listeners = new Set<() => void>();
function set(patch: Partial<InstallState>) {
  state = { ...state, ...patch };
  listeners.forEach((l) => l());
}
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => void listeners.delete(l);
};
const snapshot = () => state;

/** iPhone/iPad Safari (iPadOS says MacIntel with touch) — no beforeinstallprompt, install is by hand. */
export function isIosSafari(ua: string, platform: string, maxTouchPoints: number): boolean {
  const ios = /iPhone|iPad|iPod/.test(ua) || (platform === 'MacIntel' && maxTouchPoints > 1);
  // Other iOS browsers (Chrome CriOS, Firefox FxiOS, in-app) cannot add to the home screen themselves.
  return ios && /Safari\//.test(ua) && !/CriOS|FxiOS|EdgiOS|OPiOS|MicroMessenger|QQ\//.test(ua);
}

const standalone = () =>
  (navigator as Navigator & { standalone?: boolean }).standalone === true ||
  matchMedia('(display-mode: standalone)').matches;

let captured = false;
/**
 * Called first thing in main.tsx: the browser fires beforeinstallprompt early and only once,
 * so it must be caught before any screen mounts.
 */
export function captureInstallPrompt(): void {
  if (captured || typeof window === 'undefined') return;
  captured = true;
  // In a task of its own: a page's first matchMedia call brings its style up to date, and this runs
  // while the app's modules are evaluated. Nothing reads it before the first screen's later parts.
  setTimeout(() => set({ installed: standalone() }));
  window.addEventListener('beforeinstallprompt', (e) => {
    e.preventDefault();
    set({ deferred: e as BeforeInstallPromptEvent });
  });
  window.addEventListener('appinstalled', () => set({ deferred: null, installed: true }));
}

export type InstallOutcome = 'accepted' | 'dismissed' | 'ios-help' | 'unavailable';

/** Opens the native prompt, or on iOS Safari the how-to sheet. */
export async function promptInstall(): Promise<InstallOutcome> {
  const { deferred } = state;
  if (deferred) {
    set({ deferred: null }); // a prompt event can be used once
    await deferred.prompt();
    return (await deferred.userChoice).outcome;
  }
  if (isIosSafari(navigator.userAgent, navigator.platform, navigator.maxTouchPoints) && !state.installed) {
    set({ iosSheetOpen: true });
    return 'ios-help';
  }
  return 'unavailable';
}

export const closeIosSheet = () => set({ iosSheetOpen: false });

/**
 * 'Add to home screen' for Mine and the home banner: `canInstall` when the browser offers a prompt or
 * is iOS Safari (how-to sheet); `install()` opens whichever applies.
 */
export function useInstallPrompt() {
  const s = useSyncExternalStore(subscribe, snapshot, snapshot);
  const ios =
    typeof navigator !== 'undefined' &&
    isIosSafari(navigator.userAgent, navigator.platform, navigator.maxTouchPoints);
  return {
    canInstall: !s.installed && (s.deferred !== null || ios),
    native: s.deferred !== null,
    ios,
    installed: s.installed,
    iosSheetOpen: s.iosSheetOpen,
    install: promptInstall,
    closeIosSheet,
  };
}
