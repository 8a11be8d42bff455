import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './__root';

export const readerRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/book/read/$id/$number',
  component: lazyRouteComponent(() => import('../features/reader/ReaderPage'), 'ReaderPage'),
});
