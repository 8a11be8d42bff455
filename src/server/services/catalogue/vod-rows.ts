import { imageUrl, type VodBrief, type VodInfo } from '../../../contract/index.js';

/** Video rows and their mapping to the contract's VodBrief. */

export const VOD_BRIEF_COLUMNS = ['id', 'name', 'pic_hash', 'price', 'type_id', 'duration'] as const;

export interface VodBriefRow {
  id: number;
  name: string;
  pic_hash: string;
  price: number;
  type_id: number;
  duration: number;
}

/** Posters are 16:9 and shown up to half the screen wide: the 500 px rendition. */
export const POSTER_SIZE = 500;

export function toVodBrief(r: VodBriefRow): VodBrief {
  return {
    vodId: r.id,
    vodName: r.name,
    vodPic: imageUrl(r.pic_hash, POSTER_SIZE),
    vodPointsPlay: r.price,
    typeId: r.type_id,
    vodDuration: Number(r.duration),
  };
}

/** A video's public facts (vod/info, and the part of the watch answer that is the same for everyone). */
export const VOD_INFO_COLUMNS = [...VOD_BRIEF_COLUMNS, 'content'] as const;

export function toVodInfo(r: VodBriefRow & { content: string }): VodInfo {
  return { ...toVodBrief(r), vodPoster: imageUrl(r.pic_hash, POSTER_SIZE), vodContent: r.content };
}
