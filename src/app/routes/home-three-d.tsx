import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './__root';

export const homeThreeDRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/home/three-d',
  component: lazyRouteComponent(() => import('../features/lists/ThreeDListPage'), 'ThreeDListPage'),
});
