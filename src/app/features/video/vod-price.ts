import { Msg, type VodBrief } from '../../../contract';

/** What a card says under the name: 已购买 on the buyer's own list, else the price or 免费. */
export function vodCardPrice(vod: Pick<VodBrief, 'vodPointsPlay'>, bought: boolean): string {
  if (bought) return Msg.bought;
  return vod.vodPointsPlay > 0 ? `${vod.vodPointsPlay}${Msg.coins}` : Msg.free;
}
