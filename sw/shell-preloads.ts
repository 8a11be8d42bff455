/// <reference lib="webworker" />
import screens from 'virtual:shell-preloads';

/**
 * The shell the worker answers a navigation with is the same index.html for every page: it names the
 * entry's chunks, and the screen's own chunks are asked for only once the entry has run and the router
 * has picked the route. For a landing screen (a chapter reopened from the home screen, a book's page)
 * the worker names that route's chunks in the shell too (modulepreload), so they come from its cache
 * together with the entry. The list is fixed at build time (vite.config.ts, shellPreloads).
 */
const routes = screens.map((s) => ({ path: new RegExp(s.path), files: s.files }));

export function routePreloads(pathname: string): string[] {
  return routes.find((r) => r.path.test(pathname))?.files ?? [];
}

export async function withRoutePreloads(shell: Response, url: URL): Promise<Response> {
  const files = routePreloads(url.pathname);
  if (!files.length || !shell.ok) return shell;
  const html = await shell.text();
  const links = files.map((f) => `<link rel="modulepreload" crossorigin href="${f}">`).join('');
  return new Response(html.replace('</head>', `${links}</head>`), {
    status: shell.status,
    statusText: shell.statusText,
    headers: shell.headers,
  });
}
