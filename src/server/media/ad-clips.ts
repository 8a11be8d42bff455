/**
 * Video adverts are progressive MP4 files stored as ads/{key}.mp4 (media/keys.ts) and served from
 * /media/ad/{key}.mp4; whoever makes them (an operator's upload, the demo's drawing) names them so.
 */
export const AD_CLIP_PATTERN = /^[a-z0-9][a-z0-9-]{0,63}\.mp4$/;

export const adVideoUrl = (mediaKey: string) => `/media/ad/${mediaKey}.mp4`;
