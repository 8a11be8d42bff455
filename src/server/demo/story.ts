import { CAST_SETS, type CastSet, type Gesture, type Mood } from './cast.js';
import { createRng, type Rng } from './rng.js';

/**
 * A small story generator for the demo comics: each book gets a cast and a setting that fit its genre,
 * each chapter a title and a place, each panel a line of dialogue. Everything derives from seeds, so
 * the same book always tells the same story.
 */

export type Scene =
  'street' | 'room' | 'classroom' | 'forest' | 'night' | 'space' | 'field' | 'cafe' | 'beach';

export interface Genre {
  /** Category name (names.ts CATEGORY_NAMES). */
  name: string;
  /** Cover palette: background from → to, accent. */
  palette: [string, string, string];
  scenes: Scene[];
  lines: string[];
  chapterWords: string[];
}

const COMMON_LINES = [
  '{B}，你怎么在这儿？',
  '等等我！',
  '原来是这样……',
  '我有一个主意。',
  '这下可麻烦了。',
  '别担心，交给我吧！',
  '你听见了吗？',
  '今天就到这里吧。',
  '我们走！',
  '真的假的？',
  '嘘——小声点。',
  '{A}，谢谢你。',
  '我早就猜到了。',
  '先别急着下结论。',
  '这是最后的机会。',
  '咦？',
  '好久不见！',
  '说好了哦。',
];

export const GENRES: Genre[] = [
  {
    name: '冒险',
    palette: ['#ff9a3c', '#155e63', '#ffe08a'],
    scenes: ['forest', 'field', 'beach', 'street'],
    lines: [
      '地图上标的就是这里！',
      '前面的路断了。',
      '抓紧绳子，别往下看！',
      '宝藏一定就在山的另一边。',
      '天黑之前必须过河。',
      '{A}，快看那边的光！',
      '我们的补给只够三天了。',
      '这条路我小时候走过。',
    ],
    chapterWords: ['启程', '断崖', '古道', '密林', '渡河', '山顶', '藏宝图', '归途', '风暴', '营火'],
  },
  {
    name: '喜剧',
    palette: ['#ffd93d', '#ff6b9d', '#ffffff'],
    scenes: ['room', 'street', 'cafe', 'classroom'],
    lines: [
      '我的布丁呢？！',
      '这不是我干的，是猫干的。',
      '你这身打扮是认真的吗？',
      '哈哈哈，笑死我了！',
      '再来一碗！',
      '闹钟又没响……',
      '{B}，你又迟到了！',
      '这个计划完美无缺！',
    ],
    chapterWords: ['乌龙', '大扫除', '加餐', '误会', '聚会', '搬家', '减肥', '惊喜', '才艺秀', '停电'],
  },
  {
    name: '校园',
    palette: ['#74c0fc', '#e7f5ff', '#1c7ed6'],
    scenes: ['classroom', 'street', 'field', 'room'],
    lines: [
      '下节课是数学，作业写完了吗？',
      '社团招新就在今天！',
      '放学后天台见。',
      '{A}，借我看看笔记嘛。',
      '考试范围这么大？',
      '运动会你报名了吗？',
      '新来的转学生好像很厉害。',
      '老师来了，快坐好！',
    ],
    chapterWords: ['开学', '社团', '月考', '运动会', '文化祭', '天台', '转学生', '毕业照', '补习', '班会'],
  },
  {
    name: '奇幻',
    palette: ['#7b2ff7', '#1a1040', '#ffd166'],
    scenes: ['forest', 'night', 'field', 'street'],
    lines: [
      '咒语念反了！',
      '这把钥匙能打开所有的门。',
      '龙的脚印……还是新的。',
      '只有满月的时候才能进去。',
      '{A}，你的手在发光！',
      '精灵不会说谎。',
      '王国的结界快撑不住了。',
      '跟着萤火虫走。',
    ],
    chapterWords: ['魔法书', '月之门', '精灵', '契约', '龙谷', '结界', '咒语', '王冠', '星图', '古堡'],
  },
  {
    name: '科幻',
    palette: ['#0b3d91', '#00d4ff', '#e0fbfc'],
    scenes: ['space', 'night', 'street', 'room'],
    lines: [
      '能量只剩百分之十二。',
      '信号来自三光年之外。',
      '机器人也会做梦吗？',
      '准备跃迁，三、二、一！',
      '{B}，系统被入侵了。',
      '这颗星球上有水。',
      '时间线又改变了。',
      '打开护盾！',
    ],
    chapterWords: ['信号', '跃迁', '空间站', '失重', '芯片', '登陆', '黑洞', '复制体', '倒计时', '新世界'],
  },
  {
    name: '悬疑',
    palette: ['#2b2d42', '#8d0801', '#edf2f4'],
    scenes: ['night', 'room', 'street', 'cafe'],
    lines: [
      '那天晚上，灯是谁关的？',
      '门是从里面锁上的。',
      '这封信没有署名。',
      '你说谎的时候会眨眼。',
      '{A}，钟停在了九点。',
      '监控少了十分钟。',
      '凶手就在我们之中。',
      '脚印到这里就断了。',
    ],
    chapterWords: ['密室', '来信', '证词', '脚印', '不在场', '旧案', '暗号', '钟声', '对质', '真相'],
  },
  {
    name: '运动',
    palette: ['#2f9e44', '#fd7e14', '#fff3bf'],
    scenes: ['field', 'street', 'beach', 'classroom'],
    lines: [
      '最后一球，拼了！',
      '再跑一圈！',
      '传给我！',
      '比分还差两分。',
      '{A}，你的脚没事吧？',
      '教练说明天加练。',
      '这一次一定要赢！',
      '大家，加油！',
    ],
    chapterWords: ['集训', '预选赛', '替补', '逆转', '加时', '伤停', '决赛', '队长', '冠军', '新赛季'],
  },
  {
    name: '日常',
    palette: ['#ffc9b9', '#fff4e6', '#e8590c'],
    scenes: ['cafe', 'room', 'street', 'beach'],
    lines: [
      '今天的咖啡有点苦。',
      '要不要一起去买菜？',
      '下雨了，带伞了吗？',
      '楼下新开了一家面包店。',
      '{B}，周末去哪儿玩？',
      '猫又跑到阳台上了。',
      '这首歌真好听。',
      '晚饭吃火锅吧！',
    ],
    chapterWords: ['早餐', '雨天', '散步', '小猫', '搬家', '花市', '夜宵', '晴天', '旧照片', '野餐'],
  },
];

const GIVEN_NAMES = [
  '小满',
  '阿杰',
  '若水',
  '子墨',
  '星河',
  '半夏',
  '知秋',
  '南风',
  '青禾',
  '木槿',
  '一白',
  '乐乐',
  '安然',
  '思远',
  '晓雨',
  '大壮',
  '沐沐',
  '小鹿',
  '阿宁',
  '柚子',
];
const COSTUMES = ['#e03131', '#1971c2', '#2f9e44', '#f08c00', '#9c36b5', '#0c8599', '#e64980', '#5c940d'];

export interface CastMember {
  name: string;
  set: CastSet;
  costume: string;
}

export interface BookStory {
  title: string;
  genre: number;
  seed: number;
  cast: CastMember[];
}

/** A book's cast: two or three characters of different sets, with Chinese names. */
export function makeCast(seed: number): CastMember[] {
  const rng = createRng(seed * 7_919 + 17);
  const size = rng.chance(0.5) ? 3 : 2;
  const sets = [...CAST_SETS];
  const names = [...GIVEN_NAMES];
  const cast: CastMember[] = [];
  for (let i = 0; i < size; i++) {
    const set = sets.splice(rng.int(0, sets.length - 1), 1)[0]!;
    const name = names.splice(rng.int(0, names.length - 1), 1)[0]!;
    cast.push({ name, set, costume: rng.pick(COSTUMES) });
  }
  return cast;
}

export function chapterTitle(book: BookStory, chapter: number): string {
  const words = GENRES[book.genre]!.chapterWords;
  const rng = createRng(book.seed * 131 + 7);
  // A per-book rotation of the genre's words, then a second word after the first round.
  const start = rng.int(0, words.length - 1);
  const word = words[(start + chapter - 1) % words.length]!;
  const round = Math.floor((chapter - 1) / words.length);
  return round === 0 ? word : `${word}（${['上', '中', '下', '续'][Math.min(3, round - 1)]}）`;
}

export interface PanelPlan {
  scene: Scene;
  /** Indexes into the cast, left to right. */
  who: number[];
  moods: Mood[];
  gestures: Gesture[];
  /** Line spoken by who[i] (undefined: silent). */
  lines: (string | undefined)[];
  /** A caption box (narration) instead of or beside the talk. */
  caption?: string;
  salt: number;
}

const MOODS: Mood[] = ['happy', 'laugh', 'sad', 'angry', 'surprised', 'thinking', 'neutral', 'worried'];
const GESTURES: Gesture[] = ['stand', 'point', 'think', 'cheer', 'hold', 'hips'];
const CAPTIONS = [
  '第二天早上',
  '与此同时',
  '几分钟后',
  '那天傍晚',
  '夜深了',
  '一周以后',
  '突然——',
  '回到现在',
];

function fill(line: string, cast: CastMember[], speaker: number): string {
  const other = cast[(speaker + 1) % cast.length]!.name;
  const self = cast[speaker]!.name;
  return line.replace('{A}', other).replace('{B}', other === self ? '大家' : other);
}

/** The panels of one page: the count comes from the layout, the content from the page's own seed. */
export function planPanels(book: BookStory, chapter: number, page: number, count: number): PanelPlan[] {
  const genre = GENRES[book.genre]!;
  const rng: Rng = createRng(book.seed * 1_000_003 + chapter * 1_009 + page * 31);
  const chapterRng = createRng(book.seed * 97 + chapter);
  const scene = genre.scenes[chapterRng.int(0, genre.scenes.length - 1)]!;
  const pool = [...genre.lines, ...genre.lines, ...COMMON_LINES];
  const used = new Set<string>();
  // A line is said once a page.
  const line = () => {
    let l = rng.pick(pool);
    for (let tries = 0; used.has(l) && tries < 20; tries++) l = rng.pick(pool);
    used.add(l);
    return l;
  };
  return Array.from({ length: count }, (_, i) => {
    const solo = book.cast.length === 1 || rng.chance(0.35);
    const first = rng.int(0, book.cast.length - 1);
    const who = solo ? [first] : [first, (first + 1 + rng.int(0, book.cast.length - 2)) % book.cast.length];
    const speaks = who.map((_, k) => k === 0 || rng.chance(0.6));
    return {
      // Now and then a panel cuts to another place of the genre.
      scene: rng.chance(0.15) ? rng.pick(genre.scenes) : scene,
      who,
      moods: who.map(() => rng.pick(MOODS)),
      gestures: who.map(() => rng.pick(GESTURES)),
      lines: who.map((w, k) => (speaks[k] ? fill(line(), book.cast, w) : undefined)),
      caption: i === 0 && rng.chance(0.4) ? rng.pick(CAPTIONS) : undefined,
      salt: rng.int(0, 1_000_000),
    };
  });
}
