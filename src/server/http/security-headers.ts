import helmet from 'helmet';
import { originOfHost, type Config } from '../config.js';
import type { App } from '../context.js';
import { cashierOrigins } from '../services/pay/providers.js';
import { prerenderScriptHash } from './prerender-page.js';
import { routePath } from './client.js';

/** The Content-Security-Policy for the built PWA and the server-rendered /h5 pages. */
export function cspDirectives(config: Config) {
  const hosts = [config.staticApiHost, config.dynamicHost, config.publicUrl]
    .map(originOfHost)
    .filter((o): o is string => o !== null);
  const self = ["'self'", ...new Set(hosts)];
  const https = config.publicUrl.startsWith('https://');
  return {
    defaultSrc: ["'self'"],
    // One inline script, named by its hash: the prerendered first screen's pictures and app start.
    scriptSrc: ["'self'", prerenderScriptHash(config.imageKey)],
    // Libraries (slider, player) set element styles at run time.
    styleSrc: ["'self'", "'unsafe-inline'"],
    // Images are fetched encrypted and shown from blob: URLs; small icons may be data: URLs.
    imgSrc: [...self, 'blob:', 'data:'],
    // hls.js plays through MediaSource (blob: URLs).
    mediaSrc: [...self, 'blob:', 'data:'],
    connectSrc: self,
    fontSrc: ["'self'", 'data:'],
    // The service worker is same-origin; hls.js starts its transmuxing worker from a blob: URL.
    workerSrc: ["'self'", 'blob:'],
    manifestSrc: ["'self'"],
    // The pay page embeds the cashier: the sandbox's is same-origin (or the dynamic host), a real
    // provider's is on its own origins.
    frameSrc: [...self, ...cashierOrigins(config)],
    frameAncestors: ["'self'"],
    formAction: self,
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    scriptSrcAttr: ["'none'"],
    // On plain http (local runs, tests) upgrading would break every subresource.
    upgradeInsecureRequests: https ? [] : null,
  };
}

export function registerSecurityHeaders(app: App, config: Config) {
  const https = config.publicUrl.startsWith('https://');
  const splitHosts = Boolean(config.staticApiHost || config.dynamicHost);
  // Helmet itself, built once. @fastify/helmet built a new helmet from these options on every request
  // (parsing the CSP again each time), about 4% of a chapter read's CPU (--cpu-prof, 2026-11-27); no
  // route here has options or nonces of its own, which is what that per-request build is for.
  const securityHeaders = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(config) },
    hsts: https ? { maxAge: 31536000, includeSubDomains: false } : false,
    // Media and API on another host of ours must stay loadable from the app's origin.
    crossOriginResourcePolicy: { policy: splitHosts ? 'cross-origin' : 'same-origin' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  app.addHook('onRequest', (request, reply, done) => {
    securityHeaders(request.raw, reply.raw, (err?: unknown) => done(err as Error | undefined));
  });
  // API answers can carry the caller's own bits (bought flags, balance, history): no shared cache may
  // keep them, and the browser asks again each time (the service worker keeps what works offline).
  app.addHook('onSend', async (request, reply) => {
    if (routePath(request).startsWith('/api/') && !reply.hasHeader('cache-control'))
      reply.header('cache-control', 'private, no-cache');
  });
}
