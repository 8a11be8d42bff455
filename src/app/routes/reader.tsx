import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { chapterQuery, detailQuery } from '../lib/api/books';
import { parseReaderParams } from '../features/reader/access';
import { rootRoute } from './__root';

export const readerRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/book/read/$id/$number',
  // The chapter and its book are asked for as the navigation starts, alongside the reader's code, not
  // after it arrived and rendered (a downloaded chapter opens offline that much sooner). Not on a
  // preload (a touch on a link may be a scroll): a read counts on the server.
  loader: ({ context, params, preload }) => {
    const p = parseReaderParams(params.id, params.number);
    if (!p || preload) return;
    const qc = context.queryClient;
    const chapter = chapterQuery(p.bookId, p.number);
    // A failed answer (locked, offline…) is asked again on every visit; a good one stays fresh 5 min.
    if (qc.getQueryState(chapter.queryKey)?.status === 'error')
      qc.removeQueries({ queryKey: chapter.queryKey, exact: true });
    void qc.prefetchQuery(chapter);
    void qc.prefetchQuery(detailQuery(p.bookId));
  },
  component: lazyRouteComponent(() => import('../features/reader/ReaderPage'), 'ReaderPage'),
});
