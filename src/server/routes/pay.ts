import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { RouteModule } from '../context.js';
import { callerLimits } from '../http/caller-limits.js';
import { branchIdOf, deviceIdOf } from '../http/client.js';
import { route } from '../http/endpoint-route.js';
import type { NotifyAnswer } from '../ports/pay-provider.js';
import { CallerLimitRules } from '../http/rate-limits.js';
import { keepRawBody, rawBodyOf } from '../http/raw-body.js';
import { fail, ok } from '../http/reply.js';
import {
  applyOrder,
  createOrder,
  handleNotify,
  PayInputError,
  PayProviderUnavailable,
  type OrderDeps,
} from '../services/orders.js';
import {
  CASHIER_CSS,
  cashierState,
  findPayment,
  payAtCashier,
  renderCashier,
} from '../services/pay/sandbox/cashier.js';
import { SANDBOX_NOTIFY_JOB } from '../services/pay/sandbox/notifier.js';
import { handleRefundNotify } from '../services/refunds/notify.js';
import { SANDBOX } from '../services/pay/sandbox/provider.js';
import { safeReturnUrl } from '../http/safe-urls.js';

/**
 * A notify's answer as its provider expects it: WeChat Pay acknowledges with 204 and no body, the
 * others with text (Alipay: exactly "success"); WeChat's refusal is JSON.
 */
function sendNotifyAnswer(reply: FastifyReply, answer: NotifyAnswer) {
  if (answer.status === 204) return reply.code(204).send();
  return reply
    .code(answer.status)
    .type(answer.contentType ?? 'text/plain; charset=utf-8')
    .send(answer.body);
}

/** A provider's notify is a small form or JSON document; anything past this is not one. */
const NOTIFY_BODY_LIMIT = 16 * 1024;

const TradeNoParams = z.object({ tradeNo: z.string().regex(/^SB[0-9a-f]{32}$/) });

/** The origin the caller used; only ever compared against, never fetched. */
const requestOrigin = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

function ownOrigins(request: FastifyRequest, publicUrl: string): string[] {
  const origins = [requestOrigin(request)];
  if (publicUrl) origins.push(new URL(publicUrl).origin);
  return origins;
}

/** Top-up: create and apply orders, provider notifications, and the sandbox provider's cashier. */
export const payRoutes: RouteModule = (app, ctx) => {
  const { db, config } = ctx;
  const deps: OrderDeps = { db, config, providers: ctx.payProviders, clock: ctx.clock };

  // Each order is a row and a call to the pay provider: limited per user and per address.
  const orderGate = callerLimits(app, 'order', CallerLimitRules.payOrder);
  route(app, 'pay', { preHandler: orderGate }, async (request, reply) => {
    try {
      const data = await createOrder(deps, {
        userId: request.user.id,
        deviceId: deviceIdOf(request),
        body: request.body,
        returnUrl: safeReturnUrl(request.body.returnUrl, ownOrigins(request, config.publicUrl)),
        branchId: branchIdOf(request),
        apiUrl: requestOrigin(request),
        host: request.hostname,
        payerIp: request.ip,
      });
      return ok(data);
    } catch (err) {
      if (err instanceof PayInputError) return reply.code(400).send(fail(400, err.message));
      if (err instanceof PayProviderUnavailable) {
        request.log.warn(
          { provider: err.provider, reason: err.reason },
          'pay provider could not open a payment',
        );
        return reply.code(503).send(fail(503, err.message));
      }
      throw err;
    }
  });

  // A browser navigation: authenticated by the signed single-use ticket, not by a session header.
  route(app, 'payApply', async (request, reply) => {
    try {
      const r = await applyOrder(deps, request.query);
      if (r.initiator === 'wap_pay') return reply.redirect(r.payUrl, 302);
      return ok(r.data);
    } catch (err) {
      if (err instanceof PayInputError) return reply.code(400).send(fail(400, err.message));
      throw err;
    }
  });

  route(app, 'payNotify', { preParsing: keepRawBody(NOTIFY_BODY_LIMIT) }, async (request, reply) => {
    const r = await handleNotify(deps, request.params.provider, {
      headers: request.headers,
      body: request.body,
      rawBody: rawBodyOf(request),
    });
    if (r.outcome === 'rejected')
      request.log.warn({ provider: request.params.provider, detail: r.detail }, 'pay notification rejected');
    else if (r.outcome === 'late')
      request.log.warn({ provider: request.params.provider }, 'pay notification after the order expired');
    else if (r.outcome === 'ignored' && r.detail?.includes('credited_not_paid'))
      request.log.warn(
        { provider: request.params.provider, detail: r.detail },
        'pay notification: a credited order reported closed at the provider: recorded for reconciliation',
      );
    else if (r.outcome === 'uncredited')
      request.log.warn(
        { provider: request.params.provider },
        'payment for an order already closed: recorded for reconciliation, not credited',
      );
    return sendNotifyAnswer(reply, r);
  });

  // Where a provider sends word of a refund (WeChat Pay's refund notify_url): verified like payNotify.
  route(app, 'payRefundNotify', { preParsing: keepRawBody(NOTIFY_BODY_LIMIT) }, async (request, reply) => {
    const r = await handleRefundNotify(
      { db, providers: ctx.payProviders, clock: ctx.clock },
      request.params.provider,
      { headers: request.headers, body: request.body, rawBody: rawBodyOf(request) },
    );
    if (r.outcome === 'rejected')
      request.log.warn(
        { provider: request.params.provider, detail: r.detail },
        'refund notification rejected',
      );
    return sendNotifyAnswer(reply, r);
  });

  // The sandbox's cashier is its side of the payment: there only when PAY_PROVIDER names it.
  if (!ctx.payProviders.get(SANDBOX)) return;

  app.get('/h5/sandbox/cashier.css', async (_request, reply) =>
    reply.type('text/css; charset=utf-8').header('cache-control', 'public, max-age=3600').send(CASHIER_CSS),
  );

  app.get('/h5/sandbox/cashier/:tradeNo', { schema: { params: TradeNoParams } }, async (request, reply) => {
    const p = await findPayment(db, request.params.tradeNo);
    reply.header('cache-control', 'no-store');
    if (!p)
      return reply
        .code(404)
        .type('text/html; charset=utf-8')
        .send('<!doctype html><title>订单不存在</title><p>订单不存在</p>');
    return reply.type('text/html; charset=utf-8').send(renderCashier(p, cashierState(p, ctx.clock.now())));
  });

  app.post(
    '/h5/sandbox/cashier/:tradeNo/pay',
    { schema: { params: TradeNoParams } },
    async (request, reply) => {
      const r = await payAtCashier(db, config, request.params.tradeNo, ctx.clock.now());
      if (r.outcome === 'not_found') return reply.code(404).send(fail(404, 'not found'));
      if (r.outcome === 'expired' || r.outcome === 'closed') {
        const p = await findPayment(db, request.params.tradeNo);
        return reply
          .code(410)
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-store')
          .send(renderCashier(p!, r.outcome));
      }
      // Deliver the notification now rather than at the job's next pass.
      if (r.outcome === 'paid') ctx.jobs.runSoon(SANDBOX_NOTIFY_JOB);
      return reply.redirect(safeReturnUrl(r.returnUrl, ownOrigins(request, config.publicUrl)), 303);
    },
  );

  app.post(
    '/h5/sandbox/cashier/:tradeNo/cancel',
    { schema: { params: TradeNoParams } },
    async (request, reply) => {
      const p = await findPayment(db, request.params.tradeNo);
      if (!p) return reply.code(404).send(fail(404, 'not found'));
      return reply.redirect(safeReturnUrl(p.return_url, ownOrigins(request, config.publicUrl)), 303);
    },
  );
};
