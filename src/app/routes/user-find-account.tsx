import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './__root';

export const userFindAccountRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/user/find-account',
  component: lazyRouteComponent(() => import('../features/account/FindAccountPage'), 'FindAccountPage'),
});
