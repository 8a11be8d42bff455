import type { Kysely } from 'kysely';
import {
  COVER_SIZE,
  DETAIL_RECOMMEND_SIZE,
  imageUrl,
  type BookDetail,
  type Chapter,
} from '../../../contract/index.js';
import type { DB } from '../../db/schema.js';
import { boughtItemIds } from '../access.js';
import { BOOK_COLUMNS, categoryNames, toBook, topBooks } from './books.js';

/** A book's home: the book, its catalogue for the caller, where the caller left off, 同类推荐. */

export async function bookExists(db: Kysely<DB>, bookId: number): Promise<boolean> {
  return (
    (await db.selectFrom('books').select('id').where('id', '=', bookId).executeTakeFirst()) !== undefined
  );
}

/** The catalogue in reading order; alreadyBuy is true for chapters the caller bought. */
export async function chapterList(db: Kysely<DB>, userId: number | null, bookId: number): Promise<Chapter[]> {
  const rows = await db
    .selectFrom('chapters')
    .select(['id', 'book_id', 'number', 'title', 'cover_hash', 'price'])
    .where('book_id', '=', bookId)
    .orderBy('number')
    .execute();
  const bought = await boughtItemIds(
    db,
    userId,
    'chapter',
    rows.filter((r) => r.price > 0).map((r) => r.id),
  );
  return rows.map((r) => ({
    bookId: r.book_id,
    chapterId: r.id,
    number: r.number,
    title: r.title,
    cover: imageUrl(r.cover_hash, COVER_SIZE),
    price: r.price,
    alreadyBuy: bought.has(r.id),
  }));
}

/** The book's detail for the caller (public: userId may be null), or null when there is no such book. */
export async function bookDetail(
  db: Kysely<DB>,
  userId: number | null,
  bookId: number,
): Promise<BookDetail | null> {
  const row = await db.selectFrom('books').select(BOOK_COLUMNS).where('id', '=', bookId).executeTakeFirst();
  if (!row) return null;
  const [names, chapters, history, recommendList] = await Promise.all([
    categoryNames(db),
    chapterList(db, userId, bookId),
    userId === null
      ? undefined
      : db
          .selectFrom('read_history')
          .select('number')
          .where('user_id', '=', userId)
          .where('book_id', '=', bookId)
          .executeTakeFirst(),
    topBooks(db, { categoryId: row.category_id, excludeId: bookId }, 'recommend', DETAIL_RECOMMEND_SIZE),
  ]);
  return {
    book: toBook(row, names),
    chapterList: chapters,
    lastChapter: history?.number ?? 0,
    recommendList,
  };
}
