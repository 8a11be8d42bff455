import type { FastifyInstance, FastifyBaseLogger, RawServerDefault } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { Config } from './config.js';
import type { Dialect } from './db/portable.js';
import type { DB } from './db/schema.js';

/** What services need: the database, its dialect, configuration and the image key. */
export interface Ctx {
  db: Kysely<DB>;
  dialect: Dialect;
  config: Config;
  imageKey: CryptoKey;
}

export type App = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** Every route module exports one of these; routes/index.ts registers them all. */
export type RouteModule = (app: App, ctx: Ctx) => void | Promise<void>;
