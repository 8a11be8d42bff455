import { CATEGORY_NAMES, VOD_TYPE_NAMES, type BookName, type VodName } from './names.js';
import type { Rng } from '../demo/rng.js';

/** The demo catalogue planned from the seeded generator: what each book, video and ad will be. */

export const BOOKS_PER_CATEGORY = 8;
/** Videos per type: the first of each is made before the first start answers, the rest right after. */
export const VODS_PER_TYPE = 3;

export interface BookPlan extends BookName {
  seed: number;
  categoryIndex: number;
  publish: 'serialize' | 'finish';
  vipFree: boolean;
  threeD: boolean;
  split: number;
  chapters: number;
  basePrice: number;
  recommend: number;
  readCount: number;
  weekReadCount: number;
  createdDaysAgo: number;
  updatedHoursAgo: number;
}

export function planBooks(rng: Rng, names: BookName[]): BookPlan[] {
  return names.map((n, i) => ({
    ...n,
    seed: i + 1,
    categoryIndex: i % CATEGORY_NAMES.length,
    publish: rng.chance(0.45) ? 'finish' : 'serialize',
    // VIP reads every comic free (spec §1, §6): the per-book flag is for operators, all on in the demo.
    // The draw that once decided it stays, so every later value of the seeded catalogue is unchanged.
    vipFree: rng.chance(0.4) || true,
    threeD: i % 8 === 3,
    split: 1 + (i % 3),
    chapters: rng.int(20, 30),
    basePrice: rng.pick([5, 8, 10, 12, 15, 20, 25, 30]),
    recommend: Math.round((6 + rng.next() * 4) * 10) / 10,
    readCount: rng.int(1_000, 600_000),
    weekReadCount: rng.int(0, 20_000),
    createdDaysAgo: rng.int(1, 180),
    updatedHoursAgo: rng.int(0, 24 * 14),
  }));
}

export interface VodPlan extends VodName {
  seed: number;
  typeId: number;
  price: number;
  canTry: boolean;
  createdHoursAgo: number;
  playCount: number;
}

export function planVods(rng: Rng, names: VodName[]): VodPlan[] {
  return names.map((n, i) => ({
    ...n,
    seed: 500 + i,
    typeId: 1 + (i % VOD_TYPE_NAMES.length),
    price: rng.pick([10, 15, 20, 25, 30, 40, 50]),
    // A few videos allow no trial: their detail shows the end-of-trial panel at once.
    canTry: i % 9 !== 4,
    createdHoursAgo: rng.int(0, 24 * 60),
    playCount: rng.int(0, 50_000),
  }));
}

export interface AdPlan {
  position: 'home' | 'list' | 'vod';
  jumpType: -1 | -2 | 2 | 3;
  title: string;
  /** Banner picture: a line under the title and the button's words. */
  subtitle: string;
  cta: string;
  url: string;
  /** Index into the books for jump type 2. */
  bookIndex?: number;
}

/**
 * The demo's banners. Every link stays inside the app: the demo has no partner sites, and a banner
 * that leads to a foreign placeholder page is a dead end for a reader.
 */
export const AD_PLANS: AdPlan[] = [
  {
    position: 'home',
    jumpType: 2,
    title: '本周主打',
    subtitle: '编辑部熬夜追完的新连载',
    cta: '立即阅读',
    url: '',
    bookIndex: 0,
  },
  {
    position: 'home',
    jumpType: 3,
    title: '充值享好礼',
    subtitle: '充50元加送80金币',
    cta: '去充值',
    url: '',
  },
  {
    position: 'home',
    jumpType: -1,
    title: '人气排行',
    subtitle: '看看大家都在追什么',
    cta: '查看榜单',
    url: '/home/ranked',
  },
  {
    position: 'home',
    jumpType: -1,
    title: '每日更新',
    subtitle: '每天更新，好故事不断',
    cta: '看今日更新',
    url: '/home/day',
  },
  {
    position: 'list',
    jumpType: 2,
    title: '编辑推荐',
    subtitle: '一口气读完的好故事',
    cta: '立即阅读',
    url: '',
    bookIndex: 5,
  },
  {
    position: 'list',
    jumpType: 3,
    title: '开通VIP',
    subtitle: '全站漫画免费看，签到金币翻倍',
    cta: '立即开通',
    url: '',
  },
  {
    position: 'list',
    jumpType: -1,
    title: '看视频',
    subtitle: '动画、音乐、旅行，一刷就停不下来',
    cta: '去看看',
    url: '/vod',
  },
  {
    position: 'vod',
    jumpType: 3,
    title: '购买金币',
    subtitle: '金币解锁更多精彩视频',
    cta: '去充值',
    url: '',
  },
  {
    position: 'vod',
    jumpType: -1,
    title: '看漫画',
    subtitle: '六十多部原创漫画，每天更新',
    cta: '去看看',
    url: '/home',
  },
];

export const HOT_WORD_COUNT = 8;
