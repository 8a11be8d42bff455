import { describe, expect, it } from 'vitest';
import { DanmuSpace, laneStage, type Stage } from '../../src/app/features/player/danmu-lanes';
import { subtitleBand } from '../../src/app/features/player/subtitle-band';

/**
 * The lane rules as a property: many comments of random widths, heights and speeds, thrown at a phone's
 * stage in bursts; every one that is shown keeps clear of every other in its rows for its whole flight,
 * and of the subtitle band while subtitles are on.
 */

/** A comment as it moves: where its left edge is at time t (the stage animates exactly this). */
interface Shown {
  key: number;
  y: number;
  h: number;
  w: number;
  start: number;
  /** When it leaves: the end of its life, or earlier when a forced own comment sent it off. */
  end: number;
  life: number;
  dir: -1 | 1;
  scrolling: boolean;
}

function leftAt(s: Shown, t: number, W: number): number {
  if (!s.scrolling) return (W - s.w) / 2;
  const p = (t - s.start) / s.life;
  // rtl: from x = W to x = -w; ltr: from x = -w to x = W.
  return s.dir === -1 ? W - p * (W + s.w) : -s.w + p * (W + s.w);
}

/** Deterministic pseudo-random numbers (a failure can be replayed). */
function rng(seed: number) {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 2 ** 32;
  };
}

interface Run {
  shown: Shown[];
  dropped: number;
  stage: Stage;
}

function simulate(opts: {
  seed: number;
  scrolling: boolean;
  fromBottom?: boolean;
  band?: number;
  count?: number;
  ownEvery?: number;
  /** Scrolling and pinned (top and bottom) comments in one space, as the stage places them. */
  mixed?: boolean;
}): Run {
  const rand = rng(opts.seed);
  const full: Stage = { width: 390, height: 171 };
  const stage = laneStage(full, opts.band ?? 0);
  const space = new DanmuSpace<number>(opts.mixed ? true : opts.scrolling);
  const shown: Shown[] = [];
  let dropped = 0;
  let now = 0;
  for (let key = 1; key <= (opts.count ?? 400); key++) {
    // Bursts: often several at the same moment, sometimes a pause.
    now += rand() < 0.4 ? 0 : Math.floor(rand() * 900);
    const size = [18, 25, 36][Math.floor(rand() * 3)]!;
    const h = Math.ceil(size * 1.2);
    const w = Math.ceil(size * (1 + Math.floor(rand() * 16)));
    const pick = rand();
    const scrolling = opts.mixed ? pick < 0.7 : opts.scrolling;
    const fromBottom = opts.mixed ? pick >= 0.85 : !!opts.fromBottom;
    const life = scrolling ? [5_000, 10_000, 15_000][Math.floor(rand() * 3)]! : 4_000;
    const dir = scrolling && rand() < 0.2 ? 1 : -1;
    const force = opts.ownEvery ? key % opts.ownEvery === 0 : false;
    const placed = space.place({ key, now, w, h, life, dir, force, fromBottom, scrolling }, stage);
    if (!placed) {
      expect(force, 'an own comment is never dropped').toBe(false);
      dropped++;
      continue;
    }
    for (const k of placed.evicted) {
      const s = shown.find((x) => x.key === k)!;
      s.end = Math.min(s.end, now);
    }
    shown.push({ key, y: placed.y, h, w, start: now, end: now + life, life, dir, scrolling });
  }
  return { shown, dropped, stage };
}

/** Every pair sharing rows and time: their boxes never intersect at any 5 ms step. */
function collisions(run: Run): string[] {
  const W = run.stage.width;
  const found: string[] = [];
  const { shown } = run;
  for (let i = 0; i < shown.length; i++)
    for (let j = i + 1; j < shown.length; j++) {
      const a = shown[i]!;
      const b = shown[j]!;
      if (!(a.y < b.y + b.h && b.y < a.y + a.h)) continue;
      const from = Math.max(a.start, b.start);
      const to = Math.min(a.end, b.end);
      for (let t = from; t < to; t += 5) {
        const ax = leftAt(a, t, W);
        const bx = leftAt(b, t, W);
        // Only what is on the stage counts: both partly inside [0, W] and overlapping each other.
        const inside = (x: number, w: number) => x < W && x + w > 0;
        if (inside(ax, a.w) && inside(bx, b.w) && ax < bx + b.w && bx < ax + a.w) {
          found.push(`${a.key}/${b.key} at ${t}`);
          break;
        }
      }
    }
  return found;
}

describe('danmu lanes never let two comments overlap', () => {
  for (const seed of [1, 7, 42, 2026, 99991]) {
    it(`scrolling comments, both ways, of every speed (seed ${seed})`, () => {
      const run = simulate({ seed, scrolling: true });
      expect(run.shown.length).toBeGreaterThan(60);
      expect(collisions(run)).toEqual([]);
    });
  }

  it('a busy moment drops comments rather than overlap them', () => {
    const run = simulate({ seed: 3, scrolling: true, count: 600 });
    expect(run.dropped).toBeGreaterThan(0);
    expect(collisions(run)).toEqual([]);
  });

  it('pinned comments at the top and at the bottom', () => {
    for (const fromBottom of [false, true]) {
      const run = simulate({ seed: 11, scrolling: false, fromBottom });
      expect(run.shown.length).toBeGreaterThan(50);
      expect(collisions(run)).toEqual([]);
    }
  });

  it('scrolling and pinned comments together (one space, as on the stage): none covers another', () => {
    for (const seed of [2, 17, 404]) {
      const run = simulate({ seed, scrolling: true, mixed: true, ownEvery: 11 });
      expect(run.shown.some((s) => !s.scrolling)).toBe(true);
      expect(collisions(run)).toEqual([]);
    }
  });

  it("the viewer's own comment always shows, sending off those in its way, never on top of them", () => {
    const run = simulate({ seed: 5, scrolling: true, count: 600, ownEvery: 7 });
    expect(run.shown.filter((s) => s.key % 7 === 0)).toHaveLength(Math.floor(600 / 7));
    expect(collisions(run)).toEqual([]);
    const pinned = simulate({ seed: 5, scrolling: false, count: 300, ownEvery: 5 });
    expect(collisions(pinned)).toEqual([]);
  });
});

describe('danmu keep clear of the subtitle band', () => {
  const H = 171;

  it('the band is two cue lines and the gap below them, more while a prompt lifts the cues', () => {
    expect(subtitleBand(false)).toBe(0);
    expect(subtitleBand(true)).toBeGreaterThanOrEqual(4 + 2 * 22);
    expect(subtitleBand(true, true)).toBe(subtitleBand(true) + 40);
  });

  for (const [name, opts] of [
    ['scrolling', { scrolling: true }],
    ['pinned at the top', { scrolling: false }],
    ['pinned at the bottom (mode 4)', { scrolling: false, fromBottom: true }],
  ] as const)
    it(`${name}: no comment enters the band while subtitles are on`, () => {
      const band = subtitleBand(true);
      const run = simulate({ seed: 13, band, ownEvery: 9, ...opts });
      expect(run.shown.length).toBeGreaterThan(20);
      for (const s of run.shown) expect(s.y + s.h).toBeLessThanOrEqual(H - band);
      // With subtitles off the same comments use the whole stage.
      const free = simulate({ seed: 13, ownEvery: 9, ...opts });
      expect(Math.max(...free.shown.map((s) => s.y + s.h))).toBeGreaterThan(H - band);
    });
});

describe('the viewer’s own comment always shows', () => {
  it('even when it is taller than the rows left free (a trial, subtitles on and lifted)', () => {
    // 844-wide phone player 219 px, minus the trial bar (36) and the control bar (48), minus the band.
    const stage = laneStage({ width: 390, height: 219 - 36 - 48 }, subtitleBand(true, true));
    expect(stage.height).toBeLessThan(Math.ceil(45 * 1.2));
    const space = new DanmuSpace<number>(true);
    const other = space.place({ key: 1, now: 0, w: 100, h: 22, life: 8_000, fromBottom: false }, stage);
    expect(other).not.toBeNull();
    // Someone else's comment that tall is dropped; the viewer's own takes the top, sending off what is there.
    expect(space.place({ key: 2, now: 10, w: 200, h: 54, life: 8_000, fromBottom: false }, stage)).toBeNull();
    const own = space.place(
      { key: 3, now: 10, w: 200, h: 54, life: 8_000, fromBottom: false, force: true },
      stage,
    );
    expect(own).toEqual({ y: 0, evicted: [1] });
    // Pinned at the bottom (mode 4) alike.
    const pinned = new DanmuSpace<number>(false);
    expect(
      pinned.place({ key: 4, now: 0, w: 90, h: 54, life: 4_000, fromBottom: true, force: true }, stage)?.y,
    ).toBe(0);
  });
});
