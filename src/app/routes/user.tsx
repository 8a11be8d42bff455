import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './__root';

export const userRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/user',
  staticData: { tabs: 'comic' },
  component: lazyRouteComponent(() => import('../features/account/MinePage'), 'MinePage'),
});
