import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import { COVER_SIZE, imageUrl, type Book, type PublishStatus } from '../../../contract/index.js';
import { daysSince, wholeDaysSince } from '../../db/portable.js';
import type { DB } from '../../db/schema.js';
import { offsetOf, totalPages, type Paged } from './paging.js';

/** Book rows and their mapping to the contract's Book; the filters and orderings lists use. */

export const BOOK_COLUMNS = [
  'id',
  'title',
  'author',
  'cover_hash',
  'hori_cover_hash',
  'publish_status',
  'recommend',
  'read_count',
  'abstract',
  'category_id',
  'chapter_count',
  'vip_free',
  'week_read_count',
  'created_at',
  'updated_at',
] as const;

export interface BookRow {
  id: number;
  title: string;
  author: string;
  cover_hash: string;
  hori_cover_hash: string;
  publish_status: string;
  recommend: number;
  read_count: number;
  abstract: string;
  category_id: number;
  chapter_count: number;
  vip_free: number;
  week_read_count: number;
  created_at: string;
  updated_at: string;
}

/** Horizontal covers are wide banners: the 500 px rendition. */
const HORI_COVER_SIZE = 500;

/** Category names by id: the table is small, one query per answer instead of a join per list. */
export async function categoryNames(db: Kysely<DB>): Promise<Map<number, string>> {
  const rows = await db.selectFrom('categories').select(['id', 'name']).execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}

export function toBook(row: BookRow, names: Map<number, string>): Book {
  return {
    bookId: row.id,
    title: row.title,
    author: row.author,
    cover: imageUrl(row.cover_hash, COVER_SIZE),
    horiCover: imageUrl(row.hori_cover_hash, HORI_COVER_SIZE),
    publishStatus: row.publish_status === 'finish' ? 'finish' : 'serialize',
    recommend: Number(row.recommend),
    readCount: row.read_count,
    abstractContent: row.abstract,
    categoryId: row.category_id,
    categoryName: names.get(row.category_id) ?? '',
    chapterCount: row.chapter_count,
    vipFree: row.vip_free === 1,
    weekReadCount: row.week_read_count,
    publishedAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export async function toBooks(db: Kysely<DB>, rows: BookRow[]): Promise<Book[]> {
  if (rows.length === 0) return [];
  const names = await categoryNames(db);
  return rows.map((r) => toBook(r, names));
}

/** Books by id, in the order of `ids` (ids that name no book are skipped). */
export async function booksByIds(db: Kysely<DB>, ids: number[]): Promise<Book[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('books').select(BOOK_COLUMNS).where('id', 'in', ids).execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return toBooks(
    db,
    ids.flatMap((id) => byId.get(id) ?? []),
  );
}

export interface BookFilter {
  /** 0 or absent: every category. */
  categoryId?: number;
  publish?: PublishStatus;
  threeD?: boolean;
  excludeId?: number;
}

/**
 * Orderings of the lists; each ends with the id so pages never overlap or skip.
 * - updated: the newest chapter first (每日更新, 最近更新, the category screen).
 * - created: the newest on the shelves first (最新上架).
 * - read / week: all-time / this week's reads (总榜 / 周榜).
 * - popular: reads a day since publication (人气), so a book readers keep taking to outranks one that
 *   gathered its reads over years; a book counts as at least POPULAR_MIN_DAYS old, so a launch week's
 *   rush (周榜's business) does not top it.
 * - updateDay: updates by day, the last 24 hours first, the most read first within a day (the update list).
 * - recommend: the recommend index.
 */
export type BookOrder = 'updated' | 'created' | 'read' | 'week' | 'recommend' | 'popular' | 'updateDay';
const ORDER_COLUMN = {
  updated: 'updated_at',
  created: 'created_at',
  read: 'read_count',
  week: 'week_read_count',
  recommend: 'recommend',
} as const;
export const POPULAR_MIN_DAYS = 30;

function applyFilter<O>(qb: SelectQueryBuilder<DB, 'books', O>, f: BookFilter) {
  let q = qb;
  if (f.categoryId) q = q.where('category_id', '=', f.categoryId);
  if (f.publish) q = q.where('publish_status', '=', f.publish);
  if (f.threeD) q = q.where('three_d', '=', 1);
  if (f.excludeId !== undefined) q = q.where('id', '!=', f.excludeId);
  return q;
}

function orderedRows(db: Kysely<DB>, filter: BookFilter, order: BookOrder, now: Date) {
  const q = applyFilter(db.selectFrom('books').select(BOOK_COLUMNS), filter);
  const byId = <O>(qb: SelectQueryBuilder<DB, 'books', O>) => qb.orderBy('id', 'desc');
  if (order === 'popular') {
    const age = daysSince(db, 'created_at', now);
    return byId(
      q.orderBy(
        // * 1.0: a whole-number divisor would truncate (both engines divide integers as integers).
        sql`${sql.ref('read_count')} * 1.0 / (case when ${age} > ${sql.lit(POPULAR_MIN_DAYS)} then ${age} else ${sql.lit(POPULAR_MIN_DAYS)} end)`,
        'desc',
      ),
    );
  }
  if (order === 'updateDay')
    return byId(
      q
        .orderBy(wholeDaysSince(db, 'updated_at', now))
        .orderBy('read_count', 'desc')
        .orderBy('updated_at', 'desc'),
    );
  return byId(q.orderBy(ORDER_COLUMN[order], 'desc'));
}

/** One page of books plus the total, for every paged book list. */
export async function pagedBooks(
  db: Kysely<DB>,
  filter: BookFilter,
  order: BookOrder,
  page: number,
  pageSize: number,
  now: Date,
): Promise<Paged<Book>> {
  const [rows, count] = await Promise.all([
    orderedRows(db, filter, order, now).limit(pageSize).offset(offsetOf(page, pageSize)).execute(),
    applyFilter(db.selectFrom('books'), filter)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  const totalItem = Number(count.n);
  return { items: await toBooks(db, rows), totalItem, totalPage: totalPages(totalItem, pageSize) };
}

/** The first `limit` books of an ordering (home sections, 同类推荐), without a count. */
export async function topBooks(
  db: Kysely<DB>,
  filter: BookFilter,
  order: BookOrder,
  limit: number,
  // Only 'popular' and 'updateDay' look at it.
  now = new Date(),
) {
  return toBooks(db, await orderedRows(db, filter, order, now).limit(limit).execute());
}
