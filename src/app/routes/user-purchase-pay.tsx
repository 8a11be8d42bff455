import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { optionalString, searchOf } from '../lib/search-params';
import { rootRoute } from './__root';

export const userPurchasePayRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/user/purchase/pay',
  validateSearch: searchOf({ goUrl: optionalString(4000) }),
  component: lazyRouteComponent(() => import('../features/purchase/PayFramePage'), 'PayFramePage'),
});
