import { Readable } from 'node:stream';
import type { FastifyRequest, preParsingHookHandler } from 'fastify';

const rawBodies = new WeakMap<FastifyRequest, Buffer>();

/**
 * A route's preParsing hook that keeps the body's bytes as received, then hands the same bytes to the
 * usual parser (form or JSON). Pay notifies need them: WeChat Pay signs the raw body, and any
 * re-serialisation of the parsed JSON would not verify. Bounded like every body (the app's bodyLimit):
 * collection stops with 413 past it, before anything is parsed.
 */
export function keepRawBody(limit: number): preParsingHookHandler {
  return async (request, reply, payload) => {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of payload) {
      const buf = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
      size += buf.length;
      if (size > limit) {
        const err = new Error('Request body is too large') as Error & { statusCode: number };
        err.statusCode = 413;
        throw err;
      }
      chunks.push(buf);
    }
    const raw = Buffer.concat(chunks);
    rawBodies.set(request, raw);
    return Readable.from([raw]);
  };
}

/** The bytes keepRawBody saw for this request (empty when the request had no body). */
export function rawBodyOf(request: FastifyRequest): Buffer {
  return rawBodies.get(request) ?? Buffer.alloc(0);
}
