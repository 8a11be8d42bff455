import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './__root';

/** Downloads for offline reading (issue 13), reached from Mine and the shelf. */
export const userDownloadsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/user/downloads',
  component: lazyRouteComponent(() => import('../features/downloads/DownloadsPage'), 'DownloadsPage'),
});
