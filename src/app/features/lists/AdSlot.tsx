import { memo } from 'react';
import type { Ad } from '../../../contract';
import { Carousel } from '../../components/Carousel';
import { useAds } from './useAds';

export const AD_W = 750;
export const AD_H = 300;

/**
 * The ad carousel of a screen. While the ads are not known yet its box is reserved, so the list below
 * does not jump when they arrive.
 */
export const AdSlot = memo(function AdSlot({
  slot,
  fresh,
  pending,
}: {
  slot: string;
  fresh?: readonly Ad[];
  pending: boolean;
}) {
  const ads = useAds(slot, fresh);
  if (!ads)
    return pending ? (
      <div className="carousel ad-reserve" style={{ aspectRatio: `${AD_W} / ${AD_H}` }} />
    ) : null;
  return <Carousel ads={ads} width={AD_W} height={AD_H} />;
});
