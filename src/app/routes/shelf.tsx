import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { optionalEnum, searchOf } from '../lib/search-params';
import { rootRoute } from './__root';

export const shelfRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/shelf',
  validateSearch: searchOf({ active: optionalEnum(['history', 'shelf']) }),
  staticData: { tabs: 'comic' },
  component: lazyRouteComponent(() => import('../features/shelf/ShelfPage'), 'ShelfPage'),
});
