import { PLAYER } from '../../contract/index.js';
import type { Insertable } from 'kysely';
import type { VodDanmuTable } from '../db/schema.js';
import { plainDanmuStyle } from '../services/catalogue/vod-danmu.js';

/**
 * Demo comments for every demo video: each mode of spec §3 early in the clip (so a trial shows them
 * all), a script comment that must stay plain text, and more scattered over the rest of the video.
 */

/** A mode-8 'script' comment: shown as text, it must never run (the e2e test watches this flag). */
export const DEMO_SCRIPT_DANMU = '<img src=x onerror="window.__inkDanmuRan=1">';

const WHITE = 0xffffff;
const CHAT = ['好看！', '前排围观', '这里好评', '哈哈哈哈', '画质不错', '打卡', '来了来了', '太真实了'];
const COLORS = [WHITE, 0xffd36b, 0x5ee07b, 0x5ab0ff, 0xff5a5f];

type Row = Omit<Insertable<VodDanmuTable>, 'id'>;

export function demoDanmuRows(vodId: number, durationSeconds: number, createdAt: string): Row[] {
  const base = { vod_id: vodId, user_id: null, size: 25, color: WHITE, ...plainDanmuStyle(createdAt) };
  const rows: Row[] = [
    { ...base, mode: 1, stime: 500, text: '第一条弹幕，从右往左' },
    { ...base, mode: 5, stime: 1_000, text: '顶部固定弹幕', color: 0xffd36b },
    { ...base, mode: 4, stime: 1_500, text: '底部固定弹幕', color: 0x5ee07b },
    { ...base, mode: 6, stime: 2_000, text: '逆向弹幕，从左往右', color: 0x5ab0ff },
    { ...base, mode: 8, stime: 3_000, text: DEMO_SCRIPT_DANMU, size: 18, color: 0xff5a5f },
    {
      ...base,
      mode: 7,
      stime: 3_500,
      text: '定位弹幕 ↘',
      dur: 5_000,
      border: 1,
      opacity: 1,
      position: JSON.stringify({ x: 0.1, y: 0.15, rotateY: 20, rotateZ: -10 }),
      motion: JSON.stringify({ x: 0.5, y: 0.55, opacity: 0.3 }),
    },
    {
      ...base,
      mode: 17,
      stime: 4_000,
      text: '高级定位弹幕',
      size: 36,
      color: 0xffd36b,
      dur: 4_500,
      opacity: 0.4,
      font: 'serif',
      position: JSON.stringify({ x: 0.6, y: 0.6, rotateY: 0, rotateZ: 15 }),
      motion: JSON.stringify({ x: 0.2, y: 0.2, opacity: 1 }),
    },
  ];
  // Chatter every few seconds over the rest of the clip, in the scrolling and pinned modes.
  const modes = [1, 1, 1, 6, 2, 5, 4];
  for (let t = 5_000, i = 0; t < durationSeconds * 1000 - 1_000; t += 2_700, i++) {
    rows.push({
      ...base,
      mode: modes[(i + vodId) % modes.length]!,
      stime: t,
      text: CHAT[(i + vodId) % CHAT.length]!,
      size: PLAYER.danmuSizes[(i * 3 + vodId) % 3]!,
      color: COLORS[(i + vodId) % COLORS.length]!,
    });
  }
  return rows;
}
