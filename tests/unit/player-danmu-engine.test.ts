import { describe, expect, it } from 'vitest';
import { PLAYER } from '../../src/contract';
import { acceptDanmu, type Danmu } from '../../src/app/features/player/danmu';
import { DanmuSpace } from '../../src/app/features/player/danmu-lanes';
import {
  positionedAt,
  positionedEnds,
  positionedFrames,
} from '../../src/app/features/player/danmu-positioned';
import { DanmuTimeline, lowerBound, upperBound } from '../../src/app/features/player/danmu-schedule';

const stage = { width: 390, height: 180 };
const at = (stime: number, id = stime) => ({ ...acceptDanmu({ mode: 1, stime, text: `c${id}` })!, id });

describe('danmu lanes', () => {
  let key = 0;
  const req = (now: number, fromBottom = false, w = 100) => ({
    key: ++key,
    now,
    w,
    h: 30,
    life: 10_000,
    fromBottom,
  });
  const y = (space: DanmuSpace, r: ReturnType<typeof req>) => space.place(r, stage)?.y ?? null;

  it('mode 1 and 6: comments launched together take rows from the top down', () => {
    const space = new DanmuSpace(true);
    expect([0, 0, 0].map(() => y(space, req(0)))).toEqual([0, 30, 60]);
  });

  it('rows asked for from the bottom (mode 4) are allocated from the bottom up', () => {
    const space = new DanmuSpace(true);
    expect([0, 0, 0].map(() => y(space, req(0, true)))).toEqual([150, 120, 90]);
  });

  it('a row is reused once the earlier tail is in and the new one cannot catch it', () => {
    const space = new DanmuSpace(true);
    expect(y(space, req(0))).toBe(0);
    // 100 px wide at (390 + 100) / 10 s: its tail is in after about 2.3 s.
    expect(y(space, req(1_000))).toBe(30);
    expect(y(space, req(3_000))).toBe(0);
    // A much shorter comment is slower and never catches a long one; a long one would catch a short.
    const s2 = new DanmuSpace(true);
    y(s2, req(0, false, 10));
    expect(y(s2, req(1_000, false, 380))).toBe(30);
  });

  it('pinned rows free only when the comment is gone; a full stage drops what comes', () => {
    const space = new DanmuSpace(false);
    const pin = (now: number) =>
      space.place({ key: ++key, now, w: 50, h: 60, life: 4_000, fromBottom: false }, stage)?.y ?? null;
    expect([pin(0), pin(1_000), pin(2_000)]).toEqual([0, 60, 120]);
    expect(pin(2_500)).toBeNull();
    expect(pin(4_000)).toBe(0);
    const bottom = new DanmuSpace(false);
    expect(bottom.place({ key: 1, now: 0, w: 50, h: 60, life: 4_000, fromBottom: true }, stage)?.y).toBe(120);
  });

  it('clear empties the stage (a seek)', () => {
    const space = new DanmuSpace(true);
    space.place(req(0), stage);
    space.clear();
    expect(y(space, req(0))).toBe(0);
  });
});

describe('danmu positioned (modes 7 and 17)', () => {
  const c: Danmu = {
    ...acceptDanmu({ mode: 7, stime: 0, text: 'p', dur: 5_000, opacity: 1 })!,
    position: { x: 0.1, y: 0.2, rotateY: 30, rotateZ: -10 },
    motion: { x: 0.5, y: 0.6, opacity: 0.25 },
  };

  it('moves from position to motion and fades over its life', () => {
    const [from, to] = positionedEnds(c, 400, 200);
    expect(from).toEqual({ x: 40, y: 40, opacity: 1 });
    expect(to).toEqual({ x: 200, y: 120, opacity: 0.25 });
    expect(positionedAt(c, 400, 200, 0.5)).toEqual({ x: 120, y: 80, opacity: 0.625 });
    expect(positionedAt(c, 400, 200, 2)).toEqual(to);
  });

  it('keeps the 3D rotation in both keyframes', () => {
    const frames = positionedFrames({ ...c, mode: 17 }, 400, 200);
    expect(frames).toEqual([
      { transform: 'translate(40px, 40px) rotateY(30deg) rotateZ(-10deg)', opacity: 1 },
      { transform: 'translate(200px, 120px) rotateY(30deg) rotateZ(-10deg)', opacity: 0.25 },
    ]);
  });

  it('without motion it stays where it is', () => {
    const still = { ...c, motion: null };
    expect(positionedAt(still, 400, 200, 0.9)).toEqual({ x: 40, y: 40, opacity: 1 });
  });
});

describe('danmu schedule', () => {
  const list = [0, 500, 1_000, 1_000, 4_000, 9_000, 9_500].map((s, i) => at(s, i + 1));

  it('binary search by stime', () => {
    expect(lowerBound(list, 1_000)).toBe(2);
    expect(upperBound(list, 1_000)).toBe(4);
    expect(lowerBound(list, 10_000)).toBe(list.length);
    expect(lowerBound([], 5)).toBe(0);
  });

  it('launches comments as the clock reaches their stime, each once', () => {
    const tl = new DanmuTimeline([...list].reverse());
    expect(tl.advance(0).due.map((c) => c.id)).toEqual([1]);
    expect(tl.advance(600).due.map((c) => c.id)).toEqual([2]);
    expect(
      tl
        .advance(1_200)
        .due.map((c) => c.id)
        .sort(),
    ).toEqual([3, 4]);
    expect(tl.advance(1_210).due).toEqual([]);
    expect(tl.advance(2_000)).toEqual({ resync: false, due: [] });
  });

  it('a jump of 2000 ms or more resyncs by stime; smaller steps do not', () => {
    const tl = new DanmuTimeline(list);
    tl.advance(0);
    const seek = tl.advance(9_000);
    expect(seek.resync).toBe(true);
    // Comments before the new time are skipped, the one at it is due.
    expect(seek.due.map((c) => c.id)).toEqual([6]);
    const back = tl.advance(9_000 - PLAYER.commentResyncMs);
    expect(back.resync).toBe(true);
    expect(back.due).toEqual([]);
    expect(tl.advance(8_500).resync).toBe(false);
    expect(tl.advance(9_600).due.map((c) => c.id)).toEqual([6, 7]);
  });

  it('a sent comment is not launched again, but comes back after a seek to it', () => {
    const tl = new DanmuTimeline(list);
    tl.advance(4_100);
    tl.insertShown(at(4_105, 99));
    expect(tl.advance(4_200).due).toEqual([]);
    tl.insertShown(at(4_150, 98));
    expect(tl.advance(4_300).due).toEqual([]);
    expect(tl.size).toBe(list.length + 2);
    // Seek back to 1 s, then play on: both come again in stime order.
    expect(tl.advance(1_000)).toMatchObject({ resync: true });
    expect(tl.advance(2_500).due).toEqual([]);
    expect(tl.advance(4_000).due.map((c) => c.id)).toEqual([5]);
    expect(tl.advance(4_200).due.map((c) => c.id)).toEqual([99, 98]);
  });
});
