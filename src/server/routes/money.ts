import { BuyData, Code, Msg } from '../../contract/index.js';
import type { RouteModule } from '../context.js';
import { route } from '../http/endpoint-route.js';
import { fail, ok } from '../http/reply.js';
import { boughtVods, buyChapter, buyVod, type BuyOutcome } from '../services/purchases.js';
import { rechargeData } from '../services/recharge.js';
import { dailySign } from '../services/signin.js';

function buyAnswer(outcome: BuyOutcome, notFoundMsg: string) {
  switch (outcome.status) {
    case 'not_found':
      return fail(Code.NO_CHAPTER, notFoundMsg);
    case 'not_enough_coins':
      return fail(Code.UNPAID, Msg.notEnoughCoins, { charged: 0, avaliableAmount: outcome.balance });
    default:
      return ok<BuyData>({ charged: outcome.charged, avaliableAmount: outcome.balance }, Msg.buySuccess);
  }
}

/** Coins: chapter and video buys, daily sign-in, the top-up page data and the bought-videos shelf. */
export const moneyRoutes: RouteModule = (app, ctx) => {
  const { db } = ctx;

  route(app, 'chapterBuy', async (request) =>
    buyAnswer(await buyChapter(db, request.user.id, request.query.chapterId, ctx.clock.now()), Msg.notFound),
  );

  route(app, 'vodBuy', async (request) =>
    buyAnswer(await buyVod(db, request.user.id, request.body.vodId, ctx.clock.now()), Msg.videoNotFound),
  );

  route(app, 'dailySign', async (request) => {
    const r = await dailySign(db, request.user.id, ctx.clock.now());
    if (!r.ok) return fail(Code.REFUSED, Msg.alreadySigned);
    return ok(
      {
        receiveCount: r.receiveCount,
        currentSignDay: r.currentSignDay,
        signedDay: r.signedDay,
        avaliableAmount: r.balance,
      },
      Msg.signSuccess,
    );
  });

  route(app, 'recharge', async (request) =>
    ok(await rechargeData(db, ctx.payProviders, request.user.id, request.query.appType, ctx.clock.now())),
  );

  route(app, 'vodOrders', async (request) => ok(await boughtVods(db, request.user.id, request.params.page)));
};
