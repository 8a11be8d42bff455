import { BG_FETCH_PREFIX } from '../../../contract';
import { absolute } from './files';

/**
 * Background Fetch (Chromium only) for long downloads: the browser fetches a chapter's pictures with its
 * own progress notification and goes on when the app is closed; the service worker stores them and
 * finishes the chapter in the queue (sw/background-fetch.ts). Elsewhere, or when the browser refuses,
 * the in-page queue does the work.
 */

/** A download is long — worth handing to the browser — from this many chapters waiting. */
export const BACKGROUND_MIN_CHAPTERS = 4;

export interface BgRegistration extends EventTarget {
  id: string;
  /** '' while it fetches; set once the browser is done (the worker then gets its event). */
  result: '' | 'success' | 'failure';
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

/**
 * Fetches `urls` by Background Fetch, or joins the one still fetching for this chapter (after a
 * reload); null when the browser refuses, or when the one there has ended already (its worker event
 * may have met the chapter waiting after the reload, and so left it): the caller downloads in the page
 * then, finding stored whatever came. The service worker stores what comes and moves the queue item on
 * (sw/background-fetch-finish.ts): the page learns how it ended from the queue itself. `onProgress`
 * hears the bytes received until `signal` aborts, which also stops the browser's fetch (a pause, a
 * cancel or a delete).
 */
export async function fetchInBackground(
  mgr: BgManager,
  itemId: string,
  title: string,
  urls: readonly string[],
  onProgress: (downloaded: number) => void,
  signal: AbortSignal,
): Promise<BgRegistration | null> {
  const id = bgFetchId(itemId);
  let reg = await mgr.get(id);
  if (reg && reg.result !== '') return null;
  if (!reg) {
    try {
      reg = await mgr.fetch(
        id,
        urls.map((u) => new Request(absolute(u), { credentials: 'same-origin' })),
        { title, icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }] },
      );
    } catch (err) {
      console.warn('[downloads] background fetch refused', err);
      return null;
    }
  }
  const r = reg;
  const progress = () => onProgress(r.downloaded);
  r.addEventListener('progress', progress);
  const stop = () => {
    r.removeEventListener('progress', progress);
    // A finished fetch answers false: nothing to stop.
    void r.abort().catch(() => undefined);
  };
  if (signal.aborted) stop();
  else signal.addEventListener('abort', stop, { once: true });
  progress();
  return r;
}
