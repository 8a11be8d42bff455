import formbody from '@fastify/formbody';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { Msg } from '../contract/index.js';
import { makeCtx } from './bootstrap.js';
import type { Config } from './config.js';
import type { App, Ctx } from './context.js';
import type { Database } from './db/database.js';
import { traceIdOf } from './http/client.js';
import { registerCompression } from './http/compression.js';
import { registerCors } from './http/cors.js';
import { registerCsrfGuard } from './http/csrf.js';
import { route } from './http/endpoint-route.js';
import { errorHandler } from './http/errors.js';
import { registerNulGuard } from './http/nul-guard.js';
import { registerRateLimits } from './http/rate-limits.js';
import { fail, ok } from './http/reply.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { registerSessionHook } from './http/session-hook.js';
import { registerPwa } from './http/static-pwa.js';
import { registerRoutes } from './routes/index.js';
import { setAnswerChecks } from './http/endpoint-route.js';
import { setHashQueueMax } from './services/passwords.js';

export interface BuildOptions {
  config: Config;
  database: Database;
  /** false: no logs; true: pino at config.logLevel; an object: pino options merged over that (e.g. a stream). */
  logger?: boolean | Record<string, unknown>;
}

/** Query values that must never reach a log line (the pay page carries the session token). */
const SECRET_QUERY = /([?&](?:token|password|sign)=)[^&]*/gi;
export const redactUrl = (url: string) => url.replace(SECRET_QUERY, '$1[redacted]');

function loggerOptions(config: Config, logger: BuildOptions['logger']) {
  if (!logger) return false;
  return {
    level: config.logLevel,
    serializers: {
      req: (req: FastifyRequest) => ({ method: req.method, url: redactUrl(req.url), ip: req.ip }),
    },
    ...(typeof logger === 'object' ? logger : {}),
  };
}

export interface RouteEntry {
  methods: string[];
  url: string;
}
const routeTables = new WeakMap<object, RouteEntry[]>();
/** Every route the app registered, with its methods (tests enumerate them; nothing else reads this). */
export const listRoutes = (app: App): RouteEntry[] => routeTables.get(app) ?? [];

/** Builds the Fastify app: API, media and the built PWA on one port. */
export async function buildApp({ config, database, logger = false }: BuildOptions): Promise<App> {
  const app = Fastify({
    logger: loggerOptions(config, logger),
    trustProxy: config.trustProxy,
    bodyLimit: 64 * 1024,
    // A malformed URL (bad percent-encoding) fails before routing: answer it in our envelope too.
    frameworkErrors: (_err, _request, reply: FastifyReply) => {
      void reply.code(400).send(fail(400, Msg.badRequest));
    },
    // Every log line of a call carries the client's trace id, when it sent a well-formed one.
    childLoggerFactory(parent, bindings, opts, rawReq) {
      const traceId = traceIdOf(rawReq.headers);
      return parent.child(traceId ? { ...bindings, traceId } : bindings, opts);
    },
  }).withTypeProvider<ZodTypeProvider>();
  const routes: RouteEntry[] = [];
  routeTables.set(app, routes);
  app.addHook('onRoute', (route) => {
    routes.push({ methods: ([] as string[]).concat(route.method), url: route.url ?? route.path });
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('user', null);
  app.setErrorHandler(errorHandler);
  await app.register(formbody);
  await registerCompression(app);
  registerSecurityHeaders(app, config);
  await registerRateLimits(app, config);
  setHashQueueMax(config.hashQueueMax);

  const ctx: Ctx = await makeCtx(config, database);
  registerCors(app, config);
  registerCsrfGuard(app, config);
  registerSessionHook(app, ctx);
  registerNulGuard(app);

  route(app, 'health', async (request, reply) => {
    try {
      await sql`select 1`.execute(ctx.db);
      return reply.header('cache-control', 'no-store').send(ok({ status: 'ok' as const, db: ctx.dialect }));
    } catch (err) {
      request.log.error({ err }, 'health check failed');
      return reply.code(503).header('cache-control', 'no-store').send(fail(503, Msg.serverError));
    }
  });

  setAnswerChecks(config.checkAnswers);
  await registerRoutes(app, ctx);
  await registerPwa(app, config);
  return app;
}
