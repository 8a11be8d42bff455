import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import { BOOK_SEARCH_MAX, VOD_SEARCH_PAGE_SIZE, type Book, type VodList } from '../../../contract/index.js';
import { dialectOf } from '../../db/portable.js';
import type { DB } from '../../db/schema.js';
import { BOOK_COLUMNS, toBooks } from './books.js';
import { offsetOf, totalPages } from './paging.js';
import { phraseQuery, type PhraseQuery } from '../../db/search-text.js';
import { VOD_BRIEF_COLUMNS, toVodBrief } from './vod-rows.js';

/**
 * Keyword search through the full-text indexes of migration 0002: FTS5 on SQLite, a GIN tsvector
 * index on PostgreSQL. The keyword is a phrase of its tokens (see search-text.ts), so a Chinese
 * substring of a title or author matches without scanning the table.
 */
function matches(db: Kysely<DB>, table: 'books' | 'vods', q: PhraseQuery): RawBuilder<SqlBool> {
  if (dialectOf(db as unknown as Kysely<unknown>) === 'postgres') {
    return sql<SqlBool>`to_tsvector('simple', ${sql.ref(`${table}.search_text`)}) @@ to_tsquery('simple', ${q.tsquery})`;
  }
  const fts = sql.table(`${table}_fts`);
  return sql<SqlBool>`${sql.ref(`${table}.id`)} in (select rowid from ${fts} where ${fts} match ${q.fts5})`;
}

/** The query behind searchBooks (exported so a test can EXPLAIN exactly what runs). */
export function bookSearchQuery(db: Kysely<DB>, q: PhraseQuery) {
  return db
    .selectFrom('books')
    .select(BOOK_COLUMNS)
    .where(matches(db, 'books', q))
    .orderBy('read_count', 'desc')
    .orderBy('id', 'desc')
    .limit(BOOK_SEARCH_MAX);
}

/** The books whose title or author contain the keyword, most read first. */
export async function searchBooks(db: Kysely<DB>, keyword: string): Promise<Book[]> {
  const q = phraseQuery(keyword);
  if (!q) return [];
  return toBooks(db, await bookSearchQuery(db, q).execute());
}

/** One page of videos whose name contains the keyword, newest first. */
export async function searchVods(db: Kysely<DB>, keyword: string, page: number): Promise<VodList> {
  const q = phraseQuery(keyword);
  if (!q) return { list: [], totalPage: 0 };
  const [rows, count] = await Promise.all([
    db
      .selectFrom('vods')
      .select(VOD_BRIEF_COLUMNS)
      .where(matches(db, 'vods', q))
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(VOD_SEARCH_PAGE_SIZE)
      .offset(offsetOf(page, VOD_SEARCH_PAGE_SIZE))
      .execute(),
    db
      .selectFrom('vods')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where(matches(db, 'vods', q))
      .executeTakeFirstOrThrow(),
  ]);
  return { list: rows.map(toVodBrief), totalPage: totalPages(Number(count.n), VOD_SEARCH_PAGE_SIZE) };
}

export async function hotWords(db: Kysely<DB>): Promise<{ hotWords: string[] }> {
  const rows = await db.selectFrom('hot_words').select('word').orderBy('sort').orderBy('id').execute();
  return { hotWords: rows.map((r) => r.word) };
}
