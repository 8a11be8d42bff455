import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './__root';

export const shelfVodRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/shelf-vod',
  staticData: { tabs: 'video' },
  component: lazyRouteComponent(() => import('../features/video/VodShelfPage'), 'VodShelfPage'),
});
