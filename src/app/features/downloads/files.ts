import {
  DOWNLOADS_CACHE,
  DOWNLOAD_FETCH_HEADER,
  decryptImage,
  downloadedChapterPath,
  importImageKey,
  pendingChapterPath,
  type ChapterReadInfo,
  type Envelope,
} from '../../../contract';

/**
 * The stored files of downloads in their own Cache Storage cache (DOWNLOADS_CACHE): each chapter's read
 * answer under its own key and every page decrypted under its image URL — what the service worker
 * answers the reader with.
 */

// Defined by the build (vite.config.ts); declared here too since tests type-check this module without
// the app's env.d.ts.
declare const __IMAGE_KEY__: string;

let keyPromise: Promise<CryptoKey> | undefined;
const imageKey = () => (keyPromise ??= importImageKey(__IMAGE_KEY__));

const openCache = () => caches.open(DOWNLOADS_CACHE);

/** Absolute URL of an image or a key, as the reader's requests carry it. */
export const absolute = (url: string) => new URL(url, location.href).href;

/** Bytes of a stored entry (its Content-Length, written when it was stored). */
const storedBytes = (res: Response) => Number(res.headers.get('Content-Length') ?? 0) || 0;

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
  if (res.status === 204) return 0;
  if (res.status !== 200) throw new Error(`image ${res.status}`);
  const plain = await decryptImage(await imageKey(), await res.arrayBuffer());
  signal?.throwIfAborted();
  await cache.put(
    key,
    new Response(plain, {
      status: 200,
      headers: { 'Content-Type': 'image/webp', 'Content-Length': String(plain.byteLength) },
    }),
  );
  return plain.byteLength;
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

/** Whether a chapter's answer is stored (the chapter opens offline). */
export async function hasChapterAnswer(bookId: number, number: number): Promise<boolean> {
  return !!(await (await openCache()).match(absolute(downloadedChapterPath(bookId, number))));
}
