import type {
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  preHandlerAsyncHookHandler,
  RouteHandlerMethod,
  RouteShorthandOptions,
} from 'fastify';
import {
  answerSchemas,
  endpoints,
  endpointSchemas,
  type DataOf,
  type EndpointId,
  type EndpointSchemas,
  type FailDataOf,
  type ParsedPart,
} from '../../contract/index.js';
import type { App } from '../context.js';
import { requireUser, type AuthUser } from './auth.js';

/**
 * The request of call K as its handler sees it: params, query and body parsed by the call's schemas, and
 * for a user call (the table's auth 'user', checked by requireUser before the handler) a user that is
 * there: handlers never assert it.
 */
export type EndpointRequest<K extends EndpointId> = FastifyRequest<{
  Params: ParsedPart<K, 'params'>;
  Querystring: ParsedPart<K, 'query'>;
  Body: ParsedPart<K, 'body'>;
}> &
  ((typeof endpoints)[K]['auth'] extends 'user' ? { user: AuthUser } : unknown);

/** What a handler may answer: the call's envelope (granted data or a refusal), or the reply it sent. */
export type EndpointAnswer<K extends EndpointId> =
  { result: boolean; code: number | string; msg: string; data: DataOf<K> | FailDataOf<K> } | FastifyReply;

type Handler<K extends EndpointId> = (
  request: EndpointRequest<K>,
  reply: FastifyReply,
) => Promise<EndpointAnswer<K>> | EndpointAnswer<K>;

type Hook = preHandlerAsyncHookHandler | ((request: FastifyRequest, reply: FastifyReply) => Promise<unknown>);

export interface EndpointOptions extends Omit<RouteShorthandOptions, 'schema' | 'preHandler'> {
  preHandler?: Hook | Hook[];
  /** Replaces the table's validation of a part (the report form re-renders its own errors). */
  schema?: Partial<Pick<FastifySchema, 'body' | 'querystring' | 'params'>>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Whether this app's routes check their answers (config.checkAnswers; on in tests). */
    checkAnswers: boolean;
  }
}

/**
 * Registers call `id` of the contract's table: method and path, the request's schemas, the answer's
 * schema (with CHECK_ANSWERS, each answer is checked against it on its way out), and the session check
 * of a user call.
 * Route modules add only what is their own: limits, hooks and the handler.
 */
export function route<K extends EndpointId>(
  app: App,
  id: K,
  ...args: [handler: Handler<K>] | [options: EndpointOptions, handler: Handler<K>]
): void {
  const [options, handler] = args.length === 1 ? [{}, args[0]] : args;
  const e = endpoints[id];
  const s: EndpointSchemas = endpointSchemas[id];
  const { preHandler, schema, ...rest } = options;
  const own = preHandler === undefined ? [] : Array.isArray(preHandler) ? preHandler : [preHandler];
  const response = app.checkAnswers ? answerSchemas(id) : undefined;
  app.route({
    ...rest,
    method: e.method,
    url: e.path,
    schema: {
      ...(s.params && { params: s.params }),
      ...(s.query && { querystring: s.query }),
      ...(s.body && { body: s.body }),
      ...(response && { response }),
      ...schema,
    },
    preHandler: (e.auth === 'user' ? [requireUser, ...own] : own) as preHandlerAsyncHookHandler[],
    handler: handler as unknown as RouteHandlerMethod,
  });
}
