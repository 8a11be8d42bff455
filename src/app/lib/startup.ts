import { markUserSource } from './api/account';
import { isFirstVisit, markVisited } from './cookies';
import { captureInstallPrompt } from './install';
import { ensureSession } from './session';

/** Installed apps get persistent storage (granted silently in Chromium): shelf and history survive pressure. */
async function askPersistentStorage() {
  try {
    const standalone = matchMedia('(display-mode: standalone)').matches;
    if (standalone && navigator.storage?.persist && !(await navigator.storage.persisted())) {
      await navigator.storage.persist();
    }
  } catch {
    // not offered by this browser
  }
}

/**
 * What the shell does once per page load, before and after the first render: catch the install
 * prompt, and register a new visitor anonymously (spec §1) — except on the landing page, which first
 * records the traffic source (tgId → branch) that registration reports. A first visit (no first-visit
 * cookie within 100 days) records where it came from too.
 */
export function startUp(): void {
  captureInstallPrompt();
  const landing =
    location.pathname.startsWith('/landing') || new URLSearchParams(location.search).has('tgId');
  // Cookies are synchronous calls into the browser: read and written after the first screen's work.
  const first = new Promise<boolean>((resolve) =>
    setTimeout(() => {
      const isFirst = isFirstVisit();
      markVisited();
      resolve(isFirst);
    }),
  );
  if (!landing)
    void ensureSession()
      .then(async () => {
        if (await first) await markUserSource(document.referrer);
      })
      .catch((err: unknown) => console.error('[session] start failed', err));
  // After the first screen's work: it asks matchMedia, a synchronous call into the browser's style.
  setTimeout(() => void askPersistentStorage());
}
