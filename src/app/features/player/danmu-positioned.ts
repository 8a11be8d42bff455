import type { Danmu } from './danmu';

/** Modes 7 and 17: position, opacity and 3D rotation, moving from → to over the comment's life. */

export interface PositionedState {
  /** px from the stage's left and top */
  x: number;
  y: number;
  opacity: number;
}

export function positionedEnds(c: Danmu, width: number, height: number): [PositionedState, PositionedState] {
  const from = { x: (c.position?.x ?? 0) * width, y: (c.position?.y ?? 0) * height, opacity: c.opacity };
  const to = c.motion
    ? { x: c.motion.x * width, y: c.motion.y * height, opacity: c.motion.opacity }
    : { ...from };
  return [from, to];
}

/** Where the comment is at `progress` (0..1) of its life: linear, like its animation. */
export function positionedAt(c: Danmu, width: number, height: number, progress: number): PositionedState {
  const [a, b] = positionedEnds(c, width, height);
  const p = Math.min(1, Math.max(0, progress));
  return {
    x: a.x + (b.x - a.x) * p,
    y: a.y + (b.y - a.y) * p,
    opacity: a.opacity + (b.opacity - a.opacity) * p,
  };
}

const transformOf = (s: PositionedState, c: Danmu) =>
  `translate(${s.x}px, ${s.y}px) rotateY(${c.position?.rotateY ?? 0}deg) rotateZ(${c.position?.rotateZ ?? 0}deg)`;

/** The two keyframes of the comment's animation. */
export function positionedFrames(c: Danmu, width: number, height: number): Keyframe[] {
  return positionedEnds(c, width, height).map((s) => ({ transform: transformOf(s, c), opacity: s.opacity }));
}
