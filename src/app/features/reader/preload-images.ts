import { decryptedImageUrl, swControlsPage } from '../../lib/images';

/** Preloaded images are held so the browser's memory cache keeps them for the <img> that follows. */
const MAX_HELD = 24;
const held = new Map<string, HTMLImageElement>();

/**
 * Fetches (and, with a service worker, decodes) an encrypted page image ahead of time, through the same
 * path SecureImage will use: the worker's decrypting cache, or the page-side blob cache before it.
 */
export async function preloadImage(src: string): Promise<void> {
  if (!src) return;
  if (!swControlsPage()) {
    await decryptedImageUrl(src).catch(() => null);
    return;
  }
  if (held.has(src)) return;
  const img = new Image();
  img.decoding = 'async';
  img.src = src;
  held.set(src, img);
  if (held.size > MAX_HELD) held.delete(held.keys().next().value as string);
  await img.decode().catch(() => undefined);
}
