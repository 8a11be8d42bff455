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
import type { ListAdKey } from '../../ports/catalogue-store.js';
import { listAds, listScreenAds } from './ads.js';
import { booksByIds, pagedBooks, type BookFilter, type BookOrder } from './books.js';
import { offsetOf, totalPages, type Paged } from './paging.js';

/**
 * Showcase lists. Each type is curated through showcase_items when it has rows there (in their sort
 * order); a type without curated rows follows the live ordering below, so 'new' and 'hot' never go
 * stale. 'new' is 最新上架 (/home/latest, spec "Latest arrivals"): the newest on the shelves first.
 * 'hot' is 人气排行 (/home/ranked, spec "Popularity ranking"): reads a day since publication, so it
 * is not 总榜 (all-time reads) again.
 */
const DERIVED: Record<ShowcaseType, { filter: BookFilter; order: BookOrder }> = {
  e_recommend: { filter: {}, order: 'recommend' },
  new: { filter: {}, order: 'created' },
  hot: { filter: {}, order: 'popular' },
  kkbg: { filter: { publish: 'finish' }, order: 'read' },
  three_d: { filter: { threeD: true }, order: 'recommend' },
  new_on: { filter: { publish: 'serialize' }, order: 'created' },
};

export async function showcaseBooks(
  db: Kysely<DB>,
  type: ShowcaseType,
  page: number,
  pageSize: number,
  now: Date,
): Promise<Paged<Book>> {
  const count = await db
    .selectFrom('showcase_items')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('type', '=', type)
    .executeTakeFirstOrThrow();
  const curated = Number(count.n);
  if (curated === 0) {
    const d = DERIVED[type];
    return pagedBooks(db, d.filter, d.order, page, pageSize, now);
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

async function withListAds(db: Kysely<DB>, key: ListAdKey, paged: Promise<Paged<Book>>): Promise<BookList> {
  const [p, adList] = await Promise.all([paged, listScreenAds(db, key)]);
  return { adList, bookList: p.items, totalPage: p.totalPage, totalItem: p.totalItem };
}

/** The list screen of each showcase type, for its own banners. */
const SHOWCASE_SCREEN: Record<ShowcaseType, ListAdKey> = {
  e_recommend: 'recommend',
  new: 'latest',
  hot: 'ranked',
  kkbg: 'kkbg',
  three_d: 'three_d',
  new_on: 'new_on',
};

export const showcaseList = (db: Kysely<DB>, type: ShowcaseType, page: number, now: Date) =>
  withListAds(db, SHOWCASE_SCREEN[type], showcaseBooks(db, type, page, LIST_PAGE_SIZE, now));

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
export const queryList = (
  db: Kysely<DB>,
  publish: PublishStatus | '0',
  categoryId: number,
  page: number,
  now: Date,
) =>
  withListAds(
    db,
    'category',
    pagedBooks(
      db,
      { categoryId, publish: publish === '0' ? undefined : publish },
      'updated',
      page,
      LIST_PAGE_SIZE,
      now,
    ),
  );

/** 最近更新 (/home/new, spec "Update list"): every book by its newest chapter, the latest first. */
export const newList = (db: Kysely<DB>, page: number, now: Date) =>
  withListAds(db, 'recent', pagedBooks(db, {}, 'updated', page, LIST_PAGE_SIZE, now));

/**
 * 更新列表 (/new): the updates day by day, the last 24 hours first, and within a day the most read
 * first, so what most readers follow leads each day rather than whatever came out last.
 */
export const updateList = (db: Kysely<DB>, page: number, now: Date) =>
  withListAds(db, 'updates', pagedBooks(db, {}, 'updateDay', page, LIST_PAGE_SIZE, now));

/** Daily update: most recently updated books first, optionally in one category. */
export const todayUpdateList = (
  db: Kysely<DB>,
  categoryId: number,
  page: number,
  pageSize: number,
  now: Date,
) => withListAds(db, 'day', pagedBooks(db, { categoryId }, 'updated', page, pageSize, now));

/** Ranking (排行榜, /home/day-ranked): 总榜 by all-time reads, 周榜 by this week's reads. */
export const rankList = (
  db: Kysely<DB>,
  categoryId: number,
  type: 'total' | 'week',
  page: number,
  now: Date,
) =>
  withListAds(
    db,
    'rank',
    pagedBooks(db, { categoryId }, type === 'week' ? 'week' : 'read', page, RANK_PAGE_SIZE, now),
  );

export async function homeIndex(db: Kysely<DB>, now: Date): Promise<HomeIndex> {
  const section = async (type: ShowcaseType) =>
    (await showcaseBooks(db, type, 1, HOME_SECTION_SIZE, now)).items;
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

export async function homeThreeD(db: Kysely<DB>, now: Date): Promise<{ bookList: Book[] }> {
  return { bookList: (await showcaseBooks(db, 'three_d', 1, HOME_SECTION_SIZE, now)).items };
}
