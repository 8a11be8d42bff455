import { Code, Msg, SendBindCodeData, smsResendWait } from '../../contract/index.js';
import type { RouteModule } from '../context.js';
import { deviceIdOf } from '../http/client.js';
import { route } from '../http/endpoint-route.js';
import { fail, ok } from '../http/reply.js';
import { renderSmsOutbox } from '../http/sms-outbox-page.js';
import { sendBindCode } from '../services/sms/codes.js';
import { recentOutbox, SMS_SANDBOX } from '../services/sms/sandbox/provider.js';
import { callerAddressOf } from '../http/address-group.js';

/** Per-address burst guard in front of the daily caps (which live in the database, shared by nodes). */
const SEND_BURST = { max: 10, timeWindow: 60_000 } as const;

/** The SMS code that binding a mobile needs, and the sandbox provider's test outbox. */
export const smsRoutes: RouteModule = (app, ctx) => {
  const provider = ctx.smsProviders.primary;
  const sandbox = provider.name === SMS_SANDBOX;
  if (sandbox && process.env.NODE_ENV === 'production')
    app.log.warn(
      'SMS_PROVIDER=sandbox in production: no text message is sent, bind codes are readable at /h5/sms/outbox',
    );

  route(app, 'sendBindCode', { config: { rateLimit: SEND_BURST } }, async (request, reply) => {
    reply.headers({ 'cache-control': 'no-store' });
    const outcome = await sendBindCode(
      ctx.db,
      provider,
      {
        userId: request.user.id,
        mobile: request.body.mobile,
        deviceId: deviceIdOf(request),
        address: callerAddressOf(request),
      },
      ctx.clock.now(),
    );
    switch (outcome.kind) {
      case 'sent': {
        const data: SendBindCodeData = { resendAfter: outcome.resendAfter, expiresIn: outcome.expiresIn };
        if (provider.outboxPath) data.outboxUrl = `${ctx.config.publicUrl}${provider.outboxPath}`;
        return reply.send(ok(data, Msg.smsCodeSent));
      }
      case 'cooldown':
        return reply.send(
          fail(Code.RATE_LIMITED, smsResendWait(outcome.resendAfter), { resendAfter: outcome.resendAfter }),
        );
      case 'limited':
        return reply.code(429).send(fail(Code.RATE_LIMITED, Msg.smsDailyLimit));
      case 'alreadyBound':
        return reply.send(fail(Code.REFUSED, Msg.mobileAlreadyBound));
      case 'failed': {
        const at = { provider: provider.name, failure: outcome.failure, reason: outcome.reason };
        // The operator must act on a refused account, key, sign name or template; the rest is weather.
        if (outcome.failure === 'misconfigured') request.log.error(at, 'sms provider refuses our account');
        else request.log.warn(at, 'sms send failed');
        if (outcome.failure === 'throttled')
          return reply.code(429).send(fail(Code.RATE_LIMITED, Msg.smsProviderThrottled));
        if (outcome.failure === 'badNumber') return reply.send(fail(Code.REFUSED, Msg.badMobile));
        return reply.send(fail(Code.REFUSED, Msg.smsSendFailed));
      }
    }
  });

  // Only the sandbox has an outbox; with a real provider the path stays unknown (404).
  if (sandbox) {
    route(app, 'smsOutbox', async (request, reply) => {
      const entries = await recentOutbox(ctx.db, ctx.clock.now(), request.query.mobile);
      return reply
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(renderSmsOutbox(entries, request.query.mobile));
    });
  }
};
