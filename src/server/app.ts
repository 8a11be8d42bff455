import formbody from '@fastify/formbody';
import Fastify from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { Code, Msg, importImageKey } from '../contract/index.js';
import type { Config } from './config.js';
import type { App, Ctx } from './context.js';
import type { Database } from './db/database.js';
import { fail } from './http/reply.js';
import { registerRoutes } from './routes/index.js';

export interface BuildOptions {
  config: Config;
  database: Database;
  logger?: boolean | object;
}

/** Builds the Fastify app: API, media and the built PWA on one port. */
export async function buildApp({ config, database, logger = false }: BuildOptions): Promise<App> {
  const app = Fastify({ logger, trustProxy: true, bodyLimit: 64 * 1024 }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('user', null);
  await app.register(formbody);

  app.setErrorHandler((err, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(err)) {
      const first = err.validation[0]?.message;
      return reply.code(400).send(fail(400, first && /[\u4e00-\u9fff]/.test(first) ? first : Msg.badRequest));
    }
    const status = (err as { statusCode?: number }).statusCode ?? 500;
    if (status < 500) return reply.code(status).send(fail(status, Msg.badRequest));
    request.log.error({ err }, 'unhandled error');
    return reply.code(500).send(fail(500, Msg.serverError));
  });

  const ctx: Ctx = {
    db: database.db,
    dialect: database.dialect,
    config,
    imageKey: await importImageKey(config.imageKey),
  };
  await registerRoutes(app, ctx);
  return app;
}
