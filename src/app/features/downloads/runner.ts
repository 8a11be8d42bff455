import { Code, DownloadText, type ChapterReadInfo, type Envelope } from '../../../contract';
import { downloadsDb, liveQuery } from '../../../client/downloads/queue-db';
import { nextWakeAt, runnable, type QueueItem } from '../../../client/downloads/queue-rules';
import {
  applyEvent,
  failureText,
  recordProgress,
  recoverAfterRestart,
  whenStopped,
} from '../../../client/downloads/queue-store';
import { call } from '../../lib/api/http';
import { backgroundFetchManager, BACKGROUND_MIN_CHAPTERS, fetchInBackground } from './background-fetch';
import { deleteChapterFiles, missingFiles, storeChapterAnswer, storeImage } from './files';

/**
 * The in-page download queue: runs while the app is open on any screen, CHAPTERS_AT_ONCE chapters at a
 * time and PAGES_AT_ONCE pictures of each, in one tab only (a Web Lock), and picks up after a reload
 * where it stopped (pages already stored are not fetched again).
 */
export const CHAPTERS_AT_ONCE = 2;
export const PAGES_AT_ONCE = 3;
const LOCK = 'inkreel-download-queue';

let started = false;

/** Starts the queue once per page; further calls do nothing. */
export function startQueue(): void {
  if (started) return;
  started = true;
  if (typeof navigator !== 'undefined' && navigator.locks)
    void navigator.locks.request(LOCK, () => runForever());
  else void runForever();
}

async function runForever(): Promise<never> {
  await recoverAfterRestart();
  const active = new Map<string, AbortController>();
  let wake = () => {};
  // A pause, cancel or delete from any screen or tab stops the chapter it hits; any change wakes the loop.
  liveQuery(() => downloadsDb.items.toArray()).subscribe({
    next: (items) => {
      const byId = new Map(items.map((i) => [i.id, i]));
      for (const [id, ctl] of active) if (byId.get(id)?.state !== 'running') ctl.abort();
      wake();
    },
    error: (err: unknown) => console.error('[downloads] queue watch failed', err),
  });
  for (;;) {
    const items = await downloadsDb.items.toArray();
    const now = Date.now();
    for (const item of runnable(items, now, CHAPTERS_AT_ONCE)) {
      const started = await applyEvent(item.id, { type: 'start' });
      if (started?.state !== 'running') continue;
      const ctl = new AbortController();
      active.set(item.id, ctl);
      void downloadChapter(started, ctl.signal).finally(() => {
        active.delete(item.id);
        wake();
      });
    }
    const at = nextWakeAt(await downloadsDb.items.toArray());
    await new Promise<void>((resolve) => {
      const timer = at === null ? undefined : setTimeout(resolve, Math.max(50, at - Date.now()));
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }
}

/** Runs `fn` over `list` with at most `n` at a time. */
async function pool<T>(list: readonly T[], n: number, fn: (x: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < list.length) await fn(list[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(n, list.length) }, worker));
}

/** One chapter: its read answer (the server decides access), every page picture, then the answer stored. */
async function downloadChapter(item: QueueItem, signal: AbortSignal): Promise<void> {
  let urls: string[] = item.urls ?? [];
  try {
    // Not a read: the server leaves read counts and history alone.
    const env = await call(
      'readChapter',
      { query: { bookId: item.bookId, number: item.number, prefetch: '1' } },
      { signal },
    );
    if (!env.result || env.code !== Code.OK) {
      // A locked chapter is never bought by a download: it is marked and left.
      if (env.code === Code.UNPAID) await applyEvent(item.id, { type: 'locked' });
      else
        await applyEvent(item.id, {
          type: 'fail',
          error: env.msg || DownloadText.state.failed,
          permanent: env.code === Code.NO_CHAPTER,
        });
      return;
    }
    const info = env.data;
    // The pages, and the chapter's catalogue picture so the catalogue looks the same offline.
    urls = [...new Set([...info.bookPics.flatMap((p) => p.parts), ...(item.cover ? [item.cover] : [])])];
    let pagesDone = 0;
    let bytes = 0;
    if (!(await recordProgress(item.id, { pagesDone, bytes, pagesTotal: urls.length, urls }))) return;
    if ((await isLongDownload(item)) && (await downloadInBackground(item, env, urls, signal))) return;
    await pool(urls, PAGES_AT_ONCE, async (url) => {
      signal.throwIfAborted();
      // Awaited first: `bytes += await …` would read `bytes` before the wait and lose the other workers' sums.
      const stored = await storeImage(url, signal);
      bytes += stored;
      pagesDone += 1;
      if (!(await recordProgress(item.id, { pagesDone, bytes })))
        throw new DOMException('stopped', 'AbortError');
    });
    const answerBytes = await storeChapterAnswer(info, env);
    bytes += answerBytes;
    await storeCover(item.bookId);
    await applyEvent(item.id, { type: 'finish' }, { bytes, pagesDone, background: undefined });
  } catch (err) {
    if (signal.aborted || (err instanceof DOMException && err.name === 'AbortError')) return;
    console.error('[downloads] chapter failed', item.id, err);
    await applyEvent(item.id, { type: 'fail', error: failureText(err) });
  } finally {
    // A chapter deleted while it ran leaves no stray pages behind.
    if (!(await downloadsDb.items.get(item.id)))
      await deleteChapterFiles(item.bookId, item.number, urls).catch(() => undefined);
  }
}

/** A chapter of a long download (many chapters waiting), or one already handed to the browser. */
async function isLongDownload(item: QueueItem): Promise<boolean> {
  if (item.background) return true;
  const pending = await downloadsDb.items.where('state').anyOf('waiting', 'running').count();
  return pending >= BACKGROUND_MIN_CHAPTERS;
}

/**
 * The chapter's missing pictures by Background Fetch, its answer kept pending until they are stored:
 * the service worker stores them and moves the item on through the queue's own transitions (done, or
 * failed), also when the app was closed meanwhile. Here the chapter waits for that change in the
 * database, or for the runner to stop it. False when the browser has no Background Fetch or will not
 * start one (the page downloads then).
 */
async function downloadInBackground(
  item: QueueItem,
  env: Envelope<ChapterReadInfo>,
  urls: readonly string[],
  signal: AbortSignal,
): Promise<boolean> {
  const mgr = await backgroundFetchManager();
  if (!mgr) return false;
  const missing = await missingFiles(urls);
  if (missing.length === 0) return false;
  const stored = urls.length - missing.length;
  await storeChapterAnswer(env.data, env, true);
  if (!(await recordProgress(item.id, { pagesDone: stored, bytes: 0, background: true }))) return true;
  const book = await downloadsDb.books.get(item.bookId);
  const reg = await fetchInBackground(
    mgr,
    item.id,
    DownloadText.bgTitle(book?.title ?? '', item.title),
    missing,
    (downloaded) => void recordProgress(item.id, { pagesDone: stored, bytes: downloaded }),
    signal,
  );
  if (!reg) return false;
  const now = await whenStopped(item.id, signal);
  if (now?.state === 'done') await storeCover(item.bookId);
  return true;
}

/** The book's cover goes with its first downloaded chapter, so shelf and downloads show it offline. */
async function storeCover(bookId: number): Promise<void> {
  const book = await downloadsDb.books.get(bookId);
  if (!book || book.coverStored || !book.cover) return;
  try {
    await storeImage(book.cover);
    await downloadsDb.books.update(bookId, { coverStored: true });
  } catch {
    // A missing cover does not fail the chapter.
  }
}
