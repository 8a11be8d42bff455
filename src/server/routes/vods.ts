import { Code, DanmuMsg, Msg } from '../../contract/index.js';
import type { RouteModule } from '../context.js';
import { route } from '../http/endpoint-route.js';
import { RateLimits } from '../http/rate-limits.js';
import { fail, ok } from '../http/reply.js';
import { searchVods } from '../services/catalogue/search.js';
import { postVodDanmu } from '../services/catalogue/vod-danmu.js';
import { vodFullPlayUrl, vodIndex, vodInfo, vodPage, vodWatch } from '../services/catalogue/vods.js';

/** Video catalogue calls of spec §7 (vod/order/page and vod/buy are the money module's). */
export const vodRoutes: RouteModule = (app, ctx) => {
  const { db } = ctx;

  route(app, 'vodIndex', async () => ok(await vodIndex(db)));

  route(app, 'vodPage', async (req) => ok(await vodPage(db, req.params.category, req.params.page)));

  route(app, 'vodSearch', async (req) => ok(await searchVods(db, req.query.content, req.query.currentPage)));

  route(app, 'vodInfo', async (req) => {
    const info = await vodInfo(db, req.params.vodId);
    return info ? ok(info) : fail(Code.NOT_FOUND, Msg.videoNotFound);
  });

  route(app, 'vodWatch', async (req) => {
    const vod = await vodWatch(ctx, req.user.id, req.body.vodId, ctx.clock.now());
    return vod ? ok(vod) : fail(Code.NOT_FOUND, Msg.videoNotFound);
  });

  route(app, 'vodPlayUrl', async (req) => {
    const url = await vodFullPlayUrl(ctx, req.user.id, req.body.vodId);
    if (url === 'notFound') return fail(Code.NOT_FOUND, Msg.videoNotFound);
    if (url === 'locked') return fail(Code.REFUSED, Msg.loadFailed);
    return ok({ vodPlayUrl: url });
  });

  route(app, 'vodDanmu', { config: { rateLimit: RateLimits.danmu } }, async (req, reply) => {
    const outcome = await postVodDanmu(db, ctx.config, req.user.id, req.body);
    if (outcome.kind === 'throttled')
      return reply.code(429).send(fail(Code.RATE_LIMITED, Msg.tooManyAttempts));
    if (outcome.kind === 'notFound') return fail(Code.NOT_FOUND, Msg.videoNotFound);
    if (outcome.kind === 'forbidden') return fail(Code.REFUSED, DanmuMsg.forbidden);
    return ok(outcome.danmu);
  });
};
