/**
 * Vertical placement of comments on the stage (pure). Two comments whose rows overlap never overlap on
 * screen: a scrolling comment shares rows with an earlier one only when it starts behind that one's tail
 * and cannot catch it up before it leaves; scrolling comments going opposite ways, and pinned comments
 * (with each other or with scrolling ones, when one space holds both), share rows only once the earlier
 * one is gone. When no rows are free a comment is dropped (a busy
 * moment thins out, as on Bilibili) — except the viewer's own, which takes the rows that free first and
 * sends their comments off. Top-down for modes 1, 6 and 5; bottom-up for mode 4.
 */

export interface Flight<K> {
  key: K;
  y: number;
  h: number;
  /** Width in px (scrolling comments). */
  w: number;
  /** Launch on the video clock, ms. */
  start: number;
  /** ms on screen. */
  life: number;
  /** Scrolling direction: -1 right to left (mode 1), 1 left to right (mode 6). */
  dir: -1 | 1;
  scrolling: boolean;
}

export interface Stage {
  width: number;
  height: number;
}

export interface PlaceRequest<K> {
  key: K;
  now: number;
  w: number;
  h: number;
  life: number;
  fromBottom: boolean;
  dir?: -1 | 1;
  /** The viewer's own comment: it always shows, sending off the comments in its way. */
  force?: boolean;
  /** Scrolling or pinned, when the space holds both (default: the space's kind). */
  scrolling?: boolean;
}

export interface Placement<K> {
  y: number;
  /** Comments sent off the stage to make room for a forced one. */
  evicted: K[];
}

/** Gap in px kept between a scrolling comment's tail and the next one's head. */
export const LANE_GAP = 12;

/**
 * The stage comments may use: with subtitles on, the band at its bottom where cues show is kept clear
 * (subtitle-band.ts gives its height).
 */
export const laneStage = (stage: Stage, bottomBand: number): Stage => ({
  width: stage.width,
  height: Math.max(0, stage.height - Math.max(0, bottomBand)),
});

export class DanmuSpace<K = number> {
  private flights: Flight<K>[] = [];

  constructor(private readonly scrolling: boolean) {}

  get count() {
    return this.flights.length;
  }

  clear() {
    this.flights = [];
  }

  /** A comment gone before its time (removed from the screen): its rows are free again. */
  release(key: K) {
    this.flights = this.flights.filter((f) => f.key !== key);
  }

  /** Whether `f` leaves room for a new comment launched at req.now in the rows it covers. */
  private fits(f: Flight<K>, req: PlaceRequest<K>, stage: Stage): boolean {
    const gone = req.now >= f.start + f.life;
    const scrolling = req.scrolling ?? this.scrolling;
    if (gone || !scrolling || !f.scrolling || (req.dir ?? -1) !== f.dir) return gone;
    const W = stage.width;
    const vOld = (W + f.w) / f.life;
    const vNew = (W + req.w) / req.life;
    const tailIn = (req.now - f.start) * vOld >= f.w + LANE_GAP;
    // The new head reaches the far edge no earlier than the old tail has left: the gap between them,
    // which changes linearly, is positive at the start and not negative at the end, so never closes.
    const noCatchUp = f.start + f.life <= req.now + W / vNew;
    return tailIn && noCatchUp;
  }

  /** Where a new comment goes (recorded as in flight), or null when no rows are free for it. */
  place(req: PlaceRequest<K>, stage: Stage): Placement<K> | null {
    this.flights = this.flights.filter((f) => f.start + f.life > req.now);
    const { h } = req;
    const H = stage.height;
    // A comment taller than the stage has no rows. The viewer's own still shows: from the stage's top
    // (over the subtitle band if it must), as tall as it is — on a phone during a trial, with subtitles
    // on and a prompt lifting them, the stage is ~37 px and the spec's sizes go up to 45 px.
    if (h > H && !req.force) return null;
    const candidates =
      h > H
        ? [0]
        : req.fromBottom
          ? [H - h, ...this.flights.map((f) => f.y - h)]
              .filter((y) => y >= 0 && y + h <= H)
              .sort((a, b) => b - a)
          : [0, ...this.flights.map((f) => f.y + f.h)]
              .filter((y) => y >= 0 && y + h <= H)
              .sort((a, b) => a - b);
    let best: { y: number; freeAt: number; blocking: Flight<K>[] } | null = null;
    for (const y of candidates) {
      const blocking = this.flights.filter((f) => f.y < y + h && y < f.y + f.h && !this.fits(f, req, stage));
      if (blocking.length === 0) {
        best = { y, freeAt: -Infinity, blocking };
        break;
      }
      const freeAt = Math.max(...blocking.map((f) => f.start + f.life));
      if (!best || freeAt < best.freeAt) best = { y, freeAt, blocking };
    }
    if (!best || (best.blocking.length > 0 && !req.force)) return null;
    const evicted = new Set(best.blocking);
    this.flights = this.flights.filter((f) => !evicted.has(f));
    this.flights.push({
      key: req.key,
      y: best.y,
      h,
      w: req.w,
      start: req.now,
      life: req.life,
      dir: req.dir ?? -1,
      scrolling: req.scrolling ?? this.scrolling,
    });
    return { y: best.y, evicted: best.blocking.map((f) => f.key) };
  }
}
