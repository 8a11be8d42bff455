import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../portable.js';

/**
 * Full-text search over books.search_text and vods.search_text (tokens written by
 * services/catalogue/search-text.ts: one token per CJK character, Latin words whole).
 * SQLite: FTS5 external-content tables kept in step by triggers. PostgreSQL: GIN indexes on the
 * 'simple' tsvector of the same column. Also indexes the orderings the lists use.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    await sql`create index books_search on books using gin (to_tsvector('simple', search_text))`.execute(db);
    await sql`create index vods_search on vods using gin (to_tsvector('simple', search_text))`.execute(db);
  } else {
    for (const t of ['books', 'vods']) {
      const fts = sql.id(`${t}_fts`);
      const table = sql.id(t);
      await sql`create virtual table ${fts} using fts5(search_text, content=${sql.lit(t)}, content_rowid='id', tokenize='unicode61')`.execute(
        db,
      );
      await sql`create trigger ${sql.id(`${t}_fts_ai`)} after insert on ${table} begin
        insert into ${fts}(rowid, search_text) values (new.id, new.search_text);
      end`.execute(db);
      await sql`create trigger ${sql.id(`${t}_fts_ad`)} after delete on ${table} begin
        insert into ${fts}(${fts}, rowid, search_text) values ('delete', old.id, old.search_text);
      end`.execute(db);
      await sql`create trigger ${sql.id(`${t}_fts_au`)} after update of search_text on ${table} begin
        insert into ${fts}(${fts}, rowid, search_text) values ('delete', old.id, old.search_text);
        insert into ${fts}(rowid, search_text) values (new.id, new.search_text);
      end`.execute(db);
      await sql`insert into ${fts}(${fts}) values ('rebuild')`.execute(db);
    }
  }
  await db.schema.createIndex('books_created').on('books').column('created_at').execute();
  await db.schema.createIndex('books_three_d').on('books').columns(['three_d', 'recommend']).execute();
  await db.schema.createIndex('showcase_items_sort').on('showcase_items').columns(['type', 'sort']).execute();
  await db.schema.createIndex('vods_created').on('vods').column('created_at').execute();
  await db.schema.createIndex('vod_markers_vod').on('vod_markers').column('vod_id').execute();
  await db.schema.createIndex('ads_position').on('ads').columns(['position', 'sort']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const i of [
    'books_created',
    'books_three_d',
    'showcase_items_sort',
    'vods_created',
    'vod_markers_vod',
    'ads_position',
  ]) {
    await db.schema.dropIndex(i).ifExists().execute();
  }
  if (dialectOf(db) === 'postgres') {
    await db.schema.dropIndex('books_search').ifExists().execute();
    await db.schema.dropIndex('vods_search').ifExists().execute();
  } else {
    for (const t of ['books', 'vods']) {
      for (const s of ['ai', 'ad', 'au'])
        await sql`drop trigger if exists ${sql.id(`${t}_fts_${s}`)}`.execute(db);
      await sql`drop table if exists ${sql.id(`${t}_fts`)}`.execute(db);
    }
  }
}
