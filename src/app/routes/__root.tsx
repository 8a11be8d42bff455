import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Navigate, redirect } from '@tanstack/react-router';
import { lazy } from 'react';
import { AppLayout } from '../components/AppLayout';

// The download queue and smart downloads run on any screen, loaded after the first paint.
const DownloadsAgent = lazy(() => import('../features/downloads/DownloadsAgent'));

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
  component: () => <AppLayout background={<DownloadsAgent />} />,
  // Unknown paths go to '/' (which leads to /home).
  notFoundComponent: () => <Navigate to="/" replace />,
  beforeLoad: ({ location }) => {
    if (location.pathname === '/index.html') throw redirect({ to: '/home' });
  },
});
