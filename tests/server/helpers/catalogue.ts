import { randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { z } from 'zod';
import { Api, envelope } from '../../../src/contract/index.js';

/** Headers of an anonymous app call (POSTs need the trace id: the CSRF guard asks for it). */
export const anonHeaders = () => ({ 'x-trace-id': `t-${randomBytes(6).toString('hex')}` });

const AnyEnvelope = envelope(z.unknown());

/** Asserts an HTTP 200 answer with result true and returns its data parsed by the contract schema. */
export function okData<T extends z.ZodTypeAny>(res: LightMyRequestResponse, schema: T): z.output<T> {
  expect(res.statusCode, res.body).toBe(200);
  const body = AnyEnvelope.parse(res.json());
  expect(body.result, res.body).toBe(true);
  expect(body.code).toBe(200);
  return schema.parse(body.data);
}

/** The envelope of any answer (result false included), with the data parsed by `schema`. */
export function envelopeOf<T extends z.ZodTypeAny>(res: LightMyRequestResponse, schema: T) {
  const body = AnyEnvelope.parse(res.json());
  return { ...body, data: schema.parse(body.data) as z.output<T> };
}

/** POST /api/vod/watch as the app sends it (form body), with the caller's headers. */
export const postWatch = (app: FastifyInstance, vodId: number | string, headers: Record<string, string>) =>
  app.inject({
    method: 'POST',
    url: Api.vodWatch,
    headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
    payload: `vodId=${vodId}`,
  });
