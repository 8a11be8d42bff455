import { readFileSync } from 'node:fs';
import { z } from 'zod';
import {
  Ad,
  answerSchemas,
  Book,
  BookList,
  BuyData,
  Chapter,
  ChapterReadInfo,
  ChapterUnpaid,
  DailySignConfig,
  endpointIds,
  endpoints,
  endpointSchemas,
  Header,
  PayConfig,
  PayData,
  PaySubType,
  PicGroup,
  refusal,
  UserInfo,
  VodBrief,
  VodDanmu,
  VodMarker,
  VodShelf,
  type Endpoint,
  type EndpointId,
  type EndpointSchemas,
} from '../../contract/index.js';

/** Where the document is served (linked from the README). */
export const OPENAPI_PATH = '/api/openapi.json';

type Json = Record<string, unknown>;
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** Models shared by several answers: named once in components, referenced elsewhere. */
const MODELS = {
  Ad,
  Book,
  BookList,
  BuyData,
  Chapter,
  ChapterReadInfo,
  ChapterUnpaid,
  DailySignConfig,
  PayConfig,
  PayData,
  PaySubType,
  PicGroup,
  UserInfo,
  VodBrief,
  VodDanmu,
  VodMarker,
  VodShelf,
} satisfies Record<string, z.ZodType>;

const answerName = (id: EndpointId) => `${id[0]!.toUpperCase()}${id.slice(1)}Answer`;

/** JSON Schema 2020-12 (OpenAPI 3.1's dialect) of an input part, as the server reads it. */
function inputSchema(schema: z.ZodType): Json {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io: 'input', target: 'draft-2020-12' }) as Json;
  return rest;
}

/** Answers and models: one registry, so a model inside an answer becomes a $ref to its component. */
function outputComponents(): Record<string, Json> {
  const registry = z.registry<{ id: string }>();
  for (const [name, schema] of Object.entries(MODELS)) registry.add(schema, { id: name });
  registry.add(refusal(), { id: 'Refusal' });
  for (const id of endpointIds) {
    const answers = answerSchemas(id);
    if (answers) registry.add(answers[200], { id: answerName(id) });
  }
  const { schemas } = z.toJSONSchema(registry, {
    io: 'output',
    target: 'draft-2020-12',
    uri: (name) => `#/components/schemas/${name}`,
  }) as { schemas: Record<string, Json> };
  for (const s of Object.values(schemas)) {
    delete s.$schema;
    delete s.$id;
  }
  return schemas;
}

function parameters(s: EndpointSchemas): Json[] {
  const out: Json[] = [];
  for (const [where, schema] of [
    ['path', s.params],
    ['query', s.query],
  ] as const) {
    if (!schema) continue;
    const json = inputSchema(schema) as { properties?: Record<string, Json>; required?: string[] };
    for (const [name, property] of Object.entries(json.properties ?? {})) {
      const required = where === 'path' || (json.required ?? []).includes(name);
      out.push({ name, in: where, required, schema: property });
    }
  }
  return out;
}

const html = (description: string) => ({
  description,
  content: { 'text/html': { schema: { type: 'string' } } },
});

function responses(id: EndpointId): Json {
  const e: Endpoint = endpoints[id];
  const json = (name: string) => ({ 'application/json': { schema: ref(name) } });
  if (e.answer === 'html') {
    if (e.method === 'POST')
      return {
        '303': { description: 'Sent: back to the page' },
        '400': html('The form again, with its error'),
      };
    return { '200': html('The page') };
  }
  if (e.answer === 'text')
    return {
      default: {
        description: "The provider's acknowledgement",
        content: { 'text/plain': { schema: { type: 'string' } } },
      },
    };
  const out: Json = {
    '200': {
      description: 'Granted (result true, code 200) or refused (result false, the spec code)',
      content: json(answerName(id)),
    },
    '4XX': {
      description: 'Invalid input (400), no session (401), too many attempts (429)',
      content: json('Refusal'),
    },
  };
  if (id === 'payApply') out['302'] = { description: 'A wap_pay order: to the cashier' };
  if (id === 'health') out['503'] = { description: 'The database does not answer', content: json('Refusal') };
  return out;
}

/** The app's headers of spec §7 (trace, device, user, account, branch, app type), all optional here. */
const HEADER_PARAMS = Object.fromEntries(
  Object.entries(Header)
    .filter(([, name]) => name !== Header.authorization)
    .map(([key, name]) => [key, { name, in: 'header', required: false, schema: { type: 'string' } }]),
);

/** The version the document states: the package's own, read from package.json beside the sources. */
export const packageVersion = (): string =>
  (JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string })
    .version;

/**
 * The OpenAPI 3.1 document of the contract's table: every call with its input, its answers and
 * whether it needs a session. Built from the same schemas the server validates with.
 */
export function buildOpenApiDocument(version: string): Json {
  const paths: Record<string, Json> = {};
  for (const id of endpointIds) {
    const e: Endpoint = endpoints[id];
    const s: EndpointSchemas = endpointSchemas[id];
    const op: Json = {
      operationId: id,
      summary: s.summary,
      tags: [e.path.split('/')[1] === 'h5' ? 'pages' : (e.path.split('/')[2] ?? 'app')],
      parameters: [
        ...parameters(s),
        ...Object.keys(HEADER_PARAMS).map((k) => ({ $ref: `#/components/parameters/${k}` })),
      ],
      security: e.auth === 'user' ? [{ session: [] }] : [{}, { session: [] }],
      responses: responses(id),
      'x-cache': e.cache,
      ...(e.host && { 'x-host': e.host }),
    };
    // A provider's notification is its own format: no form to describe.
    if (s.body && !(s.body instanceof z.ZodUnknown))
      op.requestBody = {
        required: !s.body.safeParse({}).success,
        content: { 'application/x-www-form-urlencoded': { schema: inputSchema(s.body) } },
      };
    const path = e.path.replace(/:(\w+)/g, '{$1}');
    paths[path] = { ...paths[path], [e.method.toLowerCase()]: op };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Inkreel API',
      version,
      description:
        'Every call of the app (spec §7 and our own). Answers are the envelope {result, code, msg, data}; ' +
        'business refusals are HTTP 200 with result false and a spec code. Request bodies are form-encoded.',
    },
    paths,
    components: {
      schemas: outputComponents(),
      parameters: HEADER_PARAMS,
      securitySchemes: {
        session: {
          type: 'http',
          scheme: 'bearer',
          description: 'The session token of register, login or find_account',
        },
      },
    },
  };
}
