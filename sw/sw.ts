/// <reference lib="webworker" />
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import { CACHEABLE_API_PREFIXES, KEPT_ANSWER_HEADER } from '../src/contract/endpoints';
import { IMAGE_URL_PATTERN } from '../src/contract/cipher';
import { apiCacheKey, isGrantedAnswer } from './api-cache';
import { downloadedChapter, isDownloadFetch } from './downloads';
import { listenForBackgroundFetch } from './background-fetch';
import { DecryptImageStrategy } from './image-strategy';
import { withRoutePreloads } from './shell-preloads';
import { warmCatalogue } from './warm-up';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
};

export const CacheNames = { images: 'inkreel-images', api: 'inkreel-api' } as const;

// The app shell: index.html, JS, CSS, icons, placeholder.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// The first install takes over the open page at once (its images are then decrypted here);
// later versions wait for the user's 'update' (SKIP_WAITING below).
clientsClaim();

// Every app page is the shell, online or offline; the router draws the screen. A landing screen's shell
// also names its route's chunks (shell-preloads.ts).
const shell = createHandlerBoundToURL('/index.html');
registerRoute(
  new NavigationRoute(async (options) => withRoutePreloads(await shell(options), options.url), {
    denylist: [
      /^\/(api|h5|media)\//,
      /^\/healthz/,
      /^\/qr\.svg/,
      /^\/(desktop|open-in-browser)\.html/,
      /^\/sw\.js/,
    ],
  }),
);

// Encrypted pictures: downloaded ones first (DecryptImageStrategy), else decrypted once, kept decrypted,
// bounded in count and age. The app's own downloading fetches pass untouched (it stores them itself).
registerRoute(
  ({ url, request }) =>
    request.method === 'GET' && IMAGE_URL_PATTERN.test(url.pathname) && !isDownloadFetch(request),
  new DecryptImageStrategy({
    cacheName: CacheNames.images,
    plugins: [
      new ExpirationPlugin({ maxEntries: 600, maxAgeSeconds: 30 * 24 * 3600, purgeOnQuotaError: true }),
    ],
  }),
);

// The answer kept on the phone, asked for alongside the network's (KEPT_ANSWER_HEADER): from the reading
// cache or a download, never the network; 204 (not an error: the page shows none) when none is kept.
registerRoute(
  ({ url, request }) =>
    request.method === 'GET' &&
    request.headers.get(KEPT_ANSWER_HEADER) === '1' &&
    CACHEABLE_API_PREFIXES.some((p) => url.pathname.startsWith(p)),
  async ({ request }) => {
    const cache = await caches.open(CacheNames.api);
    const kept =
      (await cache.match(apiCacheKey(request.url, request.headers))) ??
      (await downloadedChapter(request.url));
    return kept ?? new Response(null, { status: 204 });
  },
);

// Catalogue reads and chapters: fresh when the network answers within 3 s, else the last good answer, so
// chapters read or fetched ahead stay readable on a weak or no connection (their pictures are kept above).
// Account, purchase and payment calls match no route and are never cached.
registerRoute(
  ({ url, request }) =>
    request.method === 'GET' && CACHEABLE_API_PREFIXES.some((p) => url.pathname.startsWith(p)),
  new NetworkFirst({
    cacheName: CacheNames.api,
    networkTimeoutSeconds: 3,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      {
        cacheKeyWillBeUsed: async ({ request }) => apiCacheKey(request.url, request.headers),
        cacheWillUpdate: async ({ response }) => ((await isGrantedAnswer(response)) ? response : null),
        // No kept answer when the network is slow or gone: a downloaded chapter answers instead. Online the
        // server stays the judge of access (the network answer wins whenever it comes in time).
        cachedResponseWillBeUsed: async ({ request, cachedResponse }) =>
          cachedResponse ?? (await downloadedChapter(request.url)) ?? null,
      },
      new ExpirationPlugin({ maxEntries: 600, maxAgeSeconds: 14 * 24 * 3600, purgeOnQuotaError: true }),
    ],
  }),
);

// Chapters the browser downloads with the app closed (Background Fetch, where it exists).
listenForBackgroundFetch();

self.addEventListener('activate', (event) => {
  event.waitUntil(warmCatalogue(CacheNames.api));
});

self.addEventListener('message', (event) => {
  if (event.data?.type === 'SKIP_WAITING') void self.skipWaiting();
});
