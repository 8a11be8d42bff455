import { Code, Msg } from '../../contract/index.js';
import type { RouteModule } from '../context.js';
import { branchIdOf, deviceIdOf } from '../http/client.js';
import { route } from '../http/endpoint-route.js';
import { callerLimits } from '../http/caller-limits.js';
import { hashingGuard } from '../http/hashing-guard.js';
import { CallerLimitRules, RateLimits } from '../http/rate-limits.js';
import { fail, ok } from '../http/reply.js';
import {
  bindMobile,
  changePassword,
  findAccount,
  login,
  recordContact,
  recordUserMark,
  registerUser,
} from '../services/accounts.js';
import { isOwnDevice } from '../services/login-guard.js';
import { HashingBusyError } from '../services/password-hasher.js';
import { codeRefusalMessage } from '../services/sms/codes.js';
import { getUserInfo } from '../services/user-info.js';
import { callerAddressOf } from '../http/address-group.js';

const noStore = { 'cache-control': 'no-store' } as const;

/** Spec §7 account calls: register, login, info, bind mobile, change password, recovery, marks. */
export const accountRoutes: RouteModule = (app, ctx) => {
  // Calls that hash a password: rate limits, and a cap on each caller's hashing in progress.
  const { preHandler: loginGuard, ...loginHooks } = hashingGuard(app, ctx.hasher, 'login', {
    ownDevice: (request) =>
      isOwnDevice(ctx.db, (request.body as { account: string }).account.trim(), deviceIdOf(request)),
  });
  const { preHandler: bindGuard, ...bindHooks } = hashingGuard(
    app,
    ctx.hasher,
    'bind',
    CallerLimitRules.bindMobile,
  );
  const { preHandler: pwdGuard, ...pwdHooks } = hashingGuard(
    app,
    ctx.hasher,
    'pwd',
    CallerLimitRules.modifyPwd,
  );
  const { preHandler: findGuard, ...findHooks } = hashingGuard(app, ctx.hasher, 'find');
  const markLimits = callerLimits(app, 'mark', CallerLimitRules.userFromMark);
  const contactLimits = callerLimits(app, 'contact', CallerLimitRules.submitContact);

  route(
    app,
    'register',
    {
      // No hashing guard: a drawn password is hashed cheaply (passwords.ts, GENERATED_COST_LOG2), so a
      // crowd of new visitors neither waits for nor is refused by the queue that logins share.
      config: { rateLimit: RateLimits.register },
    },
    async (request, reply) => {
      const fromDomain = request.query.fromDomain?.trim() || null;
      const data = await registerUser(ctx, {
        fromDomain,
        deviceId: deviceIdOf(request),
        branchId: branchIdOf(request),
      });
      return reply.headers(noStore).send(ok(data));
    },
  );

  route(
    app,
    'login',
    {
      config: { rateLimit: RateLimits.login },
      preHandler: loginGuard,
      ...loginHooks,
    },
    async (request, reply) => {
      const outcome = await login(ctx, request.body, {
        deviceId: deviceIdOf(request),
        branchId: branchIdOf(request),
        address: callerAddressOf(request),
      });
      reply.headers(noStore);
      if (outcome.kind === 'throttled')
        return reply
          .code(429)
          .header('retry-after', String(outcome.retryAfterSeconds))
          .send(fail(Code.RATE_LIMITED, Msg.tooManyAttempts));
      if (outcome.kind === 'failed') return reply.send(fail(Code.REFUSED, Msg.loginFailed));
      return reply.send(ok(outcome.data));
    },
  );

  route(app, 'info', async (request, reply) =>
    reply.headers(noStore).send(ok(await getUserInfo(ctx.db, request.user.id, ctx.clock.now()))),
  );

  route(
    app,
    'bindMobile',
    {
      preHandler: bindGuard,
      ...bindHooks,
    },
    async (request) => {
      const { mobile, password, code } = request.body;
      const outcome = await bindMobile(ctx, request.user.id, mobile, password, code);
      switch (outcome.kind) {
        case 'ok':
          return ok(outcome.user, Msg.bindSuccess);
        case 'alreadyBound':
          return fail(Code.REFUSED, Msg.mobileAlreadyBound);
        case 'taken':
          return fail(Code.REFUSED, Msg.mobileTaken);
        case 'wrongPassword':
          return fail(Code.REFUSED, Msg.loginFailed);
        case 'badCode':
          return fail(Code.REFUSED, codeRefusalMessage[outcome.refusal]);
      }
    },
  );

  route(
    app,
    'modifyPwd',
    {
      preHandler: pwdGuard,
      ...pwdHooks,
    },
    async (request) => {
      const user = request.user;
      try {
        await changePassword(ctx, user.id, user.sessionId, request.body.password);
        return ok(null, Msg.pwdUpdated);
      } catch (err) {
        if (err instanceof HashingBusyError) throw err;
        request.log.error({ err }, 'password change failed');
        return fail(Code.REFUSED, Msg.pwdUpdateFailed);
      }
    },
  );

  route(
    app,
    'findAccount',
    {
      config: { rateLimit: RateLimits.findAccount },
      preHandler: findGuard,
      ...findHooks,
    },
    async (request, reply) => {
      reply.headers(noStore);
      const deviceId = deviceIdOf(request);
      // Recovery matches orders paid on this device: without a device id there is nothing to match.
      if (!deviceId) return reply.code(400).send(fail(400, Msg.badRequest));
      const outcome = await findAccount(ctx, deviceId, request.body.chargeTime);
      if (outcome.kind === 'throttled')
        return reply.code(429).send(fail(Code.RATE_LIMITED, Msg.tooManyAttempts));
      if (outcome.kind === 'notFound') return reply.send(fail(Code.NOT_FOUND, Msg.accountNotFound));
      return reply.send(ok(outcome.data));
    },
  );

  route(app, 'submitContact', { preHandler: contactLimits }, async (request) => {
    const b = request.body;
    // Who it is comes from the session, not from the form's userId.
    await recordContact(ctx.db, {
      userId: request.user?.id ?? null,
      visitorId: b.visitorId ?? null,
      contactType: b.contactType,
      contactPosition: b.contactPosition,
    });
    return ok(null);
  });

  route(app, 'userFromMark', { preHandler: markLimits }, async (request) => {
    await recordUserMark(ctx.db, request.user?.id ?? null, branchIdOf(request), request.body.referUrl);
    return ok(null);
  });
};
