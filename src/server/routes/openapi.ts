import type { RouteModule } from '../context.js';
import { buildOpenApiDocument, OPENAPI_PATH, packageVersion } from '../http/openapi.js';

/** GET /api/openapi.json: the API document, built once from the contract's table on first request. */
export const openApiRoutes: RouteModule = (app) => {
  let body: string | undefined;
  app.get(OPENAPI_PATH, async (_request, reply) => {
    body ??= JSON.stringify(buildOpenApiDocument(packageVersion()));
    return reply
      .header('cache-control', 'public, max-age=300')
      .type('application/json; charset=utf-8')
      .send(body);
  });
};
