import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { optionalCategory, optionalEnum, searchOf } from '../lib/search-params';
import { rootRoute } from './__root';

/** 总榜/周榜 and the category live in the URL, so coming back shows the same list. */
export const homeDayRankedRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/home/day-ranked',
  validateSearch: searchOf({ type: optionalEnum(['total', 'week']), category: optionalCategory }),
  component: lazyRouteComponent(() => import('../features/lists/DayRankedListPage'), 'DayRankedListPage'),
});
