import { PLACEHOLDER_IMAGE_PATH } from '../src/contract/constants';
import { IMAGE_ANSWER_HEADER, ImageAnswer } from '../src/contract/image-answer';
import { decryptedPicture } from '../src/client/pictures';
import { matchPrecache } from 'workbox-precaching';
import { Strategy, type StrategyHandler } from 'workbox-strategies';
import { downloadedImage } from './downloads';

const FALLBACK_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 3 4"><rect width="3" height="4" fill="#ececf0"/></svg>';

/**
 * The same answer marked as one the worker made (contract/image-answer.ts), so a page reading it with
 * fetch() never takes the plain picture for ciphertext. Marked as it is answered, not as it is stored:
 * entries kept by an older worker carry no mark.
 */
function marked(res: Response, kind: (typeof ImageAnswer)[keyof typeof ImageAnswer]): Response {
  const headers = new Headers(res.headers);
  headers.set(IMAGE_ANSWER_HEADER, kind);
  return new Response(res.body, { status: res.status, statusText: res.statusText, headers });
}

/** The placeholder picture (precached), for a 204: the server has no picture. Never cached as the image. */
export async function placeholderResponse(): Promise<Response> {
  const precached = await matchPrecache(PLACEHOLDER_IMAGE_PATH);
  return marked(
    precached ?? new Response(FALLBACK_SVG, { headers: { 'Content-Type': 'image/svg+xml' } }),
    ImageAnswer.none,
  );
}

/**
 * A picture that could not be had now (no network, a server error): an error, not the placeholder
 * picture, so an <img> fires its error event and the page shows the placeholder and tries again later
 * (app/components/SecureImage.tsx); an <img> that loaded the placeholder could not tell.
 */
export const unavailableResponse = () =>
  new Response(null, { status: 503, headers: { [IMAGE_ANSWER_HEADER]: ImageAnswer.failed } });

/**
 * Encrypted `.img` URLs: a downloaded picture, else the decrypted picture from the cache, else fetch the
 * ciphertext, decrypt it (client/pictures.ts, the envelope every stored picture goes through) and keep
 * the plain picture (plugins on the handler bound the cache).
 */
export class DecryptImageStrategy extends Strategy {
  protected override async _handle(request: Request, handler: StrategyHandler): Promise<Response> {
    // A downloaded page: kept apart from this cache, so its expiration never removes one.
    const downloaded = await downloadedImage(request);
    if (downloaded) return marked(downloaded, ImageAnswer.plain);
    const cached = await handler.cacheMatch(request);
    if (cached) return marked(cached, ImageAnswer.plain);
    try {
      const image = await decryptedPicture(await handler.fetch(request), {
        [IMAGE_ANSWER_HEADER]: ImageAnswer.plain,
      });
      if (!image) return await placeholderResponse();
      // Answer now; the cache write (and its expiration bookkeeping) finishes in the background.
      handler.waitUntil(handler.cachePut(request, image.clone()));
      return image;
    } catch {
      return unavailableResponse();
    }
  }
}
