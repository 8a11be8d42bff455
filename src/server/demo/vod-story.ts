import type { Scene } from './story.js';
import { createRng } from './rng.js';

/**
 * What the demo videos show and say: per video type a place and a few bilingual lines (the Chinese is
 * shown in speech bubbles and the zh subtitles, the English in the en subtitles).
 */

type Line = readonly [zh: string, en: string];

interface VodGenre {
  scenes: Scene[];
  lines: Line[];
}

const COMMON: Line[] = [
  ['你来得正好！', 'You came just in time!'],
  ['看那边！', 'Look over there!'],
  ['我们出发吧。', "Let's get going."],
  ['这也太棒了吧！', 'This is amazing!'],
  ['等一下，我还没准备好。', "Wait, I'm not ready yet."],
  ['下次还要一起来哦。', "Let's come back together next time."],
  ['你听，好安静。', 'Listen, it is so quiet.'],
  ['今天真是不错的一天。', 'What a good day it has been.'],
];

/** Indexed like names.ts VOD_TYPE_NAMES. */
const BY_TYPE: VodGenre[] = [
  {
    scenes: ['street', 'cafe'],
    lines: [
      ['今天推荐给你一个好地方。', 'Today I have a great place for you.'],
      ['跟着我走就对了。', 'Just follow me.'],
    ],
  },
  {
    scenes: ['night', 'street'],
    lines: [
      ['灯光准备，开拍！', 'Lights ready, action!'],
      ['这一幕大家等了很久。', 'Everyone has waited a long time for this scene.'],
    ],
  },
  {
    scenes: ['forest', 'space'],
    lines: [
      ['小心，它要醒了！', 'Careful, it is waking up!'],
      ['魔法只能用一次。', 'The spell works only once.'],
    ],
  },
  {
    scenes: ['forest', 'beach'],
    lines: [
      ['这种鸟每年只来一次。', 'This bird comes only once a year.'],
      ['我们安静地等它出现。', 'We wait quietly for it to appear.'],
    ],
  },
  {
    scenes: ['field'],
    lines: [
      ['最后一分钟，加油！', 'Last minute, come on!'],
      ['传球！射门！', 'Pass! Shoot!'],
    ],
  },
  {
    scenes: ['room', 'night'],
    lines: [
      ['这段旋律我写了一整晚。', 'I wrote this melody all night.'],
      ['跟着节拍一起唱。', 'Sing along with the beat.'],
    ],
  },
  {
    scenes: ['beach', 'street'],
    lines: [
      ['下一站，海边小镇。', 'Next stop, the seaside town.'],
      ['记得带上相机。', 'Remember to bring the camera.'],
    ],
  },
  {
    scenes: ['cafe', 'room'],
    lines: [
      ['先把面团揉到发亮。', 'First knead the dough until it shines.'],
      ['闻起来好香啊！', 'It smells so good!'],
    ],
  },
  {
    scenes: ['room', 'space'],
    lines: [
      ['这台机器人会自己学习。', 'This robot learns by itself.'],
      ['按下按钮试试看。', 'Press the button and see.'],
    ],
  },
  {
    scenes: ['room', 'cafe'],
    lines: [
      ['我的蛋糕去哪了？', 'Where did my cake go?'],
      ['不是我吃的，真的！', "It wasn't me, honestly!"],
    ],
  },
];

export interface VodScript {
  scene: Scene;
  /** Dialogue in order; speakers alternate between the two characters. */
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

export function vodScript(name: string, typeIndex: number, seed: number, count: number): VodScript {
  const genre = BY_TYPE[typeIndex % BY_TYPE.length]!;
  const rng = createRng(seed * 48_271 + 3);
  const lines: Line[] = [];
  const pool = [...genre.lines, ...COMMON];
  // Every video tells its own order of lines, the type's own ones included.
  while (lines.length < count) {
    const l = rng.pick(pool);
    if (!lines.includes(l)) lines.push(l);
  }
  const named = NAME_SCENES.find(([re]) => re.test(name))?.[1];
  return { scene: named ?? rng.pick(genre.scenes), lines };
}
