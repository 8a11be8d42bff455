import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './__root';

export const homeDayRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/home/day',
  component: lazyRouteComponent(() => import('../features/lists/DayListPage'), 'DayListPage'),
});
