import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { z } from 'zod';
import { rootRoute } from './__root';

export const userPurchasePayRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/user/purchase/pay',
  validateSearch: z.object({ goUrl: z.string().max(4000).optional().catch(undefined) }),
  component: lazyRouteComponent(() => import('../features/purchase/PayFramePage'), 'PayFramePage'),
});
