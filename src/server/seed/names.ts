import type { Rng } from './rng.js';

/**
 * Invented, neutral names for the demo catalogue. Each word has an English twin so the demo pictures
 * (drawn with Latin fonts only) can print a readable title.
 */

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

type Word = readonly [zh: string, en: string];

const TITLE_HEADS: Word[] = [
  ['星辰', 'Star'],
  ['月光', 'Moonlight'],
  ['疾风', 'Gale'],
  ['少年', 'Youth'],
  ['天空', 'Sky'],
  ['迷雾', 'Mist'],
  ['银河', 'Galaxy'],
  ['晨曦', 'Dawn'],
  ['白夜', 'White Night'],
  ['深海', 'Deep Sea'],
  ['森林', 'Forest'],
  ['雪国', 'Snowland'],
  ['机械', 'Machine'],
  ['时光', 'Time'],
  ['烈焰', 'Flame'],
  ['青空', 'Azure'],
];
const TITLE_TAILS: Word[] = [
  ['旅人', 'Traveler'],
  ['物语', 'Tale'],
  ['守护者', 'Guardian'],
  ['学院', 'Academy'],
  ['侦探', 'Detective'],
  ['之歌', 'Song'],
  ['王国', 'Kingdom'],
  ['日记', 'Diary'],
  ['冒险团', 'Explorers'],
  ['奇缘', 'Encounter'],
  ['之城', 'City'],
  ['猎人', 'Hunter'],
  ['社团', 'Club'],
  ['信使', 'Messenger'],
  ['边境', 'Frontier'],
  ['食堂', 'Diner'],
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
  titleEn: string;
  author: string;
  abstract: string;
}

/** `count` distinct book titles with authors and abstracts. */
export function bookNames(rng: Rng, count: number): BookName[] {
  const combos: [Word, Word][] = [];
  for (const h of TITLE_HEADS) for (const t of TITLE_TAILS) combos.push([h, t]);
  // Deterministic shuffle, then the first `count`.
  for (let i = combos.length - 1; i > 0; i--) {
    const j = rng.int(0, i);
    [combos[i], combos[j]] = [combos[j]!, combos[i]!];
  }
  return combos.slice(0, count).map(([h, t]) => ({
    title: h[0] + t[0],
    titleEn: `${h[1]} ${t[1]}`,
    author: rng.pick(SURNAMES) + rng.pick(GIVEN),
    abstract: `在${rng.pick(PLACES)}，${rng.pick(HEROES)}${rng.pick(EVENTS)}，${rng.pick(TWISTS)}`,
  }));
}

const VOD_HEADS: Word[] = [
  ['清晨', 'Morning'],
  ['午后', 'Afternoon'],
  ['城市', 'City'],
  ['山间', 'Mountain'],
  ['海边', 'Seaside'],
  ['夜晚', 'Night'],
  ['极光', 'Aurora'],
  ['街头', 'Street'],
  ['雨中', 'Rainy'],
  ['小镇', 'Town'],
  ['高原', 'Highland'],
  ['湖畔', 'Lakeside'],
];
const VOD_TAILS: Word[] = [
  ['漫步', 'Walk'],
  ['日记', 'Diary'],
  ['时光', 'Moments'],
  ['速写', 'Sketch'],
  ['旋律', 'Melody'],
  ['厨房', 'Kitchen'],
  ['挑战', 'Challenge'],
  ['纪事', 'Chronicle'],
  ['风景', 'Scenery'],
];

export interface VodName {
  name: string;
  nameEn: string;
  content: string;
}

export function vodNames(rng: Rng, count: number): VodName[] {
  const combos: [Word, Word][] = [];
  for (const h of VOD_HEADS) for (const t of VOD_TAILS) combos.push([h, t]);
  for (let i = combos.length - 1; i > 0; i--) {
    const j = rng.int(0, i);
    [combos[i], combos[j]] = [combos[j]!, combos[i]!];
  }
  return combos.slice(0, count).map(([h, t]) => ({
    name: h[0] + t[0],
    nameEn: `${h[1]} ${t[1]}`,
    content: `${h[0]}的${t[0]}，记录${rng.pick(['轻松', '温暖', '热闹', '安静', '有趣'])}的片刻。`,
  }));
}
