import type SQLite from 'better-sqlite3';

/**
 * Kysely's SQLite driver prepares every query anew; preparing costs about a tenth of a purchase's CPU.
 * Our queries are a fixed set of shapes with bound parameters, so a statement per SQL text is kept and
 * reused (bounded, oldest dropped first). Safe because the driver runs one query at a time on the one
 * connection and only `all`/`run` them; SQLite re-prepares a kept statement itself after a schema change.
 */
export function withStatementCache(db: SQLite.Database, max = 1000): SQLite.Database {
  const cache = new Map<string, SQLite.Statement>();
  const prepare = (sql: string): SQLite.Statement => {
    let stmt = cache.get(sql);
    if (stmt) {
      // Refresh its place so the most used shapes stay.
      cache.delete(sql);
    } else {
      stmt = db.prepare(sql);
      if (cache.size >= max) cache.delete(cache.keys().next().value!);
    }
    cache.set(sql, stmt);
    return stmt;
  };
  return new Proxy(db, {
    get(target, prop) {
      if (prop === 'prepare') return prepare;
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
