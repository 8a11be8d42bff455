import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { optionalIdLike, searchOf } from '../lib/search-params';
import { rootRoute } from './__root';

export const landingRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/landing',
  validateSearch: searchOf({ tgId: optionalIdLike(64) }),
  component: lazyRouteComponent(() => import('../features/home/LandingPage'), 'LandingPage'),
});
