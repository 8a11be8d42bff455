import type { z } from 'zod';
import type { EndpointSchemaMap } from './schemas.js';
import type { EndpointId } from './table.js';

/**
 * Types of each call's input and answer, read off its schemas at compile time only: the app imports
 * these as types, so no schema code reaches its bundle.
 */
type Part<K extends EndpointId, P extends string> = EndpointSchemaMap[K] extends { [Q in P]: infer S }
  ? S
  : never;

/**
 * What a caller passes for a field: the schema's input, except where the server coerces (`z.coerce`
 * takes anything): there the value it ends up as (a number for an id, a page…) or its text.
 */
type Wire<S> = S extends z.ZodType
  ? {
      [F in keyof z.input<S>]: unknown extends z.input<S>[F]
        ? F extends keyof z.output<S>
          ? z.output<S>[F] | string
          : never
        : z.input<S>[F];
    }
  : never;

type Section<K extends EndpointId, P extends string, Name extends string> = [Part<K, P>] extends [never]
  ? unknown
  : { [N in Name]: Wire<Part<K, P>> };

/** The input of a call: its path params, query and form body, each only when the call has one. */
export type InputOf<K extends EndpointId> = Section<K, 'params', 'params'> &
  Section<K, 'query', 'query'> &
  Section<K, 'body', 'body'>;

/** The data of a granted answer. */
export type DataOf<K extends EndpointId> =
  Part<K, 'data'> extends z.ZodType ? z.output<Part<K, 'data'>> : null;
/** The data a refusal of this call may carry (null for most). */
export type FailDataOf<K extends EndpointId> =
  Part<K, 'failData'> extends z.ZodType ? z.output<Part<K, 'failData'>> | null : null;
/** The output of a call's input parts, as the server's handler reads them. */
export type ParsedPart<K extends EndpointId, P extends 'params' | 'query' | 'body'> =
  Part<K, P> extends z.ZodType ? z.output<Part<K, P>> : undefined;
