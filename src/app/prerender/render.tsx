import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRouter, RouterProvider } from '@tanstack/react-router';
import { renderToStringAsync } from 'preact-render-to-string';
import type { BootEntry, PrerenderVisitor } from '../../contract';
import { setPrerenderAnswers } from '../lib/prerendering';
import { routeTree } from '../routes/tree';

/**
 * The first screen of a landing page, rendered on the server by the app's own components from the
 * answers the page carries inline (server/http/app-document.ts). Built by `vite build` into
 * dist/.ssr/ (vite.config.ts) and run in a worker thread of the server (server/http/prerender.ts).
 *
 * Two passes: the first lets the screen ask for what it needs; those reads are answered from the
 * inlined answers; the second renders with them. Reads with no inlined answer stay loading, as they
 * would on the phone for a moment.
 */
export async function renderFirstScreen(
  pageUrl: string,
  entries: BootEntry[],
  visitor: PrerenderVisitor,
): Promise<string> {
  const page = new URL(pageUrl);
  const url = page.pathname + page.search;
  // Screens read the page's address while rendering (links to our own pages); nothing else of a
  // browser is pretended: code that needs more runs in effects, which a server render never runs.
  (globalThis as { location?: unknown }).location = page;
  setPrerenderAnswers(entries, visitor);
  try {
    const queryClient = new QueryClient({
      defaultOptions: { queries: { retry: false, staleTime: Infinity, networkMode: 'always' } },
    });
    const router = createRouter({
      routeTree,
      context: { queryClient },
      history: createMemoryHistory({ initialEntries: [url] }),
      isServer: true,
    });
    await router.load();
    const app = () => (
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    );
    await renderToStringAsync(app());
    await Promise.allSettled(
      queryClient
        .getQueryCache()
        .getAll()
        .filter((q) => q.state.data === undefined)
        .map((q) => q.fetch()),
    );
    // What could not be answered renders as loading, not as failed.
    queryClient.removeQueries({ predicate: (q) => q.state.status === 'error' });
    return await renderToStringAsync(app());
  } finally {
    setPrerenderAnswers(undefined);
  }
}
