import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';
import { freePort } from './server.js';

/**
 * A floor for Lighthouse's main-thread figures, served in the same run as the build: each landing page
 * as the server sends it (the same prerendered first screen, inlined styles and data) with every
 * script that would run taken out. What Lighthouse then counts as blocking time is the browser's own
 * work on that page on this host (parsing, style, layout, paint at 4× CPU), which no change to the
 * app's code can remove; the build's figure above it is what the app's code costs.
 *
 * Everything else (icons, manifest, images) is passed through to the build's server; the first
 * screen's pictures are not asked for (the script that decrypts them is gone), so the floor has no
 * LCP picture either.
 */
export interface NoScriptFloor {
  url: string;
  stop(): Promise<void>;
}

/** `<script>` elements that run: JSON data blocks stay, as bytes of the page. */
const RUNNABLE_SCRIPT = /<script\b(?![^>]*type="application\/json")[^>]*>[\s\S]*?<\/script>/g;
const MODULE_PRELOAD = /<link\b[^>]*rel="modulepreload"[^>]*>/g;

export function withoutScripts(html: string): string {
  return html.replace(RUNNABLE_SCRIPT, '').replace(MODULE_PRELOAD, '');
}

/** Headers a page or a file depends on, passed through as the browser sent them. */
const FORWARDED = ['user-agent', 'accept', 'cookie', 'accept-language'];

export async function startNoScriptFloor(base: string): Promise<NoScriptFloor> {
  const port = await freePort();
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    void (async () => {
      const headers: Record<string, string> = {};
      for (const h of FORWARDED) {
        const v = req.headers[h];
        if (typeof v === 'string') headers[h] = v;
      }
      const upstream = await fetch(base + (req.url ?? '/'), { headers, redirect: 'manual' });
      const type = upstream.headers.get('content-type') ?? 'application/octet-stream';
      let body = Buffer.from(await upstream.arrayBuffer());
      const out: Record<string, string> = { 'content-type': type, 'cache-control': 'no-store' };
      const location = upstream.headers.get('location');
      if (location) out.location = location;
      if (type.startsWith('text/html')) {
        // Compressed as the build's server sends it, so both pages cost the same on the simulated link.
        body = gzipSync(withoutScripts(body.toString('utf8')));
        out['content-encoding'] = 'gzip';
        out.vary = 'Accept-Encoding';
      }
      res.writeHead(upstream.status, out).end(body);
    })().catch((err: unknown) => {
      res.writeHead(502, { 'content-type': 'text/plain' }).end(String(err));
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
