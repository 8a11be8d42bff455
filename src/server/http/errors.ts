import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { Code, Msg } from '../../contract/index.js';
import { MediaUnavailableError } from '../media/unavailable.js';
import { HashingBusyError } from '../services/password-hasher.js';
import { RateLimitedError } from './rate-limits.js';
import { fail } from './reply.js';

const CHINESE = /[\u4e00-\u9fff]/;

/**
 * Every client mistake is a 4xx with a clear message; only our own faults are 500. Validation
 * failures show the spec's message when the schema carries one (e.g. 请输入正确的手机号).
 */
export function errorHandler(err: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (hasZodFastifySchemaValidationErrors(err)) {
    const first = err.validation.find((v) => CHINESE.test(v.message ?? ''))?.message;
    return reply.code(400).send(fail(400, first ?? Msg.badRequest));
  }
  if (err instanceof RateLimitedError || err instanceof HashingBusyError) {
    reply.header('retry-after', String(err instanceof RateLimitedError ? err.retryAfterSeconds : 1));
    return reply.code(429).send(fail(Code.RATE_LIMITED, Msg.tooManyAttempts));
  }
  if ((err as unknown) instanceof MediaUnavailableError) {
    // The media store is down (a playlist, a segment, an ad clip): the client may ask again; the
    // rest of the API is not affected, and this is no fault of ours to log as an error.
    request.log.warn({ err: err.message }, 'media store unavailable');
    return reply
      .code(503)
      .header('cache-control', 'no-store')
      .header('retry-after', String((err as unknown as MediaUnavailableError).retryAfterSeconds))
      .send(fail(503, Msg.serverError));
  }
  const status = typeof err.statusCode === 'number' ? err.statusCode : 500;
  if (status >= 400 && status < 500) {
    // Bad JSON, unsupported content type, body too large, malformed URL…
    return reply.code(status).send(fail(status, status === 404 ? Msg.notFound : Msg.badRequest));
  }
  request.log.error({ err }, 'unhandled error');
  return reply.code(500).send(fail(500, Msg.serverError));
}
