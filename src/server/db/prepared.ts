import { type Compilable, type CompiledQuery, createQueryId, type Kysely, type QueryResult } from 'kysely';
import { type Dialect, dialectOf } from './portable.js';
import type { DB } from './schema.js';

/**
 * Kysely builds and compiles a query from scratch on every call: on a chapter read that was about a
 * third of the request's CPU (more than SQLite's own work). A prepared query is built and compiled
 * once per dialect with stand-ins for its values, and each call puts the values in place of the
 * compiled parameters. No library does this for Kysely 0.28 (kysely-params pins Kysely 0.24).
 *
 * Rules for `build`: it must give the same SQL whatever the values are, so it must not branch on them
 * (pick between two prepared queries instead), and every value that changes must come from `p`.
 * Constants written into the builder stay as compiled. Databases with plugins are refused: a plugin
 * may rewrite the query per instance (withSchema), which one compiled text per dialect would miss.
 */
class Slot {
  constructor(readonly name: string) {}
}

type Values = Record<string, unknown>;

export interface Prepared<P extends Values, R> {
  /** All rows. */
  execute(db: Kysely<DB>, values: P): Promise<R[]>;
  /** The first row, or undefined. */
  executeTakeFirst(db: Kysely<DB>, values: P): Promise<R | undefined>;
  /** The driver's result: rows and, for writes, numAffectedRows. */
  run(db: Kysely<DB>, values: P): Promise<QueryResult<R>>;
}

export function prepared<P extends Values, R>(
  build: (db: Kysely<DB>, p: P) => Compilable<R>,
): Prepared<P, R> {
  const compiled = new Map<Dialect, CompiledQuery<R>>();
  const bind = (db: Kysely<DB>, values: P): CompiledQuery<R> => {
    if (db.getExecutor().plugins.length > 0)
      throw new Error('prepared queries run only on a database without plugins');
    const dialect = dialectOf(db as unknown as Kysely<unknown>);
    let query = compiled.get(dialect);
    if (!query) {
      const slots = new Proxy({} as P, { get: (_, name) => new Slot(String(name)) });
      query = build(db, slots).compile();
      compiled.set(dialect, query);
    }
    const parameters = query.parameters.map((v) => {
      if (!(v instanceof Slot)) return v;
      if (!(v.name in values)) throw new Error(`prepared query: no value for ${v.name}`);
      return values[v.name];
    });
    // A query id of its own per call: plugins and drivers may key per-call state on it.
    return { ...query, parameters, queryId: createQueryId() };
  };
  const run = (db: Kysely<DB>, values: P) => db.executeQuery(bind(db, values));
  return {
    run,
    execute: async (db, values) => (await run(db, values)).rows,
    executeTakeFirst: async (db, values) => (await run(db, values)).rows[0],
  };
}
