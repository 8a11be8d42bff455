import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../portable.js';

/**
 * SQLite lets a primary key that is not an INTEGER one hold NULL unless the column says NOT NULL (a
 * quirk it keeps for compatibility); PostgreSQL never does. auth_throttle.key and settings.key were
 * made without it, so on SQLite they accepted what schema.ts (and PostgreSQL) refuse. SQLite cannot
 * alter a column: each table is rebuilt with NOT NULL and its rows copied. Found by the schema drift
 * test (tests/server/schema-drift.test.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') return;
  await db.schema
    .createTable('auth_throttle_0011')
    .addColumn('key', 'text', (c) => c.notNull().primaryKey())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('window_start', 'text', (c) => c.notNull())
    .execute();
  await sql`insert into auth_throttle_0011 (key, count, window_start)
    select key, count, window_start from auth_throttle where key is not null`.execute(db);
  await db.schema.dropTable('auth_throttle').execute();
  await db.schema.alterTable('auth_throttle_0011').renameTo('auth_throttle').execute();

  await db.schema
    .createTable('settings_0011')
    .addColumn('key', 'text', (c) => c.notNull().primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();
  await sql`insert into settings_0011 (key, value) select key, value from settings where key is not null`.execute(
    db,
  );
  await db.schema.dropTable('settings').execute();
  await db.schema.alterTable('settings_0011').renameTo('settings').execute();
}

export async function down(): Promise<void> {
  throw new Error('0011_not_null_keys is not reversible');
}
