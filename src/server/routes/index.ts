import type { App, Ctx, RouteModule } from '../context.js';
import { accountRoutes } from './accounts.js';
import { adMediaRoutes } from './ad-media.js';
import { bookRoutes } from './books.js';
import { commonRoutes } from './common.js';
import { mediaRoutes } from './media.js';
import { moneyRoutes } from './money.js';
import { openApiRoutes } from './openapi.js';
import { payRoutes } from './pay.js';
import { qrRoutes } from './qr.js';
import { recordRoutes } from './records.js';
import { smsRoutes } from './sms.js';
import { vodRoutes } from './vods.js';

/** One line per route module; each area owns its module. */
const modules: RouteModule[] = [
  accountRoutes,
  adMediaRoutes,
  bookRoutes,
  commonRoutes,
  mediaRoutes,
  moneyRoutes,
  openApiRoutes,
  payRoutes,
  qrRoutes,
  recordRoutes,
  smsRoutes,
  vodRoutes,
];

export async function registerRoutes(app: App, ctx: Ctx) {
  for (const m of modules) await m(app, ctx);
}
