import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './__root';

export const bookRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/book/$bookId',
  component: lazyRouteComponent(() => import('../features/comics/BookHomePage'), 'BookHomePage'),
});
