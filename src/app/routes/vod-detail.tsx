import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { optionalInt, searchOf } from '../lib/search-params';
import { rootRoute } from './__root';

export const vodDetailRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/vod/detail',
  validateSearch: searchOf({ vodId: optionalInt(1) }),
  component: lazyRouteComponent(() => import('../features/video/VodDetailPage'), 'VodDetailPage'),
});
