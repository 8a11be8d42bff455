import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { Ad, HomeIndex } from '../../../contract';
import { bookKeys, fetchHome } from '../../lib/api/books';
import { getCachedAds, getCachedAdsByPrefix } from '../../lib/device/ads';
import type { PlayerAdvert } from '../player/pause-ad';

/** Where an ad leads (spec §3 jumpType): its URL, a book detail or the top-up page. */
export function advertOf(ad: Ad): PlayerAdvert | null {
  const adUrl =
    ad.jumpType === 2 ? `/book/${ad.bizId}` : ad.jumpType === 3 ? '/purchase' : ad.url.trim() || null;
  return adUrl && ad.imgPath ? { coverUrl: ad.imgPath, adUrl, title: ad.title } : null;
}

const firstAdvert = (lists: readonly (readonly Ad[] | undefined)[]): PlayerAdvert | undefined => {
  for (const ads of lists) {
    const found = (ads ?? []).map(advertOf).find((a) => a !== null);
    if (found) return found;
  }
  return undefined;
};

/**
 * Where the pause advert comes from, first found: the home's ads this page already holds (the visitor
 * came from home: the device has not kept them yet, it does so when home is left), the lists the device
 * kept (home, then each list screen's own 'list:…' slot), and last the home's ads asked for once — a
 * visitor who came straight to a video by a link has none kept, and the spec's pause advert shows for
 * them too. The player itself makes no network calls (spec §7): the page gives it the advert.
 */
export async function findPauseAdvert(qc: QueryClient): Promise<PlayerAdvert | undefined> {
  const held = qc.getQueryData<HomeIndex>(bookKeys.home())?.adList;
  const kept = async () => [
    await getCachedAds('home').catch(() => undefined),
    ...(await getCachedAdsByPrefix('list:').catch(() => [])),
  ];
  const asked = async () =>
    (await qc.fetchQuery({ queryKey: bookKeys.home(), queryFn: fetchHome }).catch(() => undefined))?.adList;
  return firstAdvert([held]) ?? firstAdvert(await kept()) ?? firstAdvert([await asked()]);
}

/** The pause advert of this video page (findPauseAdvert), once known. */
export function usePauseAdvert(): PlayerAdvert | undefined {
  const qc = useQueryClient();
  const [advert, setAdvert] = useState<PlayerAdvert>();
  useEffect(() => {
    let live = true;
    void findPauseAdvert(qc).then((a) => live && a && setAdvert(a));
    return () => {
      live = false;
    };
  }, [qc]);
  return advert;
}
