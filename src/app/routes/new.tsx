import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './__root';

/**
 * '/new', the child `new` of '/' in the spec's route table: the update list, day by day with the most
 * read first in each day (/home/new, 最近更新, is every book by its newest chapter).
 */
export const newRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/new',
  component: lazyRouteComponent(() => import('../features/lists/UpdateListPage'), 'UpdateListPage'),
});
