import type { CatalogueStore } from '../ports/catalogue-store.js';
import { ensureAdClips, type AdClip } from './ad-clips.js';
import { renderDemoAd } from './art.js';
import type { MediaCtx } from '../media/files.js';
import { storeImage } from '../media/images.js';
import type { BookStory } from './story.js';

/** The demo start advert's countdown, in seconds: long enough to read, short enough to wait out. */
export const DEMO_START_AD_SECONDS = 3;
/** The start advert covers the player (spec §3 full cover): drawn at the player's 16:9, nothing is cut. */
export const START_AD_SIZE_PX = { width: 750, height: 422 } as const;

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
      size: START_AD_SIZE_PX,
    }).then((art) => storeImage(ctx, art)),
    ensureAdClips(ctx),
  ]);
  return { startCover, clips };
}

export async function insertPlayerAds(store: CatalogueStore, media: PlayerAdMedia): Promise<void> {
  await store.transaction(async (tx) => {
    await tx.createPlayerAd({
      kind: 'start',
      imageHash: media.startCover,
      // The advert for the ad-free tier leads to the top-up page.
      url: '/purchase',
      duration: DEMO_START_AD_SECONDS,
      title: '开通VIP，畅享无广告',
      sort: 0,
    });
    for (const [i, c] of media.clips.entries()) {
      await tx.createPlayerAd({
        kind: 'video',
        mediaKey: c.mediaKey,
        url: VIDEO_AD_LINKS[i % VIDEO_AD_LINKS.length]!,
        duration: c.seconds,
        title: c.title,
        sort: i,
      });
    }
  });
}
