import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './__root';

export const homeKkbgRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/home/kkbg',
  component: lazyRouteComponent(() => import('../features/lists/KkbgListPage'), 'KkbgListPage'),
});
