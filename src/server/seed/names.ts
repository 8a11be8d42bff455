import type { Rng } from '../demo/rng.js';

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

const TITLE_HEADS: string[] = [
  '星辰',
  '月光',
  '疾风',
  '少年',
  '天空',
  '迷雾',
  '银河',
  '晨曦',
  '白夜',
  '深海',
  '森林',
  '雪国',
  '机械',
  '时光',
  '烈焰',
  '青空',
];
const TITLE_TAILS: string[] = [
  '旅人',
  '物语',
  '守护者',
  '学院',
  '侦探',
  '之歌',
  '王国',
  '日记',
  '冒险团',
  '奇缘',
  '之城',
  '猎人',
  '社团',
  '信使',
  '边境',
  '食堂',
];
const SURNAMES = ['林', '陈', '周', '叶', '苏', '沈', '顾', '许', '韩', '唐', '白', '江'];
const GIVEN = ['一白', '小满', '知秋', '南风', '若水', '青禾', '子墨', '星河', '半夏', '木槿'];

const PLACES = [
  '海边小镇',
  '浮空之城',
  '古老学院',
  '无名森林',
  '雪山脚下',
  '未来都市',
  '沙漠绿洲',
  '港口老街',
];
const HEROES = [
  '一名见习生',
  '一个爱笑的少年',
  '一位退休的侦探',
  '一对好朋友',
  '一只会说话的猫',
  '一名新来的转学生',
];
const EVENTS = [
  '捡到了一张旧地图',
  '卷入了一场奇怪的比赛',
  '收到了一封没有署名的信',
  '发现了一扇通往别处的门',
  '答应了一个看似简单的委托',
];
const TWISTS = [
  '一段意想不到的旅程就此展开。',
  '原本平静的日子从此变得热闹起来。',
  '他们必须在期限之前找到真相。',
  '友情与勇气将接受真正的考验。',
  '每一个选择都会改变故事的结局。',
];
export const CHAPTER_WORDS = [
  '启程',
  '相遇',
  '秘密',
  '约定',
  '风暴',
  '重逢',
  '抉择',
  '黎明',
  '归途',
  '试炼',
  '回响',
  '暗流',
  '灯火',
  '远方',
  '誓言',
  '转机',
  '夜行',
  '真相',
  '晴天',
  '告别',
] as const;

export interface BookName {
  title: string;
  author: string;
  abstract: string;
}

/** `count` distinct book titles with authors and abstracts. */
export function bookNames(rng: Rng, count: number): BookName[] {
  const combos: [string, string][] = [];
  for (const h of TITLE_HEADS) for (const t of TITLE_TAILS) combos.push([h, t]);
  // Deterministic shuffle, then the first `count`.
  for (let i = combos.length - 1; i > 0; i--) {
    const j = rng.int(0, i);
    [combos[i], combos[j]] = [combos[j]!, combos[i]!];
  }
  return combos.slice(0, count).map(([h, t]) => ({
    title: h + t,
    author: rng.pick(SURNAMES) + rng.pick(GIVEN),
    abstract: `在${rng.pick(PLACES)}，${rng.pick(HEROES)}${rng.pick(EVENTS)}，${rng.pick(TWISTS)}`,
  }));
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
