import { AccountText } from '../messages.js';

/** Comic cards, book home, catalogue and category screens. */
export const ComicsText = {
  /** A chapter by its number: 第3话. */
  chapter: (n: number) => `第${n}话`,
  /** Large counts as people say them: 1.2万, 3.4亿. */
  tenThousands: (x: string) => `${x}万`,
  hundredMillions: (x: string) => `${x}亿`,
  readers: (count: string) => `${count}人看过`,
  recommendIndex: '推荐指数',
  recommendIndexOf: (n: number) => `推荐指数 ${n}`,
  popularity: '人气',
  freeChapters: '免费章节',
  /** Catalogue link of a finished book: 全12话; of a running one: 更新至12话. */
  allChapters: '全',
  updatedTo: '更新至',
  chapterCount: (n: number) => `${n}话`,
  category: '分类',
  publishStatus: '连载状态',
  /** The 分类 screen's two filter rows, each labelled at its start (both rows begin with 全部). */
  statusFilter: '状态',
  genreFilter: '题材',
  /** The 'all' entry the client prepends to categories and statuses (spec §3). */
  all: '全部',
  continueReading: AccountText.continueReading,
  continueAsk: (chapter: string) => `上次看到${chapter}，是否继续阅读？`,
} as const;
