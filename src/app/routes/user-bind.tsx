import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './__root';

export const userBindRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/user/bind',
  component: lazyRouteComponent(() => import('../features/account/BindMobilePage'), 'BindMobilePage'),
});
