import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './__root';

export const vodRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/vod',
  staticData: { tabs: 'video' },
  component: lazyRouteComponent(() => import('../features/video/VodHomePage'), 'VodHomePage'),
});
