import { createRoute, redirect } from '@tanstack/react-router';
import { rootRoute } from './__root';

/** A tgId (traffic source) goes through the landing page, which records it; otherwise straight home. */
function toHome({ search }: { search: Record<string, unknown> }): never {
  const tgId = typeof search.tgId === 'string' ? search.tgId : undefined;
  if (tgId) throw redirect({ to: '/landing', search: { tgId }, replace: true });
  throw redirect({ to: '/home', replace: true });
}

export const redirectRoutes = ['/', '/index', '/home.html'].map((path) =>
  createRoute({ getParentRoute: () => rootRoute, path, beforeLoad: toHome }),
);
