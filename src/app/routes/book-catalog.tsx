import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { z } from 'zod';
import { rootRoute } from './__root';

export const bookCatalogRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/book/$id/catalog',
  validateSearch: z.object({ title: z.string().max(200).optional() }),
  component: lazyRouteComponent(() => import('../features/comics/CataloguePage'), 'CataloguePage'),
});
