import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { optionalInt, searchOf } from '../lib/search-params';
import { rootRoute } from './__root';

export const purchaseRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/purchase',
  validateSearch: searchOf({ bookId: optionalInt(1) }),
  component: lazyRouteComponent(() => import('../features/purchase/PurchasePage'), 'PurchasePage'),
});
