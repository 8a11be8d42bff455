import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './__root';

export const homeDayRankedRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/home/day-ranked',
  component: lazyRouteComponent(() => import('../features/lists/DayRankedListPage'), 'DayRankedListPage'),
});
