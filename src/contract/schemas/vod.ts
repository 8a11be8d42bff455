import { z } from 'zod';
import { IntId, Page } from './common.js';
import { Keyword } from './book.js';

export const VodBrief = z.object({
  vodId: z.number().int(),
  vodName: z.string(),
  vodPic: z.string(),
  vodPointsPlay: z.number().int(),
  typeId: z.number().int(),
  vodDuration: z.number(),
});
export type VodBrief = z.infer<typeof VodBrief>;

export const VodShelf = z.object({
  typeId: z.number().int(),
  typeName: z.string(),
  vods: z.array(VodBrief),
});
export type VodShelf = z.infer<typeof VodShelf>;

export const VodMarker = z.object({
  offset: z.number(),
  coverUrl: z.string(),
  title: z.string(),
  describe: z.string(),
});
export type VodMarker = z.infer<typeof VodMarker>;

export const Vod = VodBrief.extend({
  /** Full master playlist when bought, otherwise the trial master playlist (first 40 s only). */
  vodPlayUrl: z.string(),
  vodPoster: z.string(),
  vodContent: z.string(),
  bought: z.boolean(),
  canTryWatch: z.boolean(),
  /** Seconds of the trial, 0 when bought. */
  trialSeconds: z.number().int(),
  markers: z.array(VodMarker),
  guessLikeList: z.array(VodBrief),
});
export type Vod = z.infer<typeof Vod>;

export const VodList = z.object({ list: z.array(VodBrief), totalPage: z.number().int() });
export type VodList = z.infer<typeof VodList>;
export const VodShelfPage = VodList.extend({ totalCount: z.number().int() });
export type VodShelfPage = z.infer<typeof VodShelfPage>;

export const VodPageParams = z.object({
  category: z.coerce.number().int().min(0).max(2_147_483_647),
  page: Page,
});
export const VodSearchQuery = z.object({ content: Keyword, currentPage: Page.default(1) });
export const VodIdBody = z.object({ vodId: IntId });

/** GET /api/vod/index: one shelf per video type that has videos, in type order. */
export const VodIndexData = z.array(VodShelf);
export type VodIndexData = z.infer<typeof VodIndexData>;
