import type { Chapter } from '../../../contract';

/**
 * Which chapters a 下载 takes. Only chapters the user may read now go to the queue (free, bought, or
 * VIP-free for a VIP); a paid chapter not bought is set aside and named, never bought by a download.
 * The read call stays the judge: a chapter it answers as locked is marked so and not stored.
 */

export type Readability = 'free' | 'bought' | 'vip' | 'locked';

export type DownloadChoice =
  { kind: 'all' } | { kind: 'from'; number: number } | { kind: 'picked'; numbers: readonly number[] };

export interface ChoiceContext {
  /** The book is free for VIPs. */
  vipFree: boolean;
  /** The user's VIP is running now. */
  vipActive: boolean;
  /** Chapter numbers already downloaded or in the queue. */
  queued: ReadonlySet<number>;
}

export interface ChoiceResult {
  /** To add to the queue, in chapter order. */
  take: Chapter[];
  /** Paid chapters not bought: not downloaded. */
  locked: Chapter[];
  /** Already on the phone or in the queue. */
  already: Chapter[];
}

export function readability(
  c: Pick<Chapter, 'price' | 'alreadyBuy'>,
  vipFree: boolean,
  vip: boolean,
): Readability {
  if (c.price <= 0) return 'free';
  if (c.alreadyBuy) return 'bought';
  if (vipFree && vip) return 'vip';
  return 'locked';
}

/** VIP end date (ISO, null when none) still ahead. */
export const isVipActive = (vipEndDate: string | null | undefined, now: number) =>
  !!vipEndDate && Date.parse(vipEndDate) > now;

export function chooseChapters(
  chapters: readonly Chapter[],
  choice: DownloadChoice,
  ctx: ChoiceContext,
): ChoiceResult {
  const picked = choice.kind === 'picked' ? new Set(choice.numbers) : null;
  const inChoice = (c: Chapter) =>
    choice.kind === 'all' ? true : choice.kind === 'from' ? c.number >= choice.number : picked!.has(c.number);
  const out: ChoiceResult = { take: [], locked: [], already: [] };
  for (const c of [...chapters].sort((a, b) => a.number - b.number)) {
    if (!inChoice(c)) continue;
    if (readability(c, ctx.vipFree, ctx.vipActive) === 'locked') out.locked.push(c);
    else if (ctx.queued.has(c.number)) out.already.push(c);
    else out.take.push(c);
  }
  return out;
}

/** Chapters the user may read now (the chooser's counts). */
export const readableChapters = (chapters: readonly Chapter[], vipFree: boolean, vip: boolean) =>
  chapters.filter((c) => readability(c, vipFree, vip) !== 'locked');
