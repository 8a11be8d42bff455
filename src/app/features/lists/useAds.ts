import { useEffect, useState } from 'react';
import type { Ad } from '../../../contract';
import { cacheAds, getCachedAds } from '../../lib/device/ads';

/**
 * The ads of a slot: the fresh list once the server answered, else the last one kept on the device
 * (spec §3 local ad list), so the carousel shows at once. undefined while neither is known.
 */
export function useAds(slot: string, fresh: readonly Ad[] | undefined): readonly Ad[] | undefined {
  const [cached, setCached] = useState<Ad[] | null>();
  useEffect(() => {
    let live = true;
    void getCachedAds(slot).then(
      (a) => live && setCached(a ?? null),
      () => live && setCached(null),
    );
    return () => {
      live = false;
    };
  }, [slot]);
  useEffect(() => {
    if (fresh) void cacheAds(slot, [...fresh]).catch(() => undefined);
  }, [slot, fresh]);
  return fresh ?? cached ?? undefined;
}
