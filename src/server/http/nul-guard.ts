import { Msg } from '../../contract/index.js';
import type { App } from '../context.js';
import { pathOf } from './client.js';
import { fail } from './reply.js';

/** Deeper than any request shape we accept; a deeper value is refused rather than walked. */
const MAX_DEPTH = 8;

/** Whether a parsed body, query or params value holds a NUL character anywhere (keys included). */
export function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (value === null || typeof value !== 'object') return false;
  if (depth >= MAX_DEPTH) return true;
  if (Array.isArray(value)) return value.some((v) => holdsNul(v, depth + 1));
  return Object.entries(value).some(([k, v]) => k.includes('\u0000') || holdsNul(v, depth + 1));
}

/**
 * PostgreSQL text cannot hold U+0000: a NUL reaching an insert or a comparison fails the query (a 500
 * on the PostgreSQL deployment only, while SQLite stores it). No field of the contract has a use for
 * it, so a call with one in its body or query is refused as bad input before validation. Path
 * parameters all match strict patterns already, and media paths keep their own 4xx answers.
 */
export function registerNulGuard(app: App) {
  app.addHook('preValidation', async (request, reply) => {
    if (pathOf(request.url).startsWith('/media/')) return;
    if (holdsNul(request.query) || holdsNul(request.body)) {
      return reply.code(400).send(fail(400, Msg.badRequest));
    }
  });
}
