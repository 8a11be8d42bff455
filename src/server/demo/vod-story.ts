import type { Scene } from './story.js';
import type { LineStyle } from './captions.js';
import { createRng } from './rng.js';

/**
 * What the demo videos show and say: per video type a place, how its lines are told (captions.ts) and
 * a few bilingual lines. Bubbles: the characters say them in Chinese speech bubbles, with English
 * subtitles; narration: a voice tells them over the picture, with Chinese and English subtitles.
 */

type Line = readonly [zh: string, en: string];

interface VodGenre {
  style: LineStyle;
  scenes: Scene[];
  lines: Line[];
}

/** What the characters of any bubble scene may say. */
const DIALOGUE: Line[] = [
  ['你来得正好！', 'You came just in time!'],
  ['看那边！', 'Look over there!'],
  ['我们出发吧。', "Let's get going."],
  ['这也太棒了吧！', 'This is amazing!'],
  ['等一下，我还没准备好。', "Wait, I'm not ready yet."],
  ['下次还要一起来哦。', "Let's come back together next time."],
  ['你听，好安静。', 'Listen, it is so quiet.'],
  ['今天真是不错的一天。', 'What a good day it has been.'],
  ['快跟上我！', 'Keep up with me!'],
  ['你看到了吗？', 'Did you see that?'],
  ['我有一个好主意。', 'I have a good idea.'],
  ['别担心，交给我。', "Don't worry, leave it to me."],
  ['哇，比我想的还好。', 'Wow, better than I thought.'],
  ['再来一次！', 'One more time!'],
  ['原来是这样啊。', 'So that is how it works.'],
  ['我们拍张照吧。', "Let's take a picture."],
];

/** What the voice of any narrated scene may say. */
const NARRATION: Line[] = [
  ['清晨的光慢慢铺开。', 'The morning light slowly spreads out.'],
  ['这里的一天从很早开始。', 'The day here starts very early.'],
  ['每一个细节都有它的故事。', 'Every detail has a story of its own.'],
  ['人们在这里停下脚步。', 'People stop here for a while.'],
  ['风从远处吹来。', 'The wind blows in from far away.'],
  ['时间在这里走得很慢。', 'Time moves slowly here.'],
  ['这是当地人最爱的地方。', 'This is where the locals love to be.'],
  ['声音、气味和颜色混在一起。', 'Sounds, smells and colours blend together.'],
  ['走近一点，看得更清楚。', 'Come a little closer and it becomes clear.'],
  ['傍晚，一切又安静下来。', 'In the evening, everything grows quiet again.'],
  ['我们沿着小路继续往前。', 'We follow the path onward.'],
  ['这一刻值得记住。', 'This moment is worth remembering.'],
];

/** Indexed like names.ts VOD_TYPE_NAMES. */
const BY_TYPE: VodGenre[] = [
  {
    style: 'bubbles',
    scenes: ['street', 'cafe'],
    lines: [
      ['今天推荐给你一个好地方。', 'Today I have a great place for you.'],
      ['跟着我走就对了。', 'Just follow me.'],
    ],
  },
  {
    style: 'bubbles',
    scenes: ['night', 'street'],
    lines: [
      ['灯光准备，开拍！', 'Lights ready, action!'],
      ['这一幕大家等了很久。', 'Everyone has waited a long time for this scene.'],
    ],
  },
  {
    style: 'bubbles',
    scenes: ['forest', 'space'],
    lines: [
      ['小心，它要醒了！', 'Careful, it is waking up!'],
      ['魔法只能用一次。', 'The spell works only once.'],
    ],
  },
  {
    style: 'narration',
    scenes: ['forest', 'beach'],
    lines: [
      ['这种鸟每年只来一次。', 'This bird comes only once a year.'],
      ['我们安静地等它出现。', 'We wait quietly for it to appear.'],
      ['它们在这里生活了很多年。', 'They have lived here for many years.'],
    ],
  },
  {
    style: 'bubbles',
    scenes: ['field'],
    lines: [
      ['最后一分钟，加油！', 'Last minute, come on!'],
      ['传球！射门！', 'Pass! Shoot!'],
    ],
  },
  {
    style: 'bubbles',
    scenes: ['room', 'night'],
    lines: [
      ['这段旋律我写了一整晚。', 'I wrote this melody all night.'],
      ['跟着节拍一起唱。', 'Sing along with the beat.'],
    ],
  },
  {
    style: 'narration',
    scenes: ['beach', 'street'],
    lines: [
      ['下一站，海边小镇。', 'Next stop, the seaside town.'],
      ['老街两旁都是小店。', 'Little shops line the old street.'],
      ['路上的风景比想象中更美。', 'The views on the way are finer than we imagined.'],
    ],
  },
  {
    style: 'narration',
    scenes: ['cafe', 'room'],
    lines: [
      ['先把面团揉到发亮。', 'First knead the dough until it shines.'],
      ['小火慢炖两个小时。', 'Simmer gently for two hours.'],
      ['最后撒上一把葱花。', 'Finally, scatter some spring onion on top.'],
    ],
  },
  {
    style: 'bubbles',
    scenes: ['room', 'space'],
    lines: [
      ['这台机器人会自己学习。', 'This robot learns by itself.'],
      ['按下按钮试试看。', 'Press the button and see.'],
    ],
  },
  {
    style: 'bubbles',
    scenes: ['room', 'cafe'],
    lines: [
      ['我的蛋糕去哪了？', 'Where did my cake go?'],
      ['不是我吃的，真的！', "It wasn't me, honestly!"],
    ],
  },
];

export interface VodScript {
  scene: Scene;
  style: LineStyle;
  /** Every line the video may tell, in its own order (bubbles: speakers alternate between the two). */
  lines: Line[];
}

/** The place a video's name promises (城市漫步 walks a street, 海边… is at the sea), else its type's. */
const NAME_SCENES: [RegExp, Scene][] = [
  [/城市|街头|小镇/, 'street'],
  [/海边|湖畔/, 'beach'],
  [/夜晚|极光/, 'night'],
  [/山间|高原/, 'forest'],
  [/厨房/, 'cafe'],
  [/挑战/, 'field'],
];

/** How a video type tells its lines. */
export const lineStyleOf = (typeIndex: number): LineStyle => BY_TYPE[typeIndex % BY_TYPE.length]!.style;

export function vodScript(name: string, typeIndex: number, seed: number): VodScript {
  const genre = BY_TYPE[typeIndex % BY_TYPE.length]!;
  const rng = createRng(seed * 48_271 + 3);
  // Every video tells its own order of lines, the type's own ones included.
  const lines = [...genre.lines, ...(genre.style === 'bubbles' ? DIALOGUE : NARRATION)];
  for (let i = lines.length - 1; i > 0; i--) {
    const j = rng.int(0, i);
    [lines[i], lines[j]] = [lines[j]!, lines[i]!];
  }
  const named = NAME_SCENES.find(([re]) => re.test(name))?.[1];
  return { scene: named ?? rng.pick(genre.scenes), style: genre.style, lines };
}

/** The title card and the characters' walk-in come first; the end card last (seconds). */
export const LINE_START = 6;
export const END_CARD_SECONDS = 4;
/** How long a line shows, and the least time from one line's start to the next. */
export const LINE_SHOWN = 4.2;
export const LINE_STEP = 5;

export interface LineTime {
  start: number;
  end: number;
}

/**
 * When a video of `seconds` tells its lines, at most `available` of them: one every LINE_STEP seconds
 * between the walk-in and the end card, spread out evenly when there are fewer lines than that room.
 */
export function lineTimes(seconds: number, available: number): LineTime[] {
  const room = seconds - END_CARD_SECONDS - LINE_START;
  const count = Math.max(0, Math.min(available, Math.floor(room / LINE_STEP)));
  const step = count > 0 ? room / count : 0;
  return Array.from({ length: count }, (_, i) => {
    const start = Math.round((LINE_START + i * step) * 10) / 10;
    return { start, end: Math.round((start + LINE_SHOWN) * 10) / 10 };
  });
}
