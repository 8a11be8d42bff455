import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './__root';

export const homeNewRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/home/new',
  component: lazyRouteComponent(() => import('../features/lists/NewListPage'), 'NewListPage'),
});
