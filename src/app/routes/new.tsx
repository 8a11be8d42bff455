import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './__root';

/** '/new', the child `new` of '/' in the spec's route table: the update list, as /home/new. */
export const newRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/new',
  component: lazyRouteComponent(() => import('../features/lists/NewListPage'), 'NewListPage'),
});
