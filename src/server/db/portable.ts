import { type CreateTableBuilder, type Kysely, PostgresAdapter } from 'kysely';

/** Which engine a Kysely instance talks to: the same query code runs on both. */
export type Dialect = 'sqlite' | 'postgres';

export function dialectOf(db: Kysely<unknown>): Dialect {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

/** An integer primary key that the database numbers itself, on either engine. */
export function withId<T extends string>(tb: CreateTableBuilder<T, never>, dialect: Dialect) {
  return dialect === 'postgres'
    ? tb.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    : tb.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

/** Timestamps are ISO-8601 UTC text on both engines: portable, sortable, readable. */
export const nowIso = () => new Date().toISOString();
