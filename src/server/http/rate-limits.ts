import rateLimit from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import type { Config } from '../config.js';
import type { App } from '../context.js';
import { callerAddressOf } from './address-group.js';

/** Per-IP limits of the calls that guess or create accounts (route `config.rateLimit`). */
export const RateLimits = {
  register: { max: 10, timeWindow: 60_000 },
  login: { max: 10, timeWindow: 60_000 },
  findAccount: { max: 5, timeWindow: 10 * 60_000 },
  /** The complaint form of /h5/report. */
  report: { max: 10, timeWindow: 10 * 60_000 },
  /**
   * Player comments. The per-account limit (DANMU_POST_RATE) alone is no limit: anonymous accounts
   * cost one register call each. This caps an address at a few accounts' worth.
   */
  danmu: { max: 60, timeWindow: 60_000 },
} as const;

const MINUTE = 60_000;

/** Per-user and per-address limits of other calls that cost the server (http/caller-limits.ts). */
export const CallerLimitRules = {
  /** Hashes the password when one is sent. */
  bindMobile: { perUser: { max: 20, timeWindow: MINUTE }, perAddress: { max: 30, timeWindow: MINUTE } },
  /** Hashes the new password. */
  modifyPwd: { perUser: { max: 5, timeWindow: MINUTE }, perAddress: { max: 20, timeWindow: MINUTE } },
  /**
   * The app sends one mark per first visit, and a first visit registers (10 a minute per address):
   * the same pace per address; each mark stores a row of up to 2 KB.
   */
  userFromMark: {
    perUser: { max: 3, timeWindow: 10 * MINUTE },
    perAddress: { max: 10, timeWindow: MINUTE },
  },
  /**
   * Reads without a session (the app always has one). Signed-in reads are counted once per user,
   * chapter and day, and each anonymous account costs a rate-limited register.
   */
  readChapterAnonymous: { perAddress: { max: 60, timeWindow: MINUTE }, anonymousOnly: true },
  /**
   * Each contact left (QQ, mobile, …) stores a row; a person leaves one or two. Open to callers
   * without a session, so the address bounds the rows a script can write.
   */
  submitContact: {
    perUser: { max: 10, timeWindow: 10 * MINUTE },
    perAddress: { max: 20, timeWindow: MINUTE },
  },
  /** Each order is a row and a call to the pay provider. */
  payOrder: { perUser: { max: 20, timeWindow: MINUTE }, perAddress: { max: 60, timeWindow: MINUTE } },
} as const satisfies Record<string, CallerRules>;

/** What the error handler recognises and answers with Code.RATE_LIMITED. */
export interface CallRule {
  max: number;
  timeWindow: number;
}

export interface CallerRules {
  /** Per signed-in user (every session of an account shares it). */
  perUser?: CallRule;
  /** Per client address (its IPv6 /64 or IPv4 address: http/address-group.ts callerAddressOf). */
  perAddress?: CallRule;
  /** Count only callers without a session (signed-in callers are bounded some other way). */
  anonymousOnly?: boolean;
}

export class RateLimitedError extends Error {
  readonly statusCode = 429;
  constructor(readonly retryAfterSeconds: number) {
    super('rate limited');
  }
}

/**
 * @fastify/rate-limit with no global limit (only the routes above). With REDIS_URL the counters live
 * in Redis so every API node counts the same caller; without it each node counts on its own.
 * If Redis is unreachable a call is let through (the per-account counters in the database still
 * hold) rather than the whole sign-in path going down.
 */
export async function registerRateLimits(app: App, config: Config) {
  let redis: Redis | undefined;
  if (config.redisUrl) {
    redis = new Redis(config.redisUrl, {
      connectTimeout: 1000,
      maxRetriesPerRequest: 1,
      enableOfflineQueue: false,
      lazyConnect: true,
    });
    redis.on('error', (err: Error) => app.log.warn({ err: err.message }, 'rate-limit redis error'));
    // Calls before the connection is up would skip the limit: wait for it (it keeps retrying if down).
    await redis
      .connect()
      .catch((err: Error) => app.log.warn({ err: err.message }, 'rate-limit redis unavailable'));
    app.addHook('onClose', async () => {
      await redis?.quit().catch(() => redis?.disconnect());
    });
  }
  await app.register(rateLimit, {
    global: false,
    redis,
    nameSpace: 'inkreel-rl-',
    skipOnError: true,
    // One IPv6 host holds a whole /64: counted by the full address it would be 2^64 callers.
    keyGenerator: callerAddressOf,
    errorResponseBuilder: (_req, context) => new RateLimitedError(Math.ceil(context.ttl / 1000)),
  });
}
