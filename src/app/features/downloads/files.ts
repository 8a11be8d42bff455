import {
  DOWNLOADS_CACHE,
  DOWNLOAD_FETCH_HEADER,
  downloadedChapterPath,
  pendingChapterPath,
  type ChapterReadInfo,
  type Envelope,
} from '../../../contract';
import { keepPicture, storedBytes } from '../../../client/pictures';

/**
 * The stored files of downloads in their own Cache Storage cache (DOWNLOADS_CACHE): each chapter's read
 * answer under its own key and every page decrypted under its image URL — what the service worker
 * answers the reader with.
 */

const openCache = () => caches.open(DOWNLOADS_CACHE);

/** Absolute URL of an image or a key, as the reader's requests carry it. */
export const absolute = (url: string) => new URL(url, location.href).href;

/**
 * Stores one page image decrypted unless it is there already; resolves to its bytes (0 when the server
 * has no picture for it).
 */
export async function storeImage(url: string, signal?: AbortSignal): Promise<number> {
  const cache = await openCache();
  const key = absolute(url);
  const kept = await cache.match(key);
  if (kept) return storedBytes(kept);
  // The header lets the request past the service worker's decrypting route (no second copy there).
  const res = await fetch(key, {
    headers: { [DOWNLOAD_FETCH_HEADER]: '1' },
    signal,
    credentials: 'same-origin',
  });
  return keepPicture(cache, key, res, signal);
}

/** The URLs of `urls` not stored yet. */
export async function missingFiles(urls: readonly string[]): Promise<string[]> {
  const cache = await openCache();
  const out: string[] = [];
  for (const u of urls) if (!(await cache.match(absolute(u)))) out.push(u);
  return out;
}

/**
 * Stores the chapter's read answer (the envelope the server gave); resolves to its bytes. `pending`: kept
 * aside until Background Fetch brings the pictures (the service worker then moves it).
 */
export async function storeChapterAnswer(
  info: ChapterReadInfo,
  envelope: Envelope<ChapterReadInfo>,
  pending = false,
): Promise<number> {
  const body = JSON.stringify(envelope);
  const bytes = new TextEncoder().encode(body).byteLength;
  const cache = await openCache();
  await cache.put(
    absolute((pending ? pendingChapterPath : downloadedChapterPath)(info.bookId, info.number)),
    new Response(body, {
      status: 200,
      headers: { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': String(bytes) },
    }),
  );
  return bytes;
}

/** Removes a chapter's answer and pictures. */
export async function deleteChapterFiles(
  bookId: number,
  number: number,
  urls: readonly string[] = [],
): Promise<void> {
  const cache = await openCache();
  await Promise.all([
    cache.delete(absolute(downloadedChapterPath(bookId, number))),
    ...urls.map((u) => cache.delete(absolute(u))),
  ]);
}

export const deleteFile = async (url: string) => (await openCache()).delete(absolute(url));

/** Removes every stored download file. */
export const deleteAllFiles = () => caches.delete(DOWNLOADS_CACHE);
