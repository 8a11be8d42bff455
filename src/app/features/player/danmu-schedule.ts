import { PLAYER } from '../../../contract';

interface Timed {
  stime: number;
}

/** First index whose stime is at least t (list sorted by stime). */
export function lowerBound(list: readonly Timed[], t: number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (list[mid]!.stime < t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** First index whose stime is above t. */
export function upperBound(list: readonly Timed[], t: number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (list[mid]!.stime <= t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export interface Advance<T> {
  /** The clock jumped (or this is the first step): what is on screen belongs to another moment. */
  resync: boolean;
  /** Comments whose stime came, in order. */
  due: T[];
}

/**
 * Which comments come on the video clock. Each step launches those whose stime passed since the last
 * step; a jump of PLAYER.commentResyncMs or more (a seek) finds the place again by binary search.
 */
export class DanmuTimeline<T extends Timed> {
  private readonly list: T[];
  private cursor = 0;
  private last: number | null = null;
  /** Shown already but still ahead of the cursor: not launched a second time. */
  private readonly skip = new Set<T>();

  constructor(list: readonly T[]) {
    this.list = [...list].sort((a, b) => a.stime - b.stime);
  }

  get size() {
    return this.list.length;
  }

  advance(t: number): Advance<T> {
    const resync = this.last === null || Math.abs(t - this.last) >= PLAYER.commentResyncMs;
    if (resync) {
      this.cursor = lowerBound(this.list, t);
      this.skip.clear();
    }
    this.last = t;
    const due: T[] = [];
    while (this.cursor < this.list.length && this.list[this.cursor]!.stime <= t) {
      const c = this.list[this.cursor++]!;
      if (!this.skip.delete(c)) due.push(c);
    }
    return { resync, due };
  }

  /** A comment already shown (just sent): kept for later seeks, not launched again now. */
  insertShown(c: T) {
    const i = upperBound(this.list, c.stime);
    this.list.splice(i, 0, c);
    const passed = this.last !== null && c.stime <= this.last;
    if (i < this.cursor || (i === this.cursor && passed)) this.cursor++;
    else this.skip.add(c);
  }
}
