/// <reference lib="webworker" />
import { Api } from '../src/contract/endpoints';

/**
 * The first visit's calls run before the worker controls the page, so nothing of them is cached yet.
 * Fetching the catalogue reads home needs once at activation lets a visitor who goes offline right
 * after the first visit still see home's sections.
 */
const WARM_URLS = [Api.homeIndex, Api.category, Api.initSearch, Api.vodIndex];

export async function warmCatalogue(cacheName: string): Promise<void> {
  const cache = await caches.open(cacheName);
  await Promise.all(
    WARM_URLS.map(async (url) => {
      if (await cache.match(url)) return;
      try {
        const res = await fetch(url, { credentials: 'same-origin' });
        if (res.status === 200) await cache.put(url, res);
      } catch {
        // Offline at activation: the next online visit fills the cache through the routes.
      }
    }),
  );
}
