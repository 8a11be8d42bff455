import { PRERENDER_IMAGES_GLOBAL } from '../../contract';
import { plainPicture } from '../../client/pictures';
import { pictureUrl } from './picture-url';

/**
 * Page-side image decryption, used while no service worker controlled the page as a picture mounted (the
 * very first visit): afterwards the service worker decrypts and caches, and <img> points at the .img
 * URL. The worker may take the page over between the two (clients.claim on its first install): its
 * answers are then the plain picture, which plainPicture (client/pictures.ts, by contract pictureBytes)
 * takes as it is.
 */

export const swControlsPage = () =>
  typeof navigator !== 'undefined' &&
  'serviceWorker' in navigator &&
  navigator.serviceWorker.controller !== null;

const MAX_URLS = 300;
const urls = new Map<string, Promise<string | null>>();

/** Pictures the page decrypted for the server's prerender before the app ran (server/http/prerender-page.ts). */
const prerendered = (globalThis as Record<string, unknown>)[PRERENDER_IMAGES_GLOBAL] as
  Map<string, Promise<string | null>> | undefined;

/**
 * A data: or blob: URL of the decrypted image (pictureUrl), or null when there is no picture (204);
 * rejects when it could not be had now (not remembered: the next call tries again).
 */
export function decryptedImageUrl(src: string): Promise<string | null> {
  let p = urls.get(src) ?? prerendered?.get(src);
  if (!p) {
    p = (async () => {
      const plain = await plainPicture(await fetch(src));
      return plain && pictureUrl(plain);
    })();
    p.catch(() => urls.delete(src));
    urls.set(src, p);
    // Keep memory bounded on long first visits; the oldest entries are long off screen by then.
    if (urls.size > MAX_URLS) {
      const [oldest, op] = urls.entries().next().value as [string, Promise<string | null>];
      urls.delete(oldest);
      void op.then((u) => u?.startsWith('blob:') && URL.revokeObjectURL(u)).catch(() => undefined);
    }
  }
  return p;
}
