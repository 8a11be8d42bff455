import { type CreateTableBuilder, type Kysely, PostgresAdapter, type RawBuilder, sql } from 'kysely';

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

/**
 * Days (fractional) from an ISO timestamp column to `now`: the lists that rank by age (人气: reads a
 * day since publication; the update list: updates by day) order by it on either engine.
 */
export function daysSince<D>(db: Kysely<D>, column: string, now: Date): RawBuilder<number> {
  const at = now.toISOString();
  return dialectOf(db as unknown as Kysely<unknown>) === 'postgres'
    ? sql<number>`(extract(epoch from (${at}::timestamptz - ${sql.ref(column)}::timestamptz)) / 86400.0)`
    : sql<number>`(julianday(${at}) - julianday(${sql.ref(column)}))`;
}

/** Whole days from an ISO timestamp column to `now` (0 for the last 24 hours), on either engine. */
export function wholeDaysSince<D>(db: Kysely<D>, column: string, now: Date): RawBuilder<number> {
  const days = daysSince(db, column, now);
  // PostgreSQL's cast to integer rounds and SQLite's truncates (and SQLite may be built without
  // floor()): the same whole days need floor on one and the cast on the other.
  return dialectOf(db as unknown as Kysely<unknown>) === 'postgres'
    ? sql<number>`floor(${days})`
    : sql<number>`cast(${days} as integer)`;
}
