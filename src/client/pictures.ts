import { pictureBytes } from '../contract/image-answer';
import { imageKey } from './image-key';

/**
 * One envelope for every encrypted picture the browser keeps or shows, written once for the page and
 * the service worker: an answer to a `.img` URL → its plain picture (contract pictureBytes: ciphertext
 * decrypted with the image key, a worker's plain answer taken as it is, 204 none, any other failure an
 * ImageUnavailableError) → the Response that is stored and answered with (image/webp, Content-Length).
 *
 * Used by the worker's reading cache (sw/image-strategy.ts), Background Fetch downloads
 * (sw/background-fetch-finish.ts), the page's own downloads (app features/downloads/files.ts) and the
 * page's first-visit pictures (app lib/images.ts).
 */

/** The plain picture of an answer to a `.img` URL; null when there is none (204). */
export const plainPicture = (res: Response): Promise<ArrayBuffer | null> => pictureBytes(res, imageKey());

/** The stored form of a plain picture; `headers` add to its own (a mark for the page). */
export const pictureResponse = (plain: ArrayBuffer, headers: Record<string, string> = {}): Response =>
  new Response(plain, {
    status: 200,
    headers: { 'Content-Type': 'image/webp', 'Content-Length': String(plain.byteLength), ...headers },
  });

/** An answer to a `.img` URL as the plain picture to store (null: the server has no picture). */
export async function decryptedPicture(
  res: Response,
  headers?: Record<string, string>,
): Promise<Response | null> {
  const plain = await plainPicture(res);
  return plain && pictureResponse(plain, headers);
}

/** Bytes of a stored picture or answer (its Content-Length, written when it was stored). */
export const storedBytes = (res: Response): number => Number(res.headers.get('Content-Length') ?? 0) || 0;

/**
 * Keeps the plain picture of `res` in `cache` under `key`; resolves to its bytes (0 when the server has
 * no picture, and nothing is stored). `signal`: a download stopped meanwhile stores nothing.
 */
export async function keepPicture(
  cache: Cache,
  key: string,
  res: Response,
  signal?: AbortSignal,
): Promise<number> {
  const picture = await decryptedPicture(res);
  if (!picture) return 0;
  signal?.throwIfAborted();
  await cache.put(key, picture);
  return storedBytes(picture);
}
