import { PLAYER } from '../../../contract';

/** How the picture is turned: clockwise degrees in [0, 360) and a horizontal flip. */
export interface VideoView {
  angle: number;
  mirror: boolean;
}

export interface Size {
  width: number;
  height: number;
}

export const identityView: VideoView = { angle: 0, mirror: false };

export const normalizeAngle = (deg: number): number => ((deg % 360) + 360) % 360;

/** One step of the rotate menu: right is clockwise (CSS positive), left anticlockwise. */
export const rotateView = (view: VideoView, dir: 'left' | 'right'): VideoView => ({
  ...view,
  angle: normalizeAngle(view.angle + (dir === 'right' ? 1 : -1) * PLAYER.rotationStepDeg),
});

export const mirrorView = (view: VideoView): VideoView => ({ ...view, mirror: !view.mirror });

/**
 * The picture a `<video>` of `box` size shows with object-fit: contain. Before metadata arrives the
 * intrinsic size is 0, and the box itself is the best guess.
 */
export function containedSize(intrinsic: Size, box: Size): Size {
  if (intrinsic.width <= 0 || intrinsic.height <= 0) return box;
  const k = Math.min(box.width / intrinsic.width, box.height / intrinsic.height);
  return { width: intrinsic.width * k, height: intrinsic.height * k };
}

/**
 * Scale that makes a w×h picture turned by `angle` fit the W×H box (notes/player.md "Rotation"):
 * min(W / (w|cos a| + h|sin a|), H / (w|sin a| + h|cos a|)).
 */
export function fitScale(angle: number, picture: Size, box: Size): number {
  if (picture.width <= 0 || picture.height <= 0 || box.width <= 0 || box.height <= 0) return 1;
  const rad = (normalizeAngle(angle) * Math.PI) / 180;
  // cos 90° is 6e-17, not 0: round so quarter turns give exact spans.
  const cos = Math.abs(Math.round(Math.cos(rad) * 1e12) / 1e12);
  const sin = Math.abs(Math.round(Math.sin(rad) * 1e12) / 1e12);
  const { width: w, height: h } = picture;
  return Math.min(box.width / (w * cos + h * sin), box.height / (w * sin + h * cos));
}

/**
 * The one CSS transform for the `<video>` element (its layout box is `box`). The flip comes last so it
 * applies in the picture's own frame: 'rotate right' then always turns the picture clockwise on screen,
 * mirrored or not. The untouched view is '' so the element keeps no transform at all.
 */
export function videoTransform(view: VideoView, box: Size, intrinsic: Size): string {
  const angle = normalizeAngle(view.angle);
  if (angle === 0 && !view.mirror) return '';
  const scale = fitScale(angle, containedSize(intrinsic, box), box);
  const rounded = Math.round(scale * 10_000) / 10_000;
  return `rotate(${angle}deg) scale(${rounded})${view.mirror ? ' scaleX(-1)' : ''}`;
}
