import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './__root';

export const searchVodRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/search-vod',
  staticData: { tabs: 'video' },
  component: lazyRouteComponent(() => import('../features/video/VodSearchPage'), 'VodSearchPage'),
});
