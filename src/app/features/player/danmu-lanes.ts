/**
 * Vertical placement of comments on the stage (pure). Scrolling comments share space only when the
 * later one neither overlaps the earlier one's tail nor catches it up before it leaves; pinned ones
 * only when the earlier one is gone. Top-down for modes 1, 6 and 5; bottom-up for modes 2 and 4.
 */

export interface Flight {
  y: number;
  h: number;
  /** Width in px (scrolling comments). */
  w: number;
  /** Launch on the video clock, ms. */
  start: number;
  /** ms on screen. */
  life: number;
}

export interface Stage {
  width: number;
  height: number;
}

export interface PlaceRequest {
  now: number;
  w: number;
  h: number;
  life: number;
  fromBottom: boolean;
}

/** Gap in px kept between a scrolling comment's tail and the next one's head. */
const GAP = 12;

export class DanmuSpace {
  private flights: Flight[] = [];

  constructor(private readonly scrolling: boolean) {}

  get count() {
    return this.flights.length;
  }

  clear() {
    this.flights = [];
  }

  /** Whether `f` leaves room for a new comment launched at req.now in the rows it covers. */
  private fits(f: Flight, req: PlaceRequest, stage: Stage): boolean {
    if (!this.scrolling) return req.now >= f.start + f.life;
    const W = stage.width;
    const vOld = (W + f.w) / f.life;
    const vNew = (W + req.w) / req.life;
    const tailIn = (req.now - f.start) * vOld >= f.w + GAP;
    // The new head reaches the far edge no earlier than the old comment has fully left.
    const noCatchUp = f.start + f.life <= req.now + W / vNew;
    return tailIn && noCatchUp;
  }

  /** The y (px) of a new comment, recorded as in flight; overlaps the least busy rows when full. */
  place(req: PlaceRequest, stage: Stage): number {
    this.flights = this.flights.filter((f) => f.start + f.life > req.now);
    const { h } = req;
    const H = stage.height;
    const candidates = req.fromBottom
      ? [H - h, ...this.flights.map((f) => f.y - h)].filter((y) => y >= 0).sort((a, b) => b - a)
      : [0, ...this.flights.map((f) => f.y + f.h)].filter((y) => y + h <= H).sort((a, b) => a - b);
    let best: { y: number; freeAt: number } | null = null;
    for (const y of candidates) {
      const blocking = this.flights.filter((f) => f.y < y + h && y < f.y + f.h && !this.fits(f, req, stage));
      if (blocking.length === 0) {
        best = { y, freeAt: -Infinity };
        break;
      }
      const freeAt = Math.max(...blocking.map((f) => f.start + f.life));
      if (!best || freeAt < best.freeAt) best = { y, freeAt };
    }
    const y = best?.y ?? (req.fromBottom ? Math.max(0, H - h) : 0);
    this.flights.push({ y, h, w: req.w, start: req.now, life: req.life });
    return y;
  }
}
