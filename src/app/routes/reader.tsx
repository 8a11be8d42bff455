import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import type { ChapterReadInfo } from '../../contract';
import { chapterQuery, detailQuery, keptChapterQuery } from '../lib/api/books';
import { parseReaderParams } from '../features/reader/params';
import { rootRoute } from './__root';

const ReaderPage = lazyRouteComponent(() => import('../features/reader/ReaderPage'), 'ReaderPage');

/**
 * On a repeat visit (a service worker answers from its cache, so it costs no network) the reader's code
 * is made ready in idle time: a chapter opened from any screen, or offline from the downloads, then
 * waits only for its answer and pictures.
 */
export function warmReaderWhenIdle(): void {
  if (!navigator.serviceWorker?.controller || typeof requestIdleCallback !== 'function') return;
  const warm = () => requestIdleCallback(() => void ReaderPage.preload?.(), { timeout: 5_000 });
  if (document.readyState === 'complete') warm();
  else addEventListener('load', warm, { once: true });
}

export const readerRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/book/read/$id/$number',
  // The chapter and its book are asked for as the navigation starts, alongside the reader's code, not
  // after it arrived and rendered (a downloaded chapter opens offline that much sooner). On a preload
  // (a finger down on a link, which may yet be a scroll) only what the phone keeps is made ready: a
  // read counts on the server.
  loader: ({ context, params, preload }) => {
    const p = parseReaderParams(params.id, params.number);
    if (!p) return;
    const qc = context.queryClient;
    const chapter = chapterQuery(p.bookId, p.number);
    const kept = keptChapterQuery(p.bookId, p.number);
    // Its first page's pictures are asked for as soon as an answer is in (the phone's kept one, or the
    // server's), not after the reader drew it.
    let preloaded = false;
    const preloadFirstPage = async (info: ChapterReadInfo | null | undefined) => {
      const first = info?.bookPics[0]?.parts ?? [];
      if (preloaded || first.length === 0) return;
      preloaded = true;
      const { preloadImage } = await import('../features/reader/preload-images');
      for (const src of first) void preloadImage(src);
    };
    if (!qc.getQueryData(chapter.queryKey))
      void qc.prefetchQuery(kept).then(() => preloadFirstPage(qc.getQueryData(kept.queryKey)));
    if (preload) return;
    // A failed answer (locked, offline…) is asked again on every visit; a good one stays fresh 5 min.
    if (qc.getQueryState(chapter.queryKey)?.status === 'error')
      qc.removeQueries({ queryKey: chapter.queryKey, exact: true });
    void qc.prefetchQuery(chapter).then(() => preloadFirstPage(qc.getQueryData(chapter.queryKey)));
    void qc.prefetchQuery(detailQuery(p.bookId));
  },
  component: ReaderPage,
});
