import type { FastifyRequest } from 'fastify';
import type { App } from '../context.js';
import { RateLimitedError, type CallerRules } from './rate-limits.js';
import { callerAddressOf } from './address-group.js';

export type { CallerRules } from './rate-limits.js';

/**
 * A preHandler counting the call against its caller's user and address, each in its own
 * @fastify/rate-limit counter named `name` (in Redis when REDIS_URL is set, so all nodes count
 * together). Route `config.rateLimit` allows one limit per route; this gives a route both.
 */
export function callerLimits(app: App, name: string, rules: CallerRules) {
  const byUser = rules.perUser
    ? app.createRateLimit({
        ...rules.perUser,
        keyGenerator: (req: FastifyRequest) => `${name}:u:${req.user?.id ?? 0}`,
      })
    : null;
  const byAddress = rules.perAddress
    ? app.createRateLimit({
        ...rules.perAddress,
        keyGenerator: (req: FastifyRequest) => `${name}:a:${callerAddressOf(req)}`,
      })
    : null;
  return async (request: FastifyRequest) => {
    if (rules.anonymousOnly && request.user) return;
    for (const limiter of [request.user ? byUser : null, byAddress]) {
      if (!limiter) continue;
      const r = await limiter(request);
      if (!r.isAllowed && r.isExceeded) throw new RateLimitedError(Math.max(1, r.ttlInSeconds));
    }
  };
}
