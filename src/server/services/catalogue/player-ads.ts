import type { Kysely } from 'kysely';
import { imageUrl, type PlayerAds, type StartAdvert, type VideoAdEntry } from '../../../contract/index.js';
import type { DB } from '../../db/schema.js';
import { AD_CLIP_PATTERN, adVideoUrl } from '../../media/ad-clips.js';
import type { VodAccess } from '../access.js';

/** The start advert covers the whole player: the widest rendition. */
const START_COVER_SIZE = 500;
/** A longer pre-roll than this drives viewers away from the video they came for. */
export const MAX_VIDEO_ADS = 3;

export interface AdAudience {
  /** A running VIP membership: VIP is the paid, ad-free tier. */
  vip: boolean;
  /** How this viewer plays the video: free and bought in full, locked as a trial (or not at all). */
  access: VodAccess;
  /** A trial player will show (the app shows only the trial-end panel otherwise). */
  canTry: boolean;
}

/**
 * Who sees which advert: whoever paid sees none (a running VIP, or a buyer of this video); a free
 * video the video ads as a pre-roll (closable, each a few seconds); a trial the start advert (a short
 * still with a countdown) — one kind per play, never both stacked, and nothing where no player shows.
 */
export function adSlots(a: AdAudience): { start: boolean; video: boolean } {
  if (a.vip || a.access === 'bought') return { start: false, video: false };
  if (a.access === 'free') return { start: false, video: true };
  return { start: a.canTry, video: false };
}

export const NO_ADS: PlayerAds = { startAdvert: null, videoAds: [] };

export async function playerAdsFor(db: Kysely<DB>, audience: AdAudience): Promise<PlayerAds> {
  const slots = adSlots(audience);
  if (!slots.start && !slots.video) return NO_ADS;
  const rows = await db
    .selectFrom('player_ads')
    .select(['kind', 'img_hash', 'media_key', 'url', 'duration'])
    .where('kind', '=', slots.start ? 'start' : 'video')
    .orderBy('sort')
    .orderBy('id')
    .execute();
  // A row the player cannot show (no cover, no clip, no length) is left out rather than sent broken.
  const startAdvert: StartAdvert | null = slots.start
    ? (rows
        .filter((r) => r.img_hash && Number(r.duration) > 0)
        .map((r) => ({
          coverUrl: imageUrl(r.img_hash!, START_COVER_SIZE),
          adUrl: r.url,
          adDuration: Number(r.duration),
        }))[0] ?? null)
    : null;
  const videoAds: VideoAdEntry[] = slots.video
    ? rows
        .filter((r) => r.media_key && AD_CLIP_PATTERN.test(`${r.media_key}.mp4`))
        .slice(0, MAX_VIDEO_ADS)
        .map((r) => ({ adVideo: adVideoUrl(r.media_key!), adVideoLink: r.url }))
    : [];
  return { startAdvert, videoAds };
}
