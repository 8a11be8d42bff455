import type { FastifyRequest } from 'fastify';
import type { App } from '../context.js';
import { HashingBusyError, type PasswordHasher } from '../services/password-hasher.js';
import { callerLimits, type CallerRules } from './caller-limits.js';
import { RateLimitedError } from './rate-limits.js';
import { callerAddressOf } from './address-group.js';

/**
 * Calls that run a password hash at full cost (login, bind_mobile, modifyPwd, find_account). Besides
 * their rate limits, one user may have one such call in progress and one address two: a flood from
 * one caller then holds at most two of the node's hashing slots, and the bounded queue in
 * password-hasher.ts refuses the rest of the world's excess, so other users' logins keep their speed. Calls
 * beyond what that queue can hold are refused at the door, before any database work.
 */
export const HASHING_IN_FLIGHT = { perUser: 1, perAddress: 2 } as const;

const inFlight = new Map<string, number>();
const HELD = Symbol('hashing-held');
const TICKET = Symbol('hashing-ticket');
type Held = FastifyRequest & { [HELD]?: string[]; [TICKET]?: PasswordHasher };

function take(keys: string[], limits: number[]): boolean {
  if (keys.some((k, i) => (inFlight.get(k) ?? 0) >= limits[i]!)) return false;
  for (const k of keys) inFlight.set(k, (inFlight.get(k) ?? 0) + 1);
  return true;
}

function release(request: Held) {
  request[TICKET]?.returnTicket();
  request[TICKET] = undefined;
  for (const k of request[HELD] ?? []) {
    const n = (inFlight.get(k) ?? 1) - 1;
    if (n <= 0) inFlight.delete(k);
    else inFlight.set(k, n);
  }
  request[HELD] = [];
}

/** Route options for a hashing call: `{ preHandler: [...own, guard.preHandler], onResponse, onRequestAbort }`. */
export function hashingGuard(
  app: App,
  hasher: PasswordHasher,
  name: string,
  rules: CallerRules & {
    /** Whether the call comes from the account owner's own device (places are kept for it). */
    ownDevice?: (request: FastifyRequest) => Promise<boolean>;
  } = {},
) {
  const limits = callerLimits(app, name, rules);
  return {
    preHandler: async (request: FastifyRequest) => {
      await limits(request);
      const keys = [`a:${callerAddressOf(request)}`];
      const caps: number[] = [HASHING_IN_FLIGHT.perAddress];
      if (request.user) {
        keys.push(`u:${request.user.id}`);
        caps.push(HASHING_IN_FLIGHT.perUser);
      }
      if (!take(keys, caps)) throw new RateLimitedError(1);
      (request as Held)[HELD] = keys;
      // Only asked when the ordinary places are taken: a database read, not paid on every call.
      const own = hasher.doorFull() && rules.ownDevice ? await rules.ownDevice(request) : false;
      if (!hasher.takeTicket(own)) throw new HashingBusyError();
      (request as Held)[TICKET] = hasher;
    },
    onResponse: async (request: FastifyRequest) => release(request as Held),
    onRequestAbort: async (request: FastifyRequest) => release(request as Held),
  };
}
