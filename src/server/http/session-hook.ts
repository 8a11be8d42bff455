import { Api, Code, Msg } from '../../contract/index.js';
import type { App, Ctx } from '../context.js';
import { resolveSession } from '../services/session.js';
import { bearerTokenOf, claimedIdentity, routePath } from './client.js';
import { fail } from './reply.js';

/**
 * Calls that establish an identity. They ignore whatever token or identity headers come along, so a
 * client holding a revoked token can still log in, register or recover its account.
 */
const IDENTITY_CALLS = new Set<string>([Api.register, Api.login, Api.findAccount]);
/** Provider callbacks carry no session. */
const PAY_NOTIFY_PREFIX = '/h5/pay/notify/';

/**
 * Sets request.user from the bearer token for /api/* and /h5/*. A token that is unknown, expired or
 * revoked, or identity headers (x-user-id, x-account) that do not match the token's user, get 401:
 * identity comes from the token only.
 */
export function registerSessionHook(app: App, ctx: Ctx) {
  app.addHook('onRequest', async (request, reply) => {
    const path = routePath(request);
    if (!path.startsWith('/api/') && !path.startsWith('/h5/')) return;
    if (IDENTITY_CALLS.has(path) || path.startsWith(PAY_NOTIFY_PREFIX)) return;

    const token = bearerTokenOf(request);
    const claimed = claimedIdentity(request);
    if (token === undefined && claimed.userId === undefined && claimed.account === undefined) return;

    const session = token === undefined ? null : await resolveSession(ctx.db, token);
    const matches =
      session !== null &&
      (claimed.userId === undefined || claimed.userId === String(session.userId)) &&
      (claimed.account === undefined || claimed.account === session.account);
    if (!session || !matches) {
      return reply.code(401).send(fail(Code.UNAUTHORIZED, Msg.loginRequired));
    }
    request.user = { id: session.userId, account: session.account, sessionId: session.sessionId };
  });
}
