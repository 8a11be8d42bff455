import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { optionalCategory, searchOf } from '../lib/search-params';
import { rootRoute } from './__root';

/** The category tab lives in the URL, so coming back shows the same list. */
export const homeDayRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/home/day',
  validateSearch: searchOf({ category: optionalCategory }),
  component: lazyRouteComponent(() => import('../features/lists/DayListPage'), 'DayListPage'),
});
