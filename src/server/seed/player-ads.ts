import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { ensureAdClips, type AdClip } from '../media/ad-clips.js';
import { renderDemoAd } from '../media/demo-art.js';
import type { MediaCtx } from '../media/files.js';
import { storeImage } from '../media/images.js';
import type { BookStory } from '../demo/story.js';

/** The demo start advert's countdown, in seconds: long enough to read, short enough to wait out. */
export const DEMO_START_AD_SECONDS = 3;

const VIDEO_AD_LINKS = [
  'https://example.com/?ad=1',
  'https://example.com/?ad=2',
  'https://example.com/?ad=3',
];

export interface PlayerAdMedia {
  startCover: string;
  clips: AdClip[];
}

/** The start advert's picture (an encrypted image like the banners) and the video ad clips. */
export async function buildPlayerAdMedia(ctx: MediaCtx, stories: BookStory[]): Promise<PlayerAdMedia> {
  const [startCover, clips] = await Promise.all([
    renderDemoAd({
      title: '开通VIP',
      subtitle: '畅享无广告，全站漫画免费看',
      cta: '立即开通',
      palette: 3,
      book: stories[3 % stories.length]!,
    }).then((art) => storeImage(ctx, art)),
    ensureAdClips(ctx),
  ]);
  return { startCover, clips };
}

export async function insertPlayerAds(db: Kysely<DB>, media: PlayerAdMedia): Promise<void> {
  await db
    .insertInto('player_ads')
    .values([
      {
        kind: 'start',
        img_hash: media.startCover,
        media_key: null,
        // The advert for the ad-free tier leads to the top-up page.
        url: '/purchase',
        duration: DEMO_START_AD_SECONDS,
        title: '开通VIP，畅享无广告',
        sort: 0,
      },
      ...media.clips.map((c, i) => ({
        kind: 'video',
        img_hash: null,
        media_key: c.mediaKey,
        url: VIDEO_AD_LINKS[i % VIDEO_AD_LINKS.length]!,
        duration: c.seconds,
        title: c.title,
        sort: i,
      })),
    ])
    .execute();
}
