import formbody from '@fastify/formbody';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { Msg } from '../contract/index.js';
import type { Config } from './config.js';
import type { App, Ctx } from './context.js';
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

/** false: no logs; true: pino at config.logLevel; an object: pino options merged over that (e.g. a stream). */
export type LoggerOption = boolean | Record<string, unknown>;

/** Query values that must never reach a log line (the pay page carries the session token). */
const SECRET_QUERY = /([?&](?:token|password|sign)=)[^&]*/gi;
/**
 * A bought video's signed prefix (services/catalogue/vod-urls.ts: /s/{vodId}.{userId}.{exp}.{sig}/) is a
 * bearer credential until it expires: anyone reading the log could play the video as that buyer.
 */
const SIGNED_MEDIA = /(\/s\/\d+\.\d+\.\d+\.)[^/?#]+/g;
export const redactUrl = (url: string) =>
  url.replace(SECRET_QUERY, '$1[redacted]').replace(SIGNED_MEDIA, '$1[redacted]');

function loggerOptions(config: Config, logger: LoggerOption) {
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

/**
 * The Fastify app on a service context: API, media and the built PWA on one port. The composition root
 * (composition-root.ts) builds the context and calls this; nothing else does.
 */
export async function buildHttpApp(ctx: Ctx, logger: LoggerOption = false): Promise<App> {
  const { config } = ctx;
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
  app.decorate('checkAnswers', config.checkAnswers);
  app.setErrorHandler(errorHandler);
  await app.register(formbody);
  await registerCompression(app);
  registerSecurityHeaders(app, config);
  await registerRateLimits(app, config);

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

  await registerRoutes(app, ctx);
  await registerPwa(app, config);
  return app;
}
