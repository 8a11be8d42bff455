import type { Insertable, Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

/**
 * Rows per INSERT: a few statements for a whole demo catalogue (≈12,700 pages), well under either
 * engine's limit on bound values (SQLite 32,766; PostgreSQL 65,535) for the widest table here.
 */
export const BATCH = 400;

export function* batches<T>(list: T[], size = BATCH): Generator<T[]> {
  for (let i = 0; i < list.length; i += size) yield list.slice(i, i + size);
}

export async function insertBatched<T extends keyof DB & string>(
  db: Kysely<DB>,
  table: T,
  rows: Insertable<DB[T]>[],
): Promise<void> {
  // Kysely cannot check a table chosen at run time; the rows are typed by the table above.
  for (const batch of batches(rows))
    await db
      .insertInto(table)
      .values(batch as never)
      .execute();
}
