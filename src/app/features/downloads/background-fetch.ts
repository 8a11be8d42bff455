import { BG_FETCH_PREFIX } from '../../../contract';
import { absolute } from './files';

/**
 * Background Fetch (Chromium only) for long downloads: the browser fetches a chapter's pictures with its
 * own progress notification and goes on when the app is closed; the service worker stores them
 * (sw/background-fetch.ts). Elsewhere, or when the browser refuses, the in-page queue does the work.
 */

/** A download is long — worth handing to the browser — from this many chapters waiting. */
export const BACKGROUND_MIN_CHAPTERS = 4;

export interface BgRegistration extends EventTarget {
  id: string;
  result: '' | 'success' | 'failure';
  failureReason: string;
  downloaded: number;
  abort(): Promise<boolean>;
}
interface BgManager {
  fetch(
    id: string,
    requests: Request[],
    opts: {
      title: string;
      icons: Array<{ src: string; sizes: string; type: string }>;
      downloadTotal?: number;
    },
  ): Promise<BgRegistration>;
  get(id: string): Promise<BgRegistration | undefined>;
}

export const bgFetchId = (itemId: string) => `${BG_FETCH_PREFIX}${itemId}`;

/** The browser's Background Fetch, when it has one and a service worker controls the page. */
export async function backgroundFetchManager(): Promise<BgManager | null> {
  if (typeof navigator === 'undefined' || !navigator.serviceWorker?.controller) return null;
  const reg = (await navigator.serviceWorker.ready) as ServiceWorkerRegistration & {
    backgroundFetch?: BgManager;
  };
  return reg.backgroundFetch ?? null;
}

export type BgOutcome = 'success' | 'failure' | 'aborted' | 'refused';

/**
 * Fetches `urls` by Background Fetch (joining one already running for this chapter after a reload);
 * reports bytes received; resolves when the browser is done with it. 'refused': not allowed here (the
 * caller downloads in the page instead).
 */
export async function fetchInBackground(
  mgr: BgManager,
  itemId: string,
  title: string,
  urls: readonly string[],
  onProgress: (downloaded: number) => void,
  signal: AbortSignal,
): Promise<BgOutcome> {
  const id = bgFetchId(itemId);
  let reg = await mgr.get(id);
  if (!reg) {
    try {
      reg = await mgr.fetch(
        id,
        urls.map((u) => new Request(absolute(u), { credentials: 'same-origin' })),
        { title, icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }] },
      );
    } catch (err) {
      console.warn('[downloads] background fetch refused', err);
      return 'refused';
    }
  }
  const r = reg;
  return new Promise<BgOutcome>((resolve) => {
    const finish = (o: BgOutcome) => {
      clearInterval(timer);
      r.removeEventListener('progress', check);
      resolve(o);
    };
    function check() {
      onProgress(r.downloaded);
      if (r.result === 'success') finish('success');
      else if (r.result === 'failure') finish(r.failureReason === 'aborted' ? 'aborted' : 'failure');
    }
    r.addEventListener('progress', check);
    // 'progress' is not sent for every state change: look now and then as well.
    const timer = setInterval(check, 1_000);
    signal.addEventListener('abort', () => {
      void r.abort().catch(() => undefined);
      finish('aborted');
    });
    check();
  });
}
