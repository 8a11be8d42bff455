import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { optionalEnum, optionalString, searchOf } from '../lib/search-params';
import { rootRoute } from './__root';

export const bookCatalogRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/book/$id/catalog',
  // pick=1: choosing chapters to download.
  validateSearch: searchOf({ title: optionalString(200), pick: optionalEnum(['1']) }),
  component: lazyRouteComponent(() => import('../features/comics/CataloguePage'), 'CataloguePage'),
});
