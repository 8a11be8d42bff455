import { Api, RecordsQuery } from '../../contract/index.js';
import type { RouteModule } from '../context.js';
import { requireUser } from '../http/auth.js';
import { ok } from '../http/reply.js';
import { coinRecords, rechargeRecords } from '../services/records.js';

/** 充值记录: the caller's recharge orders and coin ledger (identity from the session only). */
export const recordRoutes: RouteModule = (app, ctx) => {
  const { db } = ctx;

  app.get(
    Api.rechargeRecords,
    { schema: { querystring: RecordsQuery }, preHandler: requireUser },
    async (request) => ok(await rechargeRecords(db, request.user!.id, request.query.before)),
  );

  app.get(
    Api.coinRecords,
    { schema: { querystring: RecordsQuery }, preHandler: requireUser },
    async (request) => ok(await coinRecords(db, request.user!.id, request.query.before)),
  );
};
