import { VOD_TRIAL_SECONDS } from '../../contract/index.js';
import { CATEGORY_NAMES, VOD_TYPE_NAMES, vodNames, type BookName, type VodName } from './names.js';
import type { AdSlot } from '../ports/catalogue-store.js';
import type { Rng } from './rng.js';
import { LIST_AD_PLANS } from './list-ads.js';

/** The demo catalogue planned from the seeded generator: what each book, video and ad will be. */

export const BOOKS_PER_CATEGORY = 8;
/**
 * Videos per type: a full shelf on the video home (VOD_SHELF_SIZE) and three full rows on the type's
 * page. The first of each is made before the first start answers, the rest right after.
 */
export const VODS_PER_TYPE = 6;

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
  /** The length the video is made at. */
  seconds: number;
  price: number;
  canTry: boolean;
  /** Its own trial length, or null for VOD_TRIAL_SECONDS. */
  trialSeconds: number | null;
  createdHoursAgo: number;
  playCount: number;
}

/** Lengths of the demo videos, in seconds. */
export const VOD_SECONDS = { min: 30, max: 180 } as const;
/** Prices of the demo videos, in coins: the shortest costs the least, the longest the most. */
export const VOD_PRICE = { min: 10, max: 50 } as const;

/**
 * A type's videos take one length from each band, in their own order after the first: the first of
 * each type is made before the first start answers (seed.ts EAGER_VODS), so its band is short.
 */
export const VOD_LENGTH_BANDS: readonly (readonly [number, number])[] = [
  [VOD_SECONDS.min, 60],
  [VOD_SECONDS.min, 40],
  [40, 55],
  [55, 75],
  [75, 110],
  [110, VOD_SECONDS.max],
];

/** A video's price from its length: 10 coins for 30 s up to 50 for 3 minutes, in steps of 5. */
export function vodPrice(seconds: number): number {
  const { min, max } = VOD_SECONDS;
  const f = (Math.min(max, Math.max(min, seconds)) - min) / (max - min);
  return 5 * Math.round((VOD_PRICE.min + f * (VOD_PRICE.max - VOD_PRICE.min)) / 5);
}

/**
 * A video's own trial length, or null for the default: a video at least twice the default's length
 * keeps it (buying still gives the larger part); a shorter one offers its first half (in whole 5 s),
 * so a 30 s video is not given away whole by a 40 s trial.
 */
export function vodTrialSeconds(seconds: number, trial = VOD_TRIAL_SECONDS): number | null {
  if (seconds >= 2 * trial) return null;
  return Math.max(5, 5 * Math.floor(seconds / 10));
}

/**
 * The draws the demo's first 30 videos took from the shared generator (names, then each one's price,
 * age and plays): taken still, so every later value of the seeded catalogue (the books' pages) is
 * unchanged. The videos now draw from a generator of their own.
 */
export function skipFirstVodDraws(rng: Rng): void {
  const first = vodNames(rng, 30);
  for (let i = 0; i < first.length * 3; i++) rng.next();
}

export function planVods(rng: Rng, names: VodName[]): VodPlan[] {
  const types = VOD_TYPE_NAMES.length;
  // Per type, the order of its later videos' bands.
  const bandOrder = Array.from({ length: types }, () => {
    const rest = VOD_LENGTH_BANDS.map((_, b) => b).slice(1);
    for (let i = rest.length - 1; i > 0; i--) {
      const j = rng.int(0, i);
      [rest[i], rest[j]] = [rest[j]!, rest[i]!];
    }
    return [0, ...rest];
  });
  return names.map((n, i) => {
    const round = Math.floor(i / types);
    const band = VOD_LENGTH_BANDS[bandOrder[i % types]![round % VOD_LENGTH_BANDS.length]!]!;
    const seconds = rng.int(band[0], band[1]);
    // A few videos allow no trial: their detail shows the end-of-trial panel at once.
    const canTry = i % 9 !== 4;
    return {
      ...n,
      seed: 500 + i,
      typeId: 1 + (i % types),
      seconds,
      price: vodPrice(seconds),
      canTry,
      trialSeconds: canTry ? vodTrialSeconds(seconds) : null,
      createdHoursAgo: rng.int(0, 24 * 60),
      playCount: rng.int(0, 50_000),
    };
  });
}

export interface AdPlan {
  position: AdSlot;
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
  // Each list screen opens on a banner of its own (then the shared ones above): demo/list-ads.ts.
  ...LIST_AD_PLANS,
];

export const HOT_WORD_COUNT = 8;
