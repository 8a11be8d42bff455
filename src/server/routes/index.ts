import type { App, Ctx, RouteModule } from '../context.js';

/** One line per route module; each area owns its module. */
const modules: RouteModule[] = [];

export async function registerRoutes(app: App, ctx: Ctx) {
  for (const m of modules) await m(app, ctx);
}
