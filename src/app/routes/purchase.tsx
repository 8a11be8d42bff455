import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { z } from 'zod';
import { rootRoute } from './__root';

export const purchaseRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/purchase',
  validateSearch: z.object({ bookId: z.coerce.number().int().positive().optional().catch(undefined) }),
  component: lazyRouteComponent(() => import('../features/purchase/PurchasePage'), 'PurchasePage'),
});
