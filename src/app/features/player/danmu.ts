import { PLAYER } from '../../../contract';

/** A comment (spec §3 player comment); text is only ever shown as text. */
export interface Danmu {
  id: number;
  mode: number;
  /** Start, ms. */
  stime: number;
  text: string;
  size: number;
  /** 0xRRGGBB. */
  color: number;
  /** Life on screen, ms. */
  dur: number;
}

/** Five preset colours for sent comments. */
export const DANMU_COLORS = [0xffffff, 0xff5a5f, 0xffd36b, 0x5ee07b, 0x5ab0ff] as const;
/** Comments on screen at most (a phone cannot draw many more smoothly). */
export const DANMU_MAX_ON_SCREEN = 100;
/** Lanes of scrolling comments. */
export const DANMU_LANES = 6;

let seq = 0;

/**
 * Accepts a comment of an allowed mode (1, 4, 5, 6, 7, 8, 17). Mode 8 'script' comments ran code in
 * the library that defined them: here they are never executed, only shown as plain scrolling text.
 */
export function acceptDanmu(c: Omit<Danmu, 'id' | 'dur'> & { dur?: number }): Danmu | null {
  if (!(PLAYER.danmuAcceptedModes as readonly number[]).includes(c.mode)) return null;
  const text = String(c.text ?? '').trim();
  if (!text) return null;
  return { ...c, id: ++seq, mode: c.mode === 8 ? 1 : c.mode, text, dur: c.dur ?? PLAYER.commentLifeMs };
}

/** The comment a user sends: empty text is ignored; scrolling, random size and preset colour, stime 1000. */
export function sentDanmu(text: string, random: () => number = Math.random): Danmu | null {
  const pick = <T>(list: readonly T[]) =>
    list[Math.min(list.length - 1, Math.floor(random() * list.length))]!;
  return acceptDanmu({
    mode: 1,
    stime: 1000,
    text,
    size: pick(PLAYER.danmuSizes),
    color: pick(DANMU_COLORS),
  });
}

/** Adds a comment, dropping the oldest beyond the on-screen cap. */
export const pushDanmu = (list: readonly Danmu[], c: Danmu): Danmu[] =>
  [...list, c].slice(-DANMU_MAX_ON_SCREEN);

export const cssColor = (c: number) => `#${(c & 0xffffff).toString(16).padStart(6, '0')}`;

/** Where a comment goes: scrolling right-to-left (1), left-to-right (6), pinned top (5) or bottom (4). */
export function danmuKind(mode: number): 'rtl' | 'ltr' | 'top' | 'bottom' {
  if (mode === 6) return 'ltr';
  if (mode === 5) return 'top';
  if (mode === 4) return 'bottom';
  return 'rtl';
}
