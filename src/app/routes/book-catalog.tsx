import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { optionalString, searchOf } from '../lib/search-params';
import { rootRoute } from './__root';

export const bookCatalogRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/book/$id/catalog',
  validateSearch: searchOf({ title: optionalString(200) }),
  component: lazyRouteComponent(() => import('../features/comics/CataloguePage'), 'CataloguePage'),
});
