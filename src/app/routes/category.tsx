import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { optionalCategory, optionalEnum, searchOf } from '../lib/search-params';
import { rootRoute } from './__root';

/** The filters live in the URL, so coming back shows the same list (and its scroll position). */
export const categoryRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/category',
  validateSearch: searchOf({
    publish: optionalEnum(['serialize', 'finish']),
    category: optionalCategory,
  }),
  staticData: { tabs: 'comic' },
  component: lazyRouteComponent(() => import('../features/comics/CategoryPage'), 'CategoryPage'),
});
