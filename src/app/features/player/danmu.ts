import { DANMU_MODES, PLAYER, type VodDanmu } from '../../../contract';

/** A comment (spec §3 player comment); its text is only ever shown as text. */
export type Danmu = VodDanmu;

/** Five preset colours for sent comments. */
export const DANMU_COLORS = [0xffffff, 0xff5a5f, 0xffd36b, 0x5ee07b, 0x5ab0ff] as const;
/** Comments on screen at most (a phone cannot draw many more smoothly). */
export const DANMU_MAX_ON_SCREEN = 100;

/** Where a comment goes on the stage. */
export type DanmuKind = 'rtl' | 'ltr' | 'top' | 'bottom' | 'positioned';

/** Local ids of comments sent from this screen, apart from the server's positive ids. */
let localSeq = 0;

/**
 * A comment of a known mode with §3's defaults filled in, or null. Mode 8 'script' comments ran code
 * in the library that defined them: here they are never executed, only shown as plain scrolling text.
 */
export function acceptDanmu(c: Partial<Danmu> & Pick<Danmu, 'mode' | 'stime' | 'text'>): Danmu | null {
  if (!(DANMU_MODES as readonly number[]).includes(c.mode)) return null;
  const text = String(c.text ?? '').trim();
  if (!text) return null;
  return {
    id: c.id ?? --localSeq,
    mode: c.mode === 8 ? 1 : c.mode,
    stime: Math.max(0, c.stime),
    text,
    size: c.size ?? 25,
    color: c.color ?? 0xffffff,
    dur: c.dur && c.dur > 0 ? c.dur : PLAYER.commentLifeMs,
    border: c.border ?? false,
    opacity: c.opacity ?? 1,
    font: c.font ?? '',
    shadow: c.shadow ?? true,
    position: c.position ?? null,
    motion: c.motion ?? null,
  };
}

/** Server comments sorted by stime, unknown modes dropped. */
export const acceptAll = (list: readonly Danmu[]): Danmu[] =>
  list.flatMap((c) => acceptDanmu(c) ?? []).sort((a, b) => a.stime - b.stime);

/**
 * The comment a user sends (spec §5): empty text is ignored; it scrolls, with a random listed size and
 * a random preset colour. It is anchored at `stime`, the playback position when sent, so that after a
 * reload it shows again where it was said.
 */
export function sentDanmu(text: string, stime: number, random: () => number = Math.random): Danmu | null {
  const pick = <T>(list: readonly T[]) =>
    list[Math.min(list.length - 1, Math.floor(random() * list.length))]!;
  return acceptDanmu({
    mode: 1,
    stime: Math.round(stime),
    text,
    size: pick(PLAYER.danmuSizes),
    color: pick(DANMU_COLORS),
  });
}

export const cssColor = (c: number) => `#${(c & 0xffffff).toString(16).padStart(6, '0')}`;

export function danmuKind(mode: number): DanmuKind {
  if (mode === 6) return 'ltr';
  if (mode === 5) return 'top';
  if (mode === 4) return 'bottom';
  if (mode === 7 || mode === 17) return 'positioned';
  return 'rtl';
}

export const isScrolling = (kind: DanmuKind) => kind === 'rtl' || kind === 'ltr';

/**
 * Time on screen in ms of the video clock. Scrolling comments cross the stage in the bullet-screen
 * loop (§9: 10 s) scaled by their own life against the default (4000 ms); the rest live `dur`.
 */
export function danmuLife(c: Danmu): number {
  return isScrolling(danmuKind(c.mode)) ? (PLAYER.bulletLoopMs * c.dur) / PLAYER.commentLifeMs : c.dur;
}
