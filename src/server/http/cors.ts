import { Header } from '../../contract/index.js';
import type { Config } from '../config.js';
import type { App } from '../context.js';
import { pathOf } from './client.js';

const ALLOWED_HEADERS = [
  'authorization',
  'content-type',
  Header.traceId,
  Header.userId,
  Header.account,
  Header.branchId,
  Header.deviceId,
  Header.appType,
].join(', ');

/**
 * The app's origin when it calls this service on other host names (STATIC_API_HOST / DYNAMIC_HOST):
 * PUBLIC_URL's origin. Null when everything is same-origin, the default.
 */
export function appOriginFor(config: Config): string | null {
  if (!config.staticApiHost && !config.dynamicHost) return null;
  try {
    return config.publicUrl ? new URL(config.publicUrl).origin : null;
  } catch {
    return null;
  }
}

/**
 * CORS for the app's own origin only, on /api and /media, when the app is configured to call other
 * host names. Preflights answer 204; nothing is allowed for any other origin.
 */
export function registerCors(app: App, config: Config) {
  const appOrigin = appOriginFor(config);
  if (!appOrigin) return;
  app.addHook('onRequest', async (request, reply) => {
    const path = pathOf(request.url);
    if (request.headers.origin !== appOrigin) return;
    if (!path.startsWith('/api/') && !path.startsWith('/media/')) return;
    reply.header('access-control-allow-origin', appOrigin);
    reply.header('vary', 'Origin');
    if (request.method === 'OPTIONS') {
      reply.header('access-control-allow-methods', 'GET, HEAD, POST');
      reply.header('access-control-allow-headers', ALLOWED_HEADERS);
      reply.header('access-control-max-age', '600');
      return reply.code(204).send();
    }
  });
}
