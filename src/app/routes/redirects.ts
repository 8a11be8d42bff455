import { createRoute, redirect } from '@tanstack/react-router';
import { optionalIdLike } from '../lib/search-params';
import { rootRoute } from './__root';

/** A tgId (traffic source) goes through the landing page, which records it; otherwise straight home. */
function toHome({ search }: { search: Record<string, unknown> }): never {
  // `?tgId=123` arrives as a number (search values are JSON-parsed) and stays one.
  const tgId = optionalIdLike(64)(search.tgId);
  if (tgId !== undefined) throw redirect({ to: '/landing', search: { tgId }, replace: true });
  throw redirect({ to: '/home', replace: true });
}

export const redirectRoutes = ['/', '/index', '/home.html'].map((path) =>
  createRoute({ getParentRoute: () => rootRoute, path, beforeLoad: toHome }),
);
