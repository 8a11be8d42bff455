import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './__root';

export const homeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/home',
  staticData: { tabs: 'comic' },
  component: lazyRouteComponent(() => import('../features/home/HomePage'), 'HomePage'),
});
