import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { watchQuery } from '../lib/api/vods';
import { optionalInt, searchOf } from '../lib/search-params';
import { rootRoute } from './__root';

const validateSearch = searchOf({ vodId: optionalInt(1) });
type VodDetailSearch = ReturnType<typeof validateSearch>;

export const vodDetailRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/vod/detail',
  validateSearch,
  loaderDeps: ({ search }: { search: VodDetailSearch }) => ({ vodId: search.vodId }),
  // The video's answer is asked for as the navigation starts, alongside the page's code, and its poster
  // made ready as soon as the answer names it. Not the player's libraries: on a weak connection their
  // bytes would hold back the page's own. On a preload (a finger down on a link) nothing: the answer
  // needs a session.
  loader: ({ context, deps, preload }) => {
    if (preload || deps.vodId === undefined) return;
    void context.queryClient.fetchQuery(watchQuery(deps.vodId, true)).then(
      async (vod) => {
        const { decryptedImageUrl, swControlsPage } = await import('../lib/images');
        if (vod.vodPoster && !swControlsPage()) void decryptedImageUrl(vod.vodPoster).catch(() => null);
      },
      () => undefined,
    );
  },
  component: lazyRouteComponent(() => import('../features/video/VodDetailPage'), 'VodDetailPage'),
});
