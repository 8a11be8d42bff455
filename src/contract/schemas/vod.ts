import { z } from 'zod';
import { IntId, Page } from './common.js';
import { Keyword } from './book.js';
import { VodDanmu } from './danmu.js';

export * from './danmu.js';

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

/** The start advert (spec §3 advert): a full cover with a countdown of adDuration seconds (> 0). */
export const StartAdvert = z.object({
  coverUrl: z.string(),
  adUrl: z.string(),
  adDuration: z.number(),
});
export type StartAdvert = z.infer<typeof StartAdvert>;

/** One video ad (spec §3 multi-ad entry): the clip and the advertiser's link. */
export const VideoAdEntry = z.object({ adVideo: z.string(), adVideoLink: z.string() });
export type VideoAdEntry = z.infer<typeof VideoAdEntry>;

/**
 * The player's adverts for this caller and this play: none for VIP; a trial gets the start
 * advert, a full play the video ads as a pre-roll (services/catalogue/player-ads.ts).
 */
export const PlayerAds = z.object({
  startAdvert: StartAdvert.nullable(),
  videoAds: z.array(VideoAdEntry),
});
export type PlayerAds = z.infer<typeof PlayerAds>;

/**
 * GET /api/vod/info/:vodId: what a video's page shows before the caller's own watch answer (the same for
 * every caller, so the server can put it in the page of a first visit).
 */
export const VodInfo = VodBrief.extend({ vodPoster: z.string(), vodContent: z.string() });
export type VodInfo = z.infer<typeof VodInfo>;

/** POST /api/vod/watch: the public facts, and the caller's play URL, access, comments and adverts. */
export const Vod = VodInfo.extend({
  /** Full master playlist when bought, otherwise the trial master playlist (its first trialSeconds only). */
  vodPlayUrl: z.string(),
  bought: z.boolean(),
  canTryWatch: z.boolean(),
  /** Seconds of the trial, 0 when bought. */
  trialSeconds: z.number().int(),
  markers: z.array(VodMarker),
  /** Comments (danmu): the newest DANMU_WATCH_LIMIT, ordered by stime. */
  danmuList: z.array(VodDanmu),
  guessLikeList: z.array(VodBrief),
  playerAds: PlayerAds,
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
/** The same field as a path parameter (GET /api/vod/info/:vodId). */
export const VodIdParams = VodIdBody;
/** POST /api/vod/play_url: the bought video's signed master URL, valid a few minutes. */
export const VodPlayUrl = z.object({ vodPlayUrl: z.string() });
export type VodPlayUrl = z.infer<typeof VodPlayUrl>;

/** GET /api/vod/index: one shelf per video type that has videos, in type order. */
export const VodIndexData = z.array(VodShelf);
export type VodIndexData = z.infer<typeof VodIndexData>;
