import { premiseAt } from './premises.js';
import type { Rng } from './rng.js';

/** Invented, neutral names for the demo catalogue (Chinese only: the pictures draw them with npm fonts). */

export const CATEGORY_NAMES = ['冒险', '喜剧', '校园', '奇幻', '科幻', '悬疑', '运动', '日常'] as const;

export const VOD_TYPE_NAMES = [
  '每日推荐',
  '精品热播',
  '动画',
  '纪录',
  '运动',
  '音乐',
  '旅行',
  '美食',
  '科技',
  '喜剧',
] as const;

/** The size of the title grid the premises replaced (its draws are kept, see bookNames). */
const TITLE_GRID = 16 * 16;
/** Authors' pen names: given names no character of the books has. */
const SURNAMES = ['林', '陈', '周', '叶', '苏', '沈', '顾', '许', '韩', '唐', '白', '江'];
const GIVEN = ['一苇', '怀瑾', '明远', '听澜', '砚秋', '望舒', '亦舟', '清和', '素心', '云起'];

export interface BookName {
  title: string;
  author: string;
  abstract: string;
}

/**
 * `count` books' titles, authors and synopses: book i tells premise i / 8 of category i % 8
 * (premises.ts), each with its own title and synopsis.
 */
export function bookNames(rng: Rng, count: number): BookName[] {
  // The draws of the title grid this replaced stay, so every later value of the seeded catalogue
  // (prices, counts, dates, videos) is unchanged.
  for (let i = TITLE_GRID - 1; i > 0; i--) rng.int(0, i);
  return Array.from({ length: count }, (_, i) => {
    const premise = premiseAt(i % CATEGORY_NAMES.length, Math.floor(i / CATEGORY_NAMES.length));
    const author = rng.pick(SURNAMES) + rng.pick(GIVEN);
    for (let d = 0; d < 4; d++) rng.next();
    return { title: premise.title, author, abstract: premise.synopsis };
  });
}

const VOD_HEADS: string[] = [
  '清晨',
  '午后',
  '城市',
  '山间',
  '海边',
  '夜晚',
  '极光',
  '街头',
  '雨中',
  '小镇',
  '高原',
  '湖畔',
];
const VOD_TAILS: string[] = ['漫步', '日记', '时光', '速写', '旋律', '厨房', '挑战', '纪事', '风景'];

export interface VodName {
  name: string;
  content: string;
}

export function vodNames(rng: Rng, count: number): VodName[] {
  const combos: [string, string][] = [];
  for (const h of VOD_HEADS) for (const t of VOD_TAILS) combos.push([h, t]);
  for (let i = combos.length - 1; i > 0; i--) {
    const j = rng.int(0, i);
    [combos[i], combos[j]] = [combos[j]!, combos[i]!];
  }
  return combos.slice(0, count).map(([h, t]) => ({
    name: h + t,
    content: `${h}的${t}，记录${rng.pick(['轻松', '温暖', '热闹', '安静', '有趣'])}的片刻。`,
  }));
}
