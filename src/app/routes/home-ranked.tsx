import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './__root';

export const homeRankedRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/home/ranked',
  component: lazyRouteComponent(() => import('../features/lists/RankedListPage'), 'RankedListPage'),
});
