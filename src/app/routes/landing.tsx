import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { z } from 'zod';
import { rootRoute } from './__root';

export const landingRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/landing',
  validateSearch: z.object({ tgId: z.string().max(64).optional() }),
  component: lazyRouteComponent(() => import('../features/home/LandingPage'), 'LandingPage'),
});
