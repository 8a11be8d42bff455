import type { FastifyReply, FastifyRequest } from 'fastify';
import { Code, Msg } from '../../contract/index.js';
import { fail } from './reply.js';

export interface AuthUser {
  id: number;
  account: string;
  /** The session the call came with (a password change keeps it and revokes the others). */
  sessionId: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the session plugin from the bearer token; null for a caller without a session. */
    user: AuthUser | null;
  }
}

/** preHandler for calls that need a signed-in (or anonymously registered) user. */
export async function requireUser(request: FastifyRequest, reply: FastifyReply) {
  if (!request.user) {
    return reply.code(401).send(fail(Code.UNAUTHORIZED, Msg.loginRequired));
  }
}
