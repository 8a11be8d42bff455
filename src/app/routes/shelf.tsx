import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { z } from 'zod';
import { rootRoute } from './__root';

export const shelfRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/shelf',
  validateSearch: z.object({ active: z.enum(['history', 'shelf']).optional().catch(undefined) }),
  staticData: { tabs: 'comic' },
  component: lazyRouteComponent(() => import('../features/shelf/ShelfPage'), 'ShelfPage'),
});
