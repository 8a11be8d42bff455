import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { optionalInt, searchOf } from '../lib/search-params';
import { rootRoute } from './__root';

export const vodCategoryRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/vod/category',
  validateSearch: searchOf({ cid: optionalInt(0) }),
  component: lazyRouteComponent(() => import('../features/video/VodCategoryPage'), 'VodCategoryPage'),
});
