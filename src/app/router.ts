import { QueryClient } from '@tanstack/react-query';
import { createRouter } from '@tanstack/react-router';
import { isRefusal } from './lib/api/http';
import { routeTree } from './routes/tree';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 60_000,
      gcTime: 30 * 60_000,
      // Once for a fault on the way (network, 5xx); a refusal given on purpose (404…) would be the same again.
      retry: (failures, err) => failures < 1 && !isRefusal(err),
      refetchOnWindowFocus: false,
      // Offline, catalogue reads still go out: the service worker answers them from its cache.
      networkMode: 'offlineFirst',
    },
  },
});

/**
 * The app's router, made when main.tsx asks: its route tree and browser history take a task of their own
 * after the one that evaluates the app's modules (together they were a long task on a phone's CPU).
 */
export const createAppRouter = () =>
  createRouter({
    routeTree,
    context: { queryClient },
    scrollRestoration: true,
    defaultPreload: 'intent',
    notFoundMode: 'root',
  });

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
