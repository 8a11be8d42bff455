import type { FastifyInstance, FastifyBaseLogger, RawServerDefault } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { Config } from './config.js';
import type { Dialect } from './db/portable.js';
import type { DB } from './db/schema.js';
import type { PasswordHasher } from './services/password-hasher.js';
import type { MediaStore } from './ports/media-store.js';
import type { PayProvider } from './ports/pay-provider.js';
import type { ProviderRegistry } from './ports/providers.js';
import type { SmsProvider } from './ports/sms-provider.js';
import type { Clock } from './ports/clock.js';
import type { Jobs } from './ports/jobs.js';
import type { CatalogueStore } from './ports/catalogue-store.js';

/** What services need: the database, its dialect, configuration, the image key, the clock, jobs, stores and providers. */
export interface Ctx {
  db: Kysely<DB>;
  dialect: Dialect;
  config: Config;
  imageKey: CryptoKey;
  /** This node's password hashing and its bounded queue (HASH_QUEUE_MAX). */
  hasher: PasswordHasher;
  /** Pictures, video files and ad clips by content key (media/keys.ts); never a file path. */
  media: MediaStore;
  /** The pay providers PAY_PROVIDER configured (pay_channels.provider names one). */
  payProviders: ProviderRegistry<PayProvider>;
  /** The SMS provider SMS_PROVIDER configured (its primary). */
  smsProviders: ProviderRegistry<SmsProvider>;
  /** "Now" for every rule: money, SMS codes, days, order expiry, VIP. */
  clock: Clock;
  /** Background work, claimed in the database (started only by a listening server). */
  jobs: Jobs;
  /** Catalogue writes (seed, ingest, operators). */
  catalogue: CatalogueStore;
}

/** What tests (and later other roots) may pass instead of what makeCtx builds from configuration. */
export type CtxOverrides = Partial<Omit<Ctx, 'db' | 'dialect' | 'config' | 'imageKey'>>;

export type App = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** Every route module exports one of these; routes/index.ts registers them all. */
export type RouteModule = (app: App, ctx: Ctx) => void | Promise<void>;
