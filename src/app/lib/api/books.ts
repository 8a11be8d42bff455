import { Api, type ALL_ID, type HomeIndex, type PublishStatus, type ShowcaseType } from '../../../contract';
import { peekBootAnswer } from './boot';
import { call, unwrap } from './http';

/**
 * Every comic call of spec §7 and the query keys of their answers: one module, so a key is never spelt
 * twice (screens, prefetch and invalidation all use `bookKeys`).
 */

export type RankType = 'total' | 'week';
/** Publish filter of the category screen: a status code or ALL_ID. */
export type PublishFilter = PublishStatus | typeof ALL_ID;

export const bookKeys = {
  all: ['book'] as const,
  home: () => [...bookKeys.all, 'home'] as const,
  threeD: () => [...bookKeys.all, 'three-d'] as const,
  showcase: (type: ShowcaseType) => [...bookKeys.all, 'showcase', type] as const,
  showcasePage: (type: ShowcaseType, page: number) => [...bookKeys.showcase(type), page] as const,
  categories: () => [...bookKeys.all, 'categories'] as const,
  query: (publish: PublishFilter, category: string) => [...bookKeys.all, 'query', publish, category] as const,
  newList: () => [...bookKeys.all, 'new'] as const,
  updateList: () => [...bookKeys.all, 'updates'] as const,
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

export const fetchHome = () => call('homeIndex').then(unwrap);
/** The home's ads as inlined in the page on a first visit (undefined when not inlined), before any call. */
export const inlinedHomeAds = (): readonly unknown[] | undefined =>
  (peekBootAnswer(Api.homeIndex) as { data?: Partial<HomeIndex> } | undefined)?.data?.adList;
export const fetchThreeD = () => call('homeThreeD').then(unwrap);
export const fetchShowcase = (type: ShowcaseType, page: number) =>
  call('showcase', { params: { type, page } }).then(unwrap);
export const fetchCategories = () => call('category').then(unwrap);
export const fetchQuery = (publish: PublishFilter, category: string, page: number) =>
  call('query', { params: { publish, category, page } }).then(unwrap);
export const fetchNewList = (page: number) => call('newList', { params: { page } }).then(unwrap);
export const fetchUpdateList = (page: number) => call('updateList', { params: { page } }).then(unwrap);
export const fetchTodayUpdate = (category: string, pageSize: number, currentPage: number) =>
  call('todayUpdate', { query: { category, pageSize, currentPage } }).then(unwrap);
export const fetchRank = (type: RankType, category: string, currentPage: number) =>
  call('rank', { query: { type, category, currentPage } }).then(unwrap);

export const fetchDetail = (id: number) => call('detail', { params: { id } }).then(unwrap);
export const fetchChapters = (bookId: number) =>
  call('chapterList', { query: { bookId }, body: { bookId } }).then(unwrap);

/**
 * read_chapter answers codes the reader acts on (999 locked with buy data, 400, 101): `unwrap` turns them
 * into an ApiError carrying code and data, which the reader's access hook reads.
 */
export const fetchChapter = (bookId: number, number: number, opts: { prefetch?: boolean } = {}) =>
  // A fetch ahead of reading says so, so the server can leave read counts and history alone.
  call('readChapter', { query: { bookId, number, prefetch: opts.prefetch ? '1' : undefined } }).then(unwrap);
/** The book's detail (with its chapter list), as every screen that shows it asks for it. */
export const detailQuery = (id: number) => ({
  queryKey: bookKeys.detail(id),
  queryFn: () => fetchDetail(id),
  enabled: id > 0,
});

/**
 * Chapter answers are not retried: 999, 400 and 101 are answers the reader acts on, once each. Nor on
 * mount: the reader's route asks as the navigation starts (routes/reader.tsx) and drops a failed answer
 * first, so the reader showing that answer must not ask again (a 999 under auto-buy would buy twice).
 */
const CHAPTER_STALE_MS = 5 * 60_000;
export const chapterQuery = (bookId: number, number: number, prefetch = false) => ({
  queryKey: bookKeys.chapter(bookId, number),
  queryFn: () => fetchChapter(bookId, number, { prefetch }),
  retry: false,
  retryOnMount: false,
  staleTime: CHAPTER_STALE_MS,
});

/**
 * The chapter's answer kept on the phone (reading cache or download), null when none: the reader shows it
 * while the server's answer is on its way, and only then (useChapterReader).
 */
export const keptChapterQuery = (bookId: number, number: number) => ({
  queryKey: [...bookKeys.chapter(bookId, number), 'kept'] as const,
  queryFn: () =>
    call('readChapter', { query: { bookId, number } }, { kept: true })
      .then(unwrap)
      .catch(() => null),
  retry: false,
  staleTime: 10_000,
});

export const buyChapter = (chapterId: number) => call('chapterBuy', { query: { chapterId } }).then(unwrap);

export const fetchHotWords = () => call('initSearch').then(unwrap);
export const searchBooks = (content: string) => call('search', { query: { content } }).then(unwrap);
