import type { RouteModule } from '../context.js';
import { route } from '../http/endpoint-route.js';
import { ok } from '../http/reply.js';
import { coinRecords, rechargeRecords } from '../services/records.js';

/** 充值记录: the caller's recharge orders and coin ledger (identity from the session only). */
export const recordRoutes: RouteModule = (app, ctx) => {
  const { db } = ctx;
  route(app, 'rechargeRecords', async (request) =>
    ok(await rechargeRecords(db, request.user.id, request.query.before, ctx.clock.now())),
  );
  route(app, 'coinRecords', async (request) =>
    ok(await coinRecords(db, request.user.id, request.query.before)),
  );
};
