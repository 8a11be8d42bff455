import type { FastifyRequest } from 'fastify';
import { DEVICE_ID_PATTERN, Header, TRACE_ID_PATTERN } from '../../contract/index.js';

type Headers = FastifyRequest['headers'];

const single = (v: string | string[] | undefined): string | undefined => (Array.isArray(v) ? v[0] : v);

/** The caller's trace id when it is well-formed; anything else is dropped, never logged raw. */
export function traceIdOf(headers: Headers): string | undefined {
  const v = single(headers[Header.traceId]);
  return v && TRACE_ID_PATTERN.test(v) ? v : undefined;
}

/** The device id header when well-formed (find_account matches orders by it). */
export function deviceIdOf(request: FastifyRequest): string | null {
  const v = single(request.headers[Header.deviceId]);
  return v && DEVICE_ID_PATTERN.test(v) ? v : null;
}

/** The branch (distribution channel) id header; 0 when missing or not a non-negative integer. */
export function branchIdOf(request: FastifyRequest): number {
  const v = single(request.headers[Header.branchId]);
  if (!v || !/^\d{1,9}$/.test(v)) return 0;
  return Number(v);
}

/** The bearer token of the Authorization header, or undefined without one. */
export function bearerTokenOf(request: FastifyRequest): string | undefined {
  const v = single(request.headers[Header.authorization]);
  const m = v ? /^Bearer\s+(\S+)\s*$/i.exec(v) : null;
  return m ? m[1] : undefined;
}

/** A header value the app sends for "nobody yet" counts as absent. */
const EMPTY_CLAIMS = new Set(['', '0', 'null', 'undefined']);

/** The identity the client claims in its headers (kept for tracing; must match the token). */
export function claimedIdentity(request: FastifyRequest) {
  const userId = single(request.headers[Header.userId])?.trim();
  const account = single(request.headers[Header.account])?.trim();
  return {
    userId: userId && !EMPTY_CLAIMS.has(userId) ? userId : undefined,
    account: account && !EMPTY_CLAIMS.has(account) ? account : undefined,
  };
}

/** Path without the query string. */
export const pathOf = (url: string) => {
  const q = url.indexOf('?');
  return q === -1 ? url : url.slice(0, q);
};

/**
 * The path of the route that answers the request (its pattern, e.g. `/h5/pay/notify/:provider`), for
 * rules that depend on which handler runs. The raw URL is not that: the router decodes it first, so
 * `/%61pi/user/info` reaches `/api/user/info` while its raw text does not start with `/api/`. An
 * unmatched request (a 404) keeps its raw path.
 */
export const routePath = (request: FastifyRequest) => request.routeOptions.url ?? pathOf(request.url);
