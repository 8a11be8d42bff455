import { endpoints } from '../src/contract/endpoints';
import {
  DOWNLOAD_FETCH_HEADER,
  DOWNLOADS_CACHE,
  downloadedChapterPath,
  readChapterParams,
} from '../src/contract/downloads';

/**
 * Downloads for offline reading (stored by the app in DOWNLOADS_CACHE, which no route or expiration here
 * manages): the worker answers the reader's own requests from them, so a downloaded chapter opens with
 * no network in the same route and reader as online.
 */

let cachePromise: Promise<Cache> | undefined;
const downloads = () => (cachePromise ??= caches.open(DOWNLOADS_CACHE));

/** The page's own fetch while downloading: left to the network, never decrypted into the reading cache. */
export const isDownloadFetch = (request: Request) => request.headers.get(DOWNLOAD_FETCH_HEADER) === '1';

/** A downloaded page picture (decrypted), or undefined. */
export async function downloadedImage(request: Request): Promise<Response | undefined> {
  try {
    return await (await downloads()).match(request.url, { ignoreVary: true });
  } catch {
    return undefined;
  }
}

/** A downloaded chapter's read answer for a read_chapter request, or undefined. */
export async function downloadedChapter(requestUrl: string): Promise<Response | undefined> {
  const url = new URL(requestUrl);
  if (!url.pathname.startsWith(endpoints.readChapter.path)) return undefined;
  const p = readChapterParams(url);
  if (!p) return undefined;
  try {
    const key = new URL(downloadedChapterPath(p.bookId, p.number), url.origin).href;
    return await (await downloads()).match(key);
  } catch {
    return undefined;
  }
}
