/**
 * Downloads for offline reading, shared by the app (which stores them) and the service worker (which
 * answers the reader from them): one cache name, one key per chapter, written once here.
 */

/**
 * The Cache Storage cache that holds downloaded chapters: each chapter's read answer and its pages,
 * decrypted. No Workbox route or expiration manages it, so clearing or evicting the reading cache
 * never touches a download.
 */
export const DOWNLOADS_CACHE = 'inkreel-downloads';

/**
 * Sent on the page's own fetch of an encrypted page while downloading: the service worker lets it pass
 * to the network untouched, so the picture is not also decrypted into the reading cache.
 */
export const DOWNLOAD_FETCH_HEADER = 'x-inkreel-download';

/** The cache key of a downloaded chapter's read answer (a path no server route answers). */
export const downloadedChapterPath = (bookId: number, number: number) =>
  `/__downloads/chapter/${bookId}/${number}`;

/**
 * A chapter's read answer while its pictures come by Background Fetch: the service worker moves it to
 * downloadedChapterPath once every picture is stored, so a chapter never opens half there.
 */
export const pendingChapterPath = (bookId: number, number: number) =>
  `/__downloads/pending/${bookId}/${number}`;

/** Background Fetch ids of downloads: `inkreel-dl:{bookId}:{number}` (the queue item's id). */
export const BG_FETCH_PREFIX = 'inkreel-dl:';

/** bookId and number of a read_chapter call, or null when either is missing or bad. */
export function readChapterParams(url: URL): { bookId: number; number: number } | null {
  const id = url.searchParams.get('bookId') ?? '';
  const n = url.searchParams.get('number') ?? '';
  if (!/^\d{1,10}$/.test(id) || !/^\d{1,10}$/.test(n)) return null;
  return { bookId: Number(id), number: Number(n) };
}
