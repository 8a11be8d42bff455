import { z } from 'zod';
import { DANMU_SEND_MODES, DANMU_TEXT_MAX, PLAYER } from '../constants.js';
import { DanmuMsg } from '../messages.js';
import { IntId } from './common.js';

/** A point on the stage as fractions of its width and height (0..1). */
const Fraction = z.number().min(0).max(1);

/** Modes 7 and 17: where the comment starts and its 3D rotation (degrees). */
export const DanmuPosition = z.object({
  x: Fraction,
  y: Fraction,
  rotateY: z.number().min(-360).max(360),
  rotateZ: z.number().min(-360).max(360),
});
export type DanmuPosition = z.infer<typeof DanmuPosition>;

/** Modes 7 and 17: where it ends and its opacity at the end, reached over dur. */
export const DanmuMotion = z.object({ x: Fraction, y: Fraction, opacity: Fraction });
export type DanmuMotion = z.infer<typeof DanmuMotion>;

export const VodDanmu = z.object({
  id: z.number().int(),
  mode: z.number().int(),
  /** Start on the video clock, ms. */
  stime: z.number().int(),
  text: z.string(),
  size: z.number().int(),
  /** 0xRRGGBB. */
  color: z.number().int(),
  /** Life on screen, ms (default PLAYER.commentLifeMs). */
  dur: z.number().int(),
  border: z.boolean(),
  /** Opacity at the start (0..1). */
  opacity: z.number(),
  /** CSS font family; '' for the player's own. */
  font: z.string(),
  shadow: z.boolean(),
  position: DanmuPosition.nullable(),
  motion: DanmuMotion.nullable(),
});
export type VodDanmu = z.infer<typeof VodDanmu>;

/**
 * Line breaks and other control characters would break a one-line comment; bidi embeddings,
 * overrides and isolates (U+202A–U+202E, U+2066–U+2069) would let one viewer's text reorder what
 * others read.
 */
const hasControl = (s: string) =>
  [...s].some((ch) => {
    const c = ch.charCodeAt(0);
    return (
      c < 0x20 ||
      c === 0x7f ||
      c === 0x2028 ||
      c === 0x2029 ||
      (c >= 0x202a && c <= 0x202e) ||
      (c >= 0x2066 && c <= 0x2069)
    );
  });
/** Only invisible format characters (zero-width space, joiners…) is no comment at all. */
const hasVisible = (s: string) => /[^\s\p{Cf}]/u.test(s);
const oneOf = (list: readonly number[]) => (n: number) => list.includes(n);

/** POST /api/vod/danmu (form-encoded): a viewer's comment at stime on the video clock. */
export const DanmuPostBody = z.object({
  vodId: IntId,
  stime: z.coerce
    .number()
    .int()
    .min(0)
    .max(24 * 3_600_000),
  text: z
    .string({ error: DanmuMsg.empty })
    .trim()
    .min(1, DanmuMsg.empty)
    .max(DANMU_TEXT_MAX, DanmuMsg.tooLong)
    .refine(hasVisible, DanmuMsg.empty)
    .refine((s) => !hasControl(s), DanmuMsg.badStyle),
  mode: z.coerce.number().int().refine(oneOf(DANMU_SEND_MODES), DanmuMsg.badStyle).default(1),
  size: z.coerce.number().int().refine(oneOf(PLAYER.danmuSizes), DanmuMsg.badStyle).default(25),
  color: z.coerce.number().int().min(0, DanmuMsg.badStyle).max(0xffffff, DanmuMsg.badStyle).default(0xffffff),
});
export type DanmuPostBody = z.infer<typeof DanmuPostBody>;
