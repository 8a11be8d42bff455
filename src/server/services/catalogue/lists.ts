import type { Kysely } from 'kysely';
import {
  HOME_SECTION_SIZE,
  LIST_PAGE_SIZE,
  Msg,
  RANK_PAGE_SIZE,
  type Book,
  type BookList,
  type CategoryData,
  type HomeIndex,
  type PublishStatus,
  type ShowcaseType,
} from '../../../contract/index.js';
import type { DB } from '../../db/schema.js';
import { listAds } from './ads.js';
import { booksByIds, pagedBooks, type BookFilter, type BookOrder } from './books.js';
import { offsetOf, totalPages, type Paged } from './paging.js';

/**
 * Showcase lists. Each type is curated through showcase_items when it has rows there (in their sort
 * order); a type without curated rows follows the live ordering below, so 'new' and 'hot' never go
 * stale.
 */
const DERIVED: Record<ShowcaseType, { filter: BookFilter; order: BookOrder }> = {
  e_recommend: { filter: {}, order: 'recommend' },
  new: { filter: {}, order: 'created' },
  hot: { filter: {}, order: 'read' },
  kkbg: { filter: { publish: 'finish' }, order: 'read' },
  three_d: { filter: { threeD: true }, order: 'recommend' },
  new_on: { filter: { publish: 'serialize' }, order: 'created' },
};

export async function showcaseBooks(
  db: Kysely<DB>,
  type: ShowcaseType,
  page: number,
  pageSize: number,
): Promise<Paged<Book>> {
  const count = await db
    .selectFrom('showcase_items')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('type', '=', type)
    .executeTakeFirstOrThrow();
  const curated = Number(count.n);
  if (curated === 0) {
    const d = DERIVED[type];
    return pagedBooks(db, d.filter, d.order, page, pageSize);
  }
  const ids = await db
    .selectFrom('showcase_items')
    .select('book_id')
    .where('type', '=', type)
    .orderBy('sort')
    .orderBy('book_id')
    .limit(pageSize)
    .offset(offsetOf(page, pageSize))
    .execute();
  return {
    items: await booksByIds(
      db,
      ids.map((r) => r.book_id),
    ),
    totalItem: curated,
    totalPage: totalPages(curated, pageSize),
  };
}

async function withListAds(db: Kysely<DB>, paged: Promise<Paged<Book>>): Promise<BookList> {
  const [p, adList] = await Promise.all([paged, listAds(db, 'list')]);
  return { adList, bookList: p.items, totalPage: p.totalPage, totalItem: p.totalItem };
}

export const showcaseList = (db: Kysely<DB>, type: ShowcaseType, page: number) =>
  withListAds(db, showcaseBooks(db, type, page, LIST_PAGE_SIZE));

export async function categoryData(db: Kysely<DB>): Promise<CategoryData> {
  const rows = await db
    .selectFrom('categories')
    .select(['id', 'name'])
    .orderBy('sort')
    .orderBy('id')
    .execute();
  const statuses: PublishStatus[] = ['serialize', 'finish'];
  return {
    categoryList: rows.map((r) => ({ id: String(r.id), name: r.name })),
    publishStatusList: statuses.map((code) => ({ code, desc: Msg[code] })),
  };
}

/** The category screen: publish status and category ('0' / 0 = all), most recently updated first. */
export const queryList = (db: Kysely<DB>, publish: PublishStatus | '0', categoryId: number, page: number) =>
  withListAds(
    db,
    pagedBooks(
      db,
      { categoryId, publish: publish === '0' ? undefined : publish },
      'updated',
      page,
      LIST_PAGE_SIZE,
    ),
  );

export const newList = (db: Kysely<DB>, page: number) =>
  withListAds(db, pagedBooks(db, {}, 'created', page, LIST_PAGE_SIZE));

/** Daily update: most recently updated books first, optionally in one category. */
export const todayUpdateList = (db: Kysely<DB>, categoryId: number, page: number, pageSize: number) =>
  withListAds(db, pagedBooks(db, { categoryId }, 'updated', page, pageSize));

/** Ranking: total by all-time reads, week by this week's reads. */
export const rankList = (db: Kysely<DB>, categoryId: number, type: 'total' | 'week', page: number) =>
  withListAds(db, pagedBooks(db, { categoryId }, type === 'week' ? 'week' : 'read', page, RANK_PAGE_SIZE));

export async function homeIndex(db: Kysely<DB>): Promise<HomeIndex> {
  const section = async (type: ShowcaseType) => (await showcaseBooks(db, type, 1, HOME_SECTION_SIZE)).items;
  const [adList, recommendList, newOnList, newList_, kkbgList, hotList] = await Promise.all([
    listAds(db, 'home'),
    section('e_recommend'),
    section('new_on'),
    section('new'),
    section('kkbg'),
    section('hot'),
  ]);
  return { adList, recommendList, newOnList, newList: newList_, kkbgList, hotList };
}

export async function homeThreeD(db: Kysely<DB>): Promise<{ bookList: Book[] }> {
  return { bookList: (await showcaseBooks(db, 'three_d', 1, HOME_SECTION_SIZE)).items };
}
