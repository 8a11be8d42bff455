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
import { shortCacheBy } from './short-cache.js';

/** A book's home: the book, its catalogue for the caller, where the caller left off, 同类推荐. */

export async function bookExists(db: Kysely<DB>, bookId: number): Promise<boolean> {
  return (
    (await db.selectFrom('books').select('id').where('id', '=', bookId).executeTakeFirst()) !== undefined
  );
}

type ChapterRow = {
  id: number;
  book_id: number;
  number: number;
  title: string;
  cover_hash: string;
  price: number;
};

async function chapterRows(db: Kysely<DB>, bookId: number): Promise<ChapterRow[]> {
  return db
    .selectFrom('chapters')
    .select(['id', 'book_id', 'number', 'title', 'cover_hash', 'price'])
    .where('book_id', '=', bookId)
    .orderBy('number')
    .execute();
}

/** The catalogue for the caller: alreadyBuy is true for chapters the caller bought. */
async function withBought(db: Kysely<DB>, userId: number | null, rows: ChapterRow[]): Promise<Chapter[]> {
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

/** The catalogue in reading order; alreadyBuy is true for chapters the caller bought. */
export async function chapterList(db: Kysely<DB>, userId: number | null, bookId: number): Promise<Chapter[]> {
  return withBought(db, userId, await chapterRows(db, bookId));
}

/** What a book's home shows every caller alike: the book, its chapters, 同类推荐. */
interface PublicDetail {
  book: BookDetail['book'];
  chapters: ChapterRow[];
  recommendList: BookDetail['recommendList'];
}

async function publicDetail(db: Kysely<DB>, bookId: number): Promise<PublicDetail | null> {
  const row = await db.selectFrom('books').select(BOOK_COLUMNS).where('id', '=', bookId).executeTakeFirst();
  if (!row) return null;
  const [names, chapters, recommendList] = await Promise.all([
    categoryNames(db),
    chapterRows(db, bookId),
    topBooks(db, { categoryId: row.category_id, excludeId: bookId }, 'recommend', DETAIL_RECOMMEND_SIZE),
  ]);
  return { book: toBook(row, names), chapters, recommendList };
}

/**
 * Book details for callers (public: userId may be null; null answer when there is no such book). The
 * part every caller shares is kept a few seconds per book (one computation however many ask at once);
 * what is the caller's own — bought flags and where they left off — is read on every call.
 */
export function bookDetails(db: Kysely<DB>, cacheMs = 2_000) {
  const shared = shortCacheBy(cacheMs, 1_000, (bookId: number) => publicDetail(db, bookId));
  return async (userId: number | null, bookId: number): Promise<BookDetail | null> => {
    const p = await shared(bookId);
    if (!p) return null;
    const [chapterList, history] = await Promise.all([
      withBought(db, userId, p.chapters),
      userId === null
        ? undefined
        : db
            .selectFrom('read_history')
            .select('number')
            .where('user_id', '=', userId)
            .where('book_id', '=', bookId)
            .executeTakeFirst(),
    ]);
    return { book: p.book, chapterList, lastChapter: history?.number ?? 0, recommendList: p.recommendList };
  };
}
