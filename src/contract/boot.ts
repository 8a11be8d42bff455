/**
 * First-visit data the server inlines into the app's page (server/http/app-document.ts) and the app
 * takes instead of calling (app/lib/api/boot.ts): answers to public GET calls, keyed by the URL the app
 * requests. Each entry is used once; later reads go to the network as usual.
 */
export const BOOT_DATA_ELEMENT_ID = 'boot-data';

/**
 * A landing page's first screen rendered by the server (server/http/prerender.ts) goes in this element;
 * the app takes over from it (app/lib/prerender-handover.ts).
 */
export const PRERENDER_ELEMENT_ID = 'prerender';

/** The global map (image URL → blob: URL promise) of the pictures the page decrypted for the prerender. */
export const PRERENDER_IMAGES_GLOBAL = '__inkreelImages';

/**
 * A prerendered page names the app's code (entry first, then the chunks to fetch with it) in this JSON
 * element instead of in its head, and its inline script loads them once the first screen is painted.
 */
export const APP_MODULES_ELEMENT_ID = 'app-modules';

/**
 * Code a landing screen loads only when the visitor asks for it (the video player's), named in this JSON
 * element so the app can fetch it into the cache once the page is idle (app/lib/later-code.ts).
 */
export const LATER_CODE_ELEMENT_ID = 'later-code';

/** Older inlined answers are not used (a page restored long after it was served). */
export const BOOT_DATA_MAX_AGE_MS = 60_000;

export interface BootEntry {
  /** Path and query exactly as the app requests it, e.g. /api/book/home/index. */
  url: string;
  /** The answer depends on the caller: used only by a visitor with no session on the device. */
  anonymousOnly: boolean;
  /** The answer's envelope as the call would have received it. */
  body: unknown;
}

/**
 * What the visitor's request says that a first screen depends on, given to the server's render of it
 * (app/prerender), and nothing more, so renders stay shared between visitors: the download tip's cookie
 * (closed, spec §3) and whether the user agent is our app shell's (no download tip there), as a cookie
 * string and a user agent the app reads through the same calls as in the browser.
 */
export interface PrerenderVisitor {
  cookie: string;
  userAgent: string;
}

export interface BootData {
  /** Server time the page was made (ms). */
  at: number;
  entries: BootEntry[];
}
