import { Header, Msg } from '../../contract/index.js';
import type { Config } from '../config.js';
import type { App } from '../context.js';
import { appOriginFor } from './cors.js';
import { routePath } from './client.js';
import { fail } from './reply.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const PAY_NOTIFY_PREFIX = '/h5/pay/notify/';

/**
 * Cross-site request forgery guard. A form-encoded POST from another site needs no CORS preflight,
 * so an unsafe /api call must carry the app's custom trace-id header (which no cross-site form can
 * add) and must not be marked cross-site by the browser. /h5 pages post plain forms, so there only
 * the browser's cross-site marks count. Provider notifications come from other servers by design.
 */
export function registerCsrfGuard(app: App, config: Config) {
  // The app itself on another site (split hosts): its calls are cross-site by design.
  const appOrigin = appOriginFor(config);
  app.addHook('onRequest', async (request, reply) => {
    if (SAFE_METHODS.has(request.method)) return;
    const path = routePath(request);
    const api = path.startsWith('/api/');
    if (!api && !path.startsWith('/h5/')) return;
    if (path.startsWith(PAY_NOTIFY_PREFIX)) return;

    const crossSite =
      request.headers['sec-fetch-site'] === 'cross-site' &&
      !(api && appOrigin && request.headers.origin === appOrigin);
    const traceHeader = request.headers[Header.traceId];
    const missingHeader = api && (typeof traceHeader !== 'string' || traceHeader.trim() === '');
    if (crossSite || missingHeader || (!api && foreignOrigin(request.headers.origin, request.host))) {
      return reply.code(403).send(fail(403, Msg.badRequest));
    }
  });
}

/**
 * An Origin header naming another host than the one called (older browsers send no Sec-Fetch-*).
 * Host names are compared without ports: a default port may or may not be spelled out.
 */
function foreignOrigin(origin: string | undefined, host: string): boolean {
  if (!origin) return false;
  if (origin === 'null') return true;
  try {
    return new URL(origin).hostname !== new URL(`http://${host}`).hostname;
  } catch {
    return true;
  }
}
