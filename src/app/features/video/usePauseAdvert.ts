import { useEffect, useState } from 'react';
import type { Ad } from '../../../contract';
import { getCachedAds } from '../../lib/device/ads';
import type { PlayerAdvert } from '../player/pause-ad';

/** Where an ad leads (spec §3 jumpType): its URL, a book detail or the top-up page. */
export function advertOf(ad: Ad): PlayerAdvert | null {
  const adUrl =
    ad.jumpType === 2 ? `/book/${ad.bizId}` : ad.jumpType === 3 ? '/purchase' : ad.url.trim() || null;
  return adUrl && ad.imgPath ? { coverUrl: ad.imgPath, adUrl, title: ad.title } : null;
}

/**
 * The pause advert: the first usable ad of the lists this device last saw (home, then list screens).
 * The player itself makes no network calls (spec §7), so it gets what the device keeps.
 */
export function usePauseAdvert(): PlayerAdvert | undefined {
  const [advert, setAdvert] = useState<PlayerAdvert>();
  useEffect(() => {
    let live = true;
    void (async () => {
      for (const slot of ['home', 'list']) {
        const ads = (await getCachedAds(slot).catch(() => undefined)) ?? [];
        const found = ads.map(advertOf).find((a) => a !== null);
        if (found) {
          if (live) setAdvert(found);
          return;
        }
      }
    })();
    return () => {
      live = false;
    };
  }, []);
  return advert;
}
