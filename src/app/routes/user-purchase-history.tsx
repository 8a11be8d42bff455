import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './__root';

export const userPurchaseHistoryRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/user/purchase/history',
  component: lazyRouteComponent(
    () => import('../features/purchase/PurchaseHistoryPage'),
    'PurchaseHistoryPage',
  ),
});
