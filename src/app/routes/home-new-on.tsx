import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './__root';

export const homeNewOnRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/home/new-on',
  component: lazyRouteComponent(() => import('../features/lists/NewOnListPage'), 'NewOnListPage'),
});
