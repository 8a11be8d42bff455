import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './__root';

export const homeRecommendRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/home/recommend',
  component: lazyRouteComponent(() => import('../features/lists/RecommendListPage'), 'RecommendListPage'),
});
