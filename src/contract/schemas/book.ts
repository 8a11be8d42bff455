import { z } from 'zod';
import { SEARCH_KEYWORD_MAX } from '../constants.js';
import { Msg } from '../messages.js';
import { Ad, IntId, Page } from './common.js';
import { DailySignConfig } from './user.js';

export const PublishStatus = z.enum(['serialize', 'finish']);
export type PublishStatus = z.infer<typeof PublishStatus>;

export const Book = z.object({
  bookId: z.number().int(),
  title: z.string(),
  author: z.string(),
  cover: z.string(),
  horiCover: z.string(),
  publishStatus: PublishStatus,
  recommend: z.number(),
  readCount: z.number().int(),
  abstractContent: z.string(),
  categoryId: z.number().int(),
  categoryName: z.string(),
  chapterCount: z.number().int(),
  vipFree: z.boolean(),
  /**
   * Not in spec §3: what the lists rank by, so each row can say it (本周1.2万人看, 3天前上架, 2小时前更新).
   * Optional: books kept on a device before they existed lack them.
   */
  weekReadCount: z.number().int().optional(),
  /** ISO UTC: when the book came out (its first chapter) and when its newest chapter did. */
  publishedAt: z.string().optional(),
  updatedAt: z.string().optional(),
});
export type Book = z.infer<typeof Book>;

export const Category = z.object({ id: z.string(), name: z.string() });
export type Category = z.infer<typeof Category>;
export const PublishStatusOption = z.object({ code: z.string(), desc: z.string() });
export type PublishStatusOption = z.infer<typeof PublishStatusOption>;
export const CategoryData = z.object({
  categoryList: z.array(Category),
  publishStatusList: z.array(PublishStatusOption),
});
/** The id of the 'all' entry the client prepends to category and publish lists. */
export const ALL_ID = '0';

export const Chapter = z.object({
  bookId: z.number().int(),
  chapterId: z.number().int(),
  number: z.number().int(),
  title: z.string(),
  cover: z.string(),
  price: z.number().int(),
  alreadyBuy: z.boolean(),
});
export type Chapter = z.infer<typeof Chapter>;

/** One page of a chapter: its parts (picSplitCount of them, left to right) and its full size. */
export const PicGroup = z.object({
  width: z.number().int(),
  height: z.number().int(),
  parts: z.array(z.string()),
});
export type PicGroup = z.infer<typeof PicGroup>;

export const ChapterReadInfo = z.object({
  bookId: z.number().int(),
  bookName: z.string(),
  bookCover: z.string(),
  bookPics: z.array(PicGroup),
  picSplitCount: z.number().int().min(1).max(4),
  bookPrice: z.number().int(),
  bookVipFree: z.boolean(),
  chapterId: z.number().int(),
  content: z.string(),
  /** Previous chapter number, 0 when this is the first. */
  lastNumber: z.number().int(),
  /** Next chapter number, 0 when this is the last. */
  nextNumber: z.number().int(),
  number: z.number().int(),
  price: z.number().int(),
  title: z.string(),
  totalNumber: z.number().int(),
});
export type ChapterReadInfo = z.infer<typeof ChapterReadInfo>;

export const BookList = z.object({
  adList: z.array(Ad),
  bookList: z.array(Book),
  totalPage: z.number().int(),
  totalItem: z.number().int(),
});
export type BookList = z.infer<typeof BookList>;

export const ShowcaseType = z.enum(['e_recommend', 'new', 'hot', 'kkbg', 'three_d', 'new_on']);
export type ShowcaseType = z.infer<typeof ShowcaseType>;
export const ShowcaseParams = z.object({ type: ShowcaseType, page: Page });
export const QueryParams = z.object({
  publish: z.union([PublishStatus, z.literal('0')]),
  category: z.coerce.number().int().min(0).max(2_147_483_647),
  page: Page,
});
export const PageParams = z.object({ page: Page });
export const CategoryQuery = z.coerce.number().int().min(0).max(2_147_483_647).default(0);

export const TodayUpdateQuery = z.object({
  category: CategoryQuery,
  pageSize: z.coerce.number().int().min(1).max(50).default(10),
  currentPage: Page.default(1),
});
export const TodayUpdateData = BookList.extend({ dailySign: DailySignConfig.nullable() });
export type TodayUpdateData = z.infer<typeof TodayUpdateData>;

export const RankQuery = z.object({
  category: CategoryQuery,
  type: z.enum(['total', 'week']).default('total'),
  currentPage: Page.default(1),
});

export const HomeIndex = z.object({
  adList: z.array(Ad),
  recommendList: z.array(Book),
  newOnList: z.array(Book),
  newList: z.array(Book),
  kkbgList: z.array(Book),
  hotList: z.array(Book),
});
export type HomeIndex = z.infer<typeof HomeIndex>;
export const ThreeDData = z.object({ bookList: z.array(Book) });

export const DetailParams = z.object({ id: IntId });
export const BookDetail = z.object({
  book: Book,
  chapterList: z.array(Chapter),
  /** Last chapter number the caller read (server history), 0 when none. */
  lastChapter: z.number().int(),
  recommendList: z.array(Book),
});
export type BookDetail = z.infer<typeof BookDetail>;

export const ChapterListInput = z.object({ bookId: IntId });
/** Reader ids: a missing or bad one answers the spec's 当前书本信息未加载 message. */
const ReaderId = z.coerce
  .number({ error: Msg.bookNotLoaded })
  .int(Msg.bookNotLoaded)
  .positive(Msg.bookNotLoaded)
  .max(2_147_483_647, Msg.bookNotLoaded);
export const ReadChapterQuery = z.object({
  bookId: ReaderId,
  number: ReaderId,
  /** '1' when the reader fetches ahead: not a read, so no read count and no history. */
  prefetch: z.enum(['0', '1']).optional(),
});
export const ChapterBuyQuery = z.object({ chapterId: IntId });
/** Chapter and video buy answer: coins charged now (0 when owned, free or VIP-free) and the balance. */
export const BuyData = z.object({ charged: z.number().int(), avaliableAmount: z.number().int() });
export type BuyData = z.infer<typeof BuyData>;

export const Keyword = z
  .string({ error: Msg.enterKeyword })
  .trim()
  .min(1, Msg.enterKeyword)
  .max(SEARCH_KEYWORD_MAX, Msg.keywordTooLong);
export const SearchQuery = z.object({ content: Keyword });
export const HotWords = z.object({ hotWords: z.array(z.string()) });

/** The data of a read_chapter answer with code 999 (Code.UNPAID): what the buy dialog shows. */
export const ChapterUnpaid = z.object({
  bookId: z.number().int(),
  bookName: z.string(),
  bookVipFree: z.boolean(),
  chapterId: z.number().int(),
  number: z.number().int(),
  title: z.string(),
  price: z.number().int(),
  /** The caller's coins (0 without a session). */
  balance: z.number().int(),
  /** The chapter's own cover (its first page's thumbnail, as in the catalogue): the reader's blurred preview. */
  cover: z.string(),
});
export type ChapterUnpaid = z.infer<typeof ChapterUnpaid>;
export type CategoryData = z.infer<typeof CategoryData>;
export const SearchResult = z.array(Book);
