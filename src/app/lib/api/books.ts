import {
  Api,
  apiPath,
  type BookDetail,
  type BookList,
  type BuyData,
  type CategoryData,
  type Chapter,
  type ChapterReadInfo,
  type HomeIndex,
  type ShowcaseType,
  type Book,
  type TodayUpdateData,
} from '../../../contract';
import { apiGet, apiPost, unwrap } from './http';

/**
 * Every comic call of spec §7 and the query keys of their answers: one module, so a key is never spelt
 * twice (screens, prefetch and invalidation all use `bookKeys`).
 */

export type RankType = 'total' | 'week';
/** Publish filter of the category screen: a status code or ALL_ID. */
export type PublishFilter = string;

export const bookKeys = {
  all: ['book'] as const,
  home: () => [...bookKeys.all, 'home'] as const,
  threeD: () => [...bookKeys.all, 'three-d'] as const,
  showcase: (type: ShowcaseType) => [...bookKeys.all, 'showcase', type] as const,
  showcasePage: (type: ShowcaseType, page: number) => [...bookKeys.showcase(type), page] as const,
  categories: () => [...bookKeys.all, 'categories'] as const,
  query: (publish: PublishFilter, category: string) => [...bookKeys.all, 'query', publish, category] as const,
  newList: () => [...bookKeys.all, 'new'] as const,
  today: (category: string, pageSize: number) => [...bookKeys.all, 'today', category, pageSize] as const,
  todayPage: (category: string, pageSize: number, page: number) =>
    [...bookKeys.today(category, pageSize), page] as const,
  rank: (type: RankType, category: string) => [...bookKeys.all, 'rank', type, category] as const,
  detail: (id: number) => [...bookKeys.all, 'detail', id] as const,
  chapters: (id: number) => [...bookKeys.all, 'chapters', id] as const,
  chapter: (id: number, number: number) => [...bookKeys.all, 'read', id, number] as const,
  /** Every chapter of a book (all numbers), for invalidating after a buy. */
  chaptersOf: (id: number) => [...bookKeys.all, 'read', id] as const,
  hotWords: () => [...bookKeys.all, 'hot-words'] as const,
  search: (content: string) => [...bookKeys.all, 'search', content] as const,
};

const staticGet = <T>(path: string, searchParams?: Record<string, string | number>) =>
  apiGet<T>(path, { host: 'static', auth: 'optional', searchParams }).then(unwrap);

export const fetchHome = () => staticGet<HomeIndex>(Api.homeIndex);
export const fetchThreeD = () => staticGet<{ bookList: Book[] }>(Api.homeThreeD);
export const fetchShowcase = (type: ShowcaseType, page: number) =>
  staticGet<BookList>(apiPath(Api.showcase, { type, page }));
export const fetchCategories = () => staticGet<CategoryData>(Api.category);
export const fetchQuery = (publish: PublishFilter, category: string, page: number) =>
  apiPost<BookList>(apiPath(Api.query, { publish, category, page }), { auth: 'optional' }).then(unwrap);
export const fetchNewList = (page: number) => staticGet<BookList>(apiPath(Api.newList, { page }));
export const fetchTodayUpdate = (category: string, pageSize: number, currentPage: number) =>
  staticGet<TodayUpdateData>(Api.todayUpdate, { category, pageSize, currentPage });
export const fetchRank = (type: RankType, category: string, currentPage: number) =>
  staticGet<BookList>(Api.rank, { type, category, currentPage });

/** Detail is public but answers lastChapter for the caller, so it goes with the token when there is one. */
export const fetchDetail = (id: number) =>
  apiGet<BookDetail>(apiPath(Api.detail, { id }), { auth: 'optional' }).then(unwrap);
/** The catalogue with 已购买 flags: needs the user. */
export const fetchChapters = (bookId: number) =>
  apiPost<Chapter[]>(Api.chapterList, {
    auth: 'required',
    searchParams: { bookId },
    body: { bookId },
  }).then(unwrap);

/**
 * read_chapter answers codes the reader acts on (999 locked with buy data, 400, 101): `unwrap` turns them
 * into an ApiError carrying code and data, which the reader's access hook reads.
 */
export const fetchChapter = (bookId: number, number: number, opts: { prefetch?: boolean } = {}) =>
  apiGet<ChapterReadInfo>(Api.readChapter, {
    auth: 'required',
    // A fetch ahead of reading says so, so the server can leave read counts and history alone.
    searchParams: { bookId, number, prefetch: opts.prefetch ? 1 : undefined },
  }).then(unwrap);
export const buyChapter = (chapterId: number) =>
  apiPost<BuyData>(Api.chapterBuy, { auth: 'required', searchParams: { chapterId } }).then(unwrap);

export const fetchHotWords = () => staticGet<{ hotWords: string[] }>(Api.initSearch);
export const searchBooks = (content: string) =>
  apiPost<Book[]>(Api.search, { auth: 'optional', searchParams: { content } }).then(unwrap);
