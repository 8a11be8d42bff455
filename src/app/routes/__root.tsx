import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Navigate, redirect } from '@tanstack/react-router';
import { AppLayout } from '../components/AppLayout';

export interface RouterContext {
  queryClient: QueryClient;
}

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** Which tab bar the screen shows (spec §2 tab bars). */
    tabs?: 'comic' | 'video';
  }
}

export const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: AppLayout,
  // Unknown paths go to '/' (which leads to /home).
  notFoundComponent: () => <Navigate to="/" replace />,
  beforeLoad: ({ location }) => {
    if (location.pathname === '/index.html') throw redirect({ to: '/home' });
  },
});
