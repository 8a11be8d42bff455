import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './__root';

export const homeLatestRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/home/latest',
  component: lazyRouteComponent(() => import('../features/lists/LatestListPage'), 'LatestListPage'),
});
