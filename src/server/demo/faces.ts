import { CHAR_BOX } from './cast.js';

/**
 * Where a character's face is, so speech bubbles keep off it and their tails point at it. comicgen draws
 * a character as a head (its "emotion" part) over a body, each in the 500×600 box, and the head sits at
 * a different place in every set (bill's near the top, bean's in the middle). These are the unions of the
 * drawn area of each set's emotion files in that box (hair and face; the "dozing"/"sleep" files' floating
 * Zzz left out), measured by rasterising them; tests/server/demo-faces.test.ts measures them again, so a
 * set added to the cast without its box here fails there.
 */

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** [left, top, right, bottom] in the 500×600 box. */
export const FACE_BOXES: Record<string, readonly [number, number, number, number]> = {
  dee: [196, 98, 303, 250],
  dey: [199, 63, 309, 190],
  ringo: [216, 114, 291, 210],
  sophie: [212, 67, 297, 184],
  bill: [208, 25, 291, 127],
  ethan: [208, 34, 278, 134],
  evan: [188, 70, 317, 223],
  ava: [173, 75, 309, 222],
  bean: [201, 283, 299, 365],
  aryan: [228, 70, 286, 161],
  priya: [197, 127, 332, 263],
  // Assembled: the union of every hair (gender/…) and every face style's faces (expression/…).
  aavatar: [161, 24, 330, 229],
};

/**
 * Parts drawn with the body that read as the head and stay clear too: bean is a teacup whose steam
 * (its pose files, from y 154 in the middle) rises over its face.
 */
const HEAD_EXTRA: Record<string, readonly [number, number, number, number]> = {
  bean: [215, 154, 285, 283],
};

/** For a set not measured yet: the span of every measured face (too big rather than too small). */
const ANY_FACE = [173, 25, 332, 365] as const;

/**
 * The face of a character drawn with its box's top-left at (x, y) scaled by `scale`, mirrored about the
 * box's middle when it faces left (as placedCharacter draws it).
 */
export function faceBox(set: string, x: number, y: number, scale: number, mirror: boolean): Box {
  const face = FACE_BOXES[set] ?? ANY_FACE;
  const extra = HEAD_EXTRA[set] ?? face;
  const [l, t, r, b] = [
    Math.min(face[0], extra[0]),
    Math.min(face[1], extra[1]),
    Math.max(face[2], extra[2]),
    Math.max(face[3], extra[3]),
  ];
  const left = mirror ? CHAR_BOX.width - r : l;
  return { x: x + left * scale, y: y + t * scale, w: (r - l) * scale, h: (b - t) * scale };
}
