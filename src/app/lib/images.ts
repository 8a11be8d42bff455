import { decryptImage, importImageKey, PRERENDER_IMAGES_GLOBAL } from '../../contract';
import { pictureUrl } from './picture-url';

/**
 * Page-side image decryption, used only while no service worker controls the page (the very first
 * visit): afterwards the service worker decrypts and caches, and <img> points at the .img URL.
 */
let keyPromise: Promise<CryptoKey> | undefined;
const imageKey = () => (keyPromise ??= importImageKey(__IMAGE_KEY__));

export const swControlsPage = () =>
  typeof navigator !== 'undefined' &&
  'serviceWorker' in navigator &&
  navigator.serviceWorker.controller !== null;

const MAX_URLS = 300;
const urls = new Map<string, Promise<string | null>>();

/** Pictures the page decrypted for the server's prerender before the app ran (server/http/prerender-page.ts). */
const prerendered = (globalThis as Record<string, unknown>)[PRERENDER_IMAGES_GLOBAL] as
  Map<string, Promise<string | null>> | undefined;

/** A data: or blob: URL of the decrypted image (pictureUrl), or null when the server has no picture (204). */
export function decryptedImageUrl(src: string): Promise<string | null> {
  let p = urls.get(src) ?? prerendered?.get(src);
  if (!p) {
    p = (async () => {
      const res = await fetch(src);
      if (res.status === 204) return null;
      if (!res.ok) throw new Error(`image ${res.status}`);
      const plain = await decryptImage(await imageKey(), await res.arrayBuffer());
      return pictureUrl(plain);
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
