import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { z } from 'zod';
import { rootRoute } from './__root';

export const vodCategoryRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/vod/category',
  validateSearch: z.object({ cid: z.coerce.number().int().min(0).optional().catch(undefined) }),
  component: lazyRouteComponent(() => import('../features/video/VodCategoryPage'), 'VodCategoryPage'),
});
