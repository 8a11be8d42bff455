/**
 * The one place that knows how each engine reports a write refused by a unique key (a primary key
 * included): better-sqlite3's SQLITE_CONSTRAINT_UNIQUE / SQLITE_CONSTRAINT_PRIMARYKEY, PostgreSQL's
 * 23505 (unique_violation). Services ask in table and column names, never in error codes.
 */
export interface UniqueKey {
  table: string;
  /** The key's columns as the engine names them ([] when it cannot tell, e.g. an expression index). */
  columns: string[];
}

interface DriverError {
  code?: unknown;
  message?: unknown;
  /** pg: the table and "Key (a, b)=(1, 2) already exists." */
  table?: unknown;
  detail?: unknown;
}

const SQLITE_UNIQUE = new Set(['SQLITE_CONSTRAINT_UNIQUE', 'SQLITE_CONSTRAINT_PRIMARYKEY']);
const PG_UNIQUE = '23505';

/** The unique key a write ran into, or null when `err` is anything else. */
export function uniqueViolation(err: unknown): UniqueKey | null {
  if (!err || typeof err !== 'object') return null;
  const e = err as DriverError;
  if (e.code === PG_UNIQUE) {
    const columns = /^Key \((.+?)\)=/.exec(String(e.detail ?? ''))?.[1];
    return {
      table: String(e.table ?? ''),
      columns: columns ? columns.split(', ').map((c) => c.replace(/^"(.*)"$/, '$1')) : [],
    };
  }
  if (typeof e.code === 'string' && SQLITE_UNIQUE.has(e.code)) {
    // "UNIQUE constraint failed: purchases.user_id, purchases.item_type, purchases.item_id"
    const names = /constraint failed: (.+)$/.exec(String(e.message ?? ''))?.[1]?.split(', ') ?? [];
    const qualified = names.filter((n) => /^[^.\s]+\.[^.\s]+$/.test(n)).map((n) => n.split('.'));
    return { table: qualified[0]?.[0] ?? '', columns: qualified.map(([, column]) => column!) };
  }
  return null;
}

/**
 * Whether `err` is a unique-key violation; with `on`, only one of that table (and exactly those
 * columns, in any order), so a race on the key a caller expects is not confused with another.
 */
export function isUniqueViolation(
  err: unknown,
  on?: { table: string; columns?: readonly string[] },
): boolean {
  const key = uniqueViolation(err);
  if (!key || !on) return key !== null;
  if (key.table !== on.table) return false;
  if (!on.columns) return true;
  return key.columns.length === on.columns.length && on.columns.every((c) => key.columns.includes(c));
}
