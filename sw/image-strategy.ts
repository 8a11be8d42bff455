import { decryptImage } from '../src/contract/cipher';
import { PLACEHOLDER_IMAGE_PATH } from '../src/contract/constants';
import { matchPrecache } from 'workbox-precaching';
import { Strategy, type StrategyHandler } from 'workbox-strategies';
import { downloadedImage } from './downloads';
import { imageKey } from './image-key';

const FALLBACK_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 3 4"><rect width="3" height="4" fill="#ececf0"/></svg>';

/** The placeholder picture (precached), for a 204 (no picture) or a failure. Never cached as the image. */
export async function placeholderResponse(): Promise<Response> {
  const precached = await matchPrecache(PLACEHOLDER_IMAGE_PATH);
  if (precached) return precached;
  return new Response(FALLBACK_SVG, { headers: { 'Content-Type': 'image/svg+xml' } });
}

/**
 * Encrypted `.img` URLs: a downloaded picture, else the decrypted picture from the cache, else fetch the ciphertext, decrypt it
 * with the contract cipher and keep the plain picture (plugins on the handler bound the cache).
 */
export class DecryptImageStrategy extends Strategy {
  protected override async _handle(request: Request, handler: StrategyHandler): Promise<Response> {
    // A downloaded page: kept apart from this cache, so its expiration never removes one.
    const downloaded = await downloadedImage(request);
    if (downloaded) return downloaded;
    const cached = await handler.cacheMatch(request);
    if (cached) return cached;
    try {
      const res = await handler.fetch(request);
      if (res.status !== 200) return await placeholderResponse();
      const plain = await decryptImage(await imageKey, await res.arrayBuffer());
      const image = new Response(plain, {
        status: 200,
        headers: { 'Content-Type': 'image/webp', 'Content-Length': String(plain.byteLength) },
      });
      // Answer now; the cache write (and its expiration bookkeeping) finishes in the background.
      handler.waitUntil(handler.cachePut(request, image.clone()));
      return image;
    } catch {
      return placeholderResponse();
    }
  }
}
