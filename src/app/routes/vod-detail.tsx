import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { z } from 'zod';
import { rootRoute } from './__root';

export const vodDetailRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/vod/detail',
  validateSearch: z.object({ vodId: z.coerce.number().int().positive().optional().catch(undefined) }),
  component: lazyRouteComponent(() => import('../features/video/VodDetailPage'), 'VodDetailPage'),
});
