import { memo } from 'react';
import { PlainLink } from '../../components/PlainLink';
import { type VodBrief, CommonText } from '../../../contract';
import { SecureImage } from '../../components/SecureImage';
import { formatTime } from '../player/resume';
import { vodCardPrice } from './vod-price';

/** Posters are 16:9 (the _500_0 rendition). */
const POSTER_W = 500;
const POSTER_H = 281;

/** A video in a grid: poster with duration, name, price (or 已购买 where `bought`). */
export function VodCard({
  vod,
  eager,
  bought = false,
}: {
  vod: VodBrief;
  eager?: boolean;
  bought?: boolean;
}) {
  return (
    <PlainLink link={{ to: '/vod/detail', search: { vodId: vod.vodId } }} className="vod-card">
      <span className="vod-card-poster">
        <SecureImage
          src={vod.vodPic}
          width={POSTER_W}
          height={POSTER_H}
          alt={CommonText.cover(vod.vodName)}
          eager={eager}
        />
        {vod.vodDuration > 0 && <span className="vod-card-duration">{formatTime(vod.vodDuration)}</span>}
      </span>
      <span className="vod-card-name">{vod.vodName}</span>
      <span className={bought ? 'vod-card-price bought' : 'vod-card-price'}>{vodCardPrice(vod, bought)}</span>
    </PlainLink>
  );
}

/** Memoised: the detail page re-renders with the player's state; its list of videos stays the same. */
export const VodGrid = memo(function VodGrid({
  vods,
  eagerCount = 0,
}: {
  vods: readonly VodBrief[];
  eagerCount?: number;
}) {
  return (
    <div className="vod-grid">
      {vods.map((v, i) => (
        <VodCard key={v.vodId} vod={v} eager={i < eagerCount} />
      ))}
    </div>
  );
});
