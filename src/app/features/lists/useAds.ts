import { useEffect, useState } from 'react';
import type { Ad } from '../../../contract';
import { cacheAds, getCachedAds } from '../../lib/device/ads';

/** A fresh list inlined in the page or cached by the service worker comes within this. */
const CACHE_GRACE_MS = 300;

/**
 * The ads of a slot: the fresh list once the server answered, else the last one kept on the device
 * (spec §3 local ad list), so the carousel shows at once. undefined while neither is known.
 *
 * The device database (Dexie) is opened only when it is needed: read when no fresh list came within a
 * moment, written when the page is hidden or the screen left — not while a landing page starts.
 */
export function useAds(slot: string, fresh: readonly Ad[] | undefined): readonly Ad[] | undefined {
  const [cached, setCached] = useState<Ad[] | null>();
  const hasFresh = fresh !== undefined;
  useEffect(() => {
    if (hasFresh) return;
    let live = true;
    const timer = setTimeout(
      () =>
        void getCachedAds(slot).then(
          (a) => live && setCached(a ?? null),
          () => live && setCached(null),
        ),
      CACHE_GRACE_MS,
    );
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [slot, hasFresh]);
  useEffect(() => {
    if (!fresh) return;
    let saved = false;
    const save = () => {
      if (saved) return;
      saved = true;
      void cacheAds(slot, [...fresh]).catch(() => undefined);
    };
    const onHide = () => document.visibilityState === 'hidden' && save();
    document.addEventListener('visibilitychange', onHide);
    return () => {
      document.removeEventListener('visibilitychange', onHide);
      save();
    };
  }, [slot, fresh]);
  return fresh ?? cached ?? undefined;
}
