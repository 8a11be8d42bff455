import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './__root';

export const categoryRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/category',
  staticData: { tabs: 'comic' },
  component: lazyRouteComponent(() => import('../features/comics/CategoryPage'), 'CategoryPage'),
});
