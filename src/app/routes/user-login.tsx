import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './__root';

export const userLoginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/user/login',
  component: lazyRouteComponent(() => import('../features/account/LoginPage'), 'LoginPage'),
});
