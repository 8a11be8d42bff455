import { PLAYER } from '../../contract/index.js';
import type { DanmuInput } from '../ports/catalogue-store.js';
import { createRng } from './rng.js';

/**
 * Viewers' comments on each demo video: short natural remarks spread over the clip in the scrolling
 * and pinned modes, with a few positioned ones (modes 7 and 17). The first seconds hold one of each
 * kind, so a trial shows them all. Security cases (markup, script-like text,
 * mode 8) live in the tests that need them, never here.
 */

const WHITE = 0xffffff;
const COLORS = [WHITE, WHITE, WHITE, 0xffd36b, 0x5ee07b, 0x5ab0ff, 0xff8fa3];

const OPENERS = ['来了来了', '前排', '第一次看，期待', '终于更新了', '打卡', '又来重温了'];
const CHATTER = [
  '哈哈哈哈哈',
  '这个背景好好看',
  '画风好可爱',
  '笑死我了',
  '这段音乐好听',
  '好想去这里',
  '太真实了',
  '同款表情',
  '我也想要一个这样的朋友',
  '这句台词记住了',
  '哈哈哈哈这个表情',
  '名场面',
  '好治愈啊',
  '看饿了',
  '节奏真好',
  '镜头好舒服',
  '这里可以截图当壁纸',
  '有被可爱到',
  '233333',
  '我宣布这是今天最好看的',
  '字幕组辛苦了',
  '这个配色好舒服',
  '刚下班来看',
  '循环播放中',
  '谁懂啊，太好笑了',
];
const PINNED_TOP = ['前方高能', '注意看右边', '高能预警', '名场面来了'];
const PINNED_BOTTOM = ['已三连', '收藏了', '求续集', '下集什么时候出'];
const CLOSERS = ['完结撒花', '意犹未尽', '还想再看一遍', '好短！还想看'];

/** The comments of the demo video of generator seed `seed` (its style fields a plain comment's unless set). */
export function demoDanmu(durationSeconds: number, createdAt: string, seed: number): DanmuInput[] {
  const rng = createRng(seed * 7_331 + 1);
  const base = { size: 25, color: WHITE, createdAt };
  const end = durationSeconds * 1000;
  const rows: DanmuInput[] = [
    { ...base, mode: 1, stime: 400 + rng.int(0, 600), text: rng.pick(OPENERS) },
    { ...base, mode: 1, stime: 1_200 + rng.int(0, 600), text: rng.pick(OPENERS) },
    { ...base, mode: 5, stime: 2_000, text: rng.pick(PINNED_TOP), color: 0xffd36b },
    { ...base, mode: 4, stime: 2_600, text: rng.pick(PINNED_BOTTOM), color: 0x5ee07b },
    { ...base, mode: 6, stime: 3_200, text: rng.pick(CHATTER), color: 0x5ab0ff },
    {
      ...base,
      mode: 7,
      stime: 1_500,
      text: '标题字体好可爱',
      size: 30,
      color: 0xffd36b,
      dur: 3_000,
      border: true,
      opacity: 1,
      position: { x: 0.08, y: 0.18, rotateY: 0, rotateZ: -8 },
      motion: { x: 0.12, y: 0.22, opacity: 0.6 },
    },
    {
      ...base,
      mode: 17,
      stime: 4_200,
      text: '出场了！',
      size: 36,
      color: 0xffffff,
      dur: 4_000,
      opacity: 0.5,
      font: 'serif',
      position: { x: 0.6, y: 0.55, rotateY: 0, rotateZ: 6 },
      motion: { x: 0.55, y: 0.35, opacity: 1 },
    },
    {
      ...base,
      mode: 7,
      stime: 15_000 + rng.int(0, 8_000),
      text: '名场面',
      size: 30,
      color: 0xff8fa3,
      dur: 4_000,
      border: true,
      opacity: 1,
      position: { x: 0.7, y: 0.12, rotateY: 0, rotateZ: 5 },
      motion: { x: 0.66, y: 0.16, opacity: 0.7 },
    },
  ];
  // Chatter at uneven gaps over the rest of the clip, mostly scrolling, some pinned.
  const modes = [1, 1, 1, 1, 1, 6, 2, 5, 4];
  for (let t = 5_000 + rng.int(0, 1_500); t < end - 3_000; t += 1_200 + rng.int(0, 2_600)) {
    const mode = rng.pick(modes);
    const text = mode === 5 ? rng.pick(PINNED_TOP) : mode === 4 ? rng.pick(PINNED_BOTTOM) : rng.pick(CHATTER);
    rows.push({
      ...base,
      mode,
      stime: t,
      text,
      size: PLAYER.danmuSizes[rng.int(0, PLAYER.danmuSizes.length - 1)]!,
      color: rng.pick(COLORS),
    });
  }
  rows.push({ ...base, mode: 1, stime: Math.max(0, end - 2_500), text: rng.pick(CLOSERS) });
  return rows;
}
