import type { ImageSize } from '../../contract/index.js';

/**
 * The content keys of the media store (ports/media-store.ts), in one place. Each namespace is the
 * folder it has always been under DATA_DIR/media, so the file-system adapter maps a key to
 * DATA_DIR/media/{key} and data dirs written before the store existed keep working:
 *
 *   img/{hash}_{size}_0.img            encrypted WebP of one picture at one width (images.ts)
 *   pages/{sourceHash}_{split}.json    a stored chapter page's manifest: its size and strips (images.ts)
 *   vod/{mediaKey}/…                   a video's HLS output: master.m3u8, v{h}/ and a{n}/ (index.m3u8,
 *                                      seg_NNN.ts), subs/{lang}.vtt|.m3u8, meta.json last (hls.ts)
 *   ads/{key}.mp4                      a progressive MP4 video advert (ad-clips.ts)
 *   demo/recipes.json                  what the demo draws on first request (demo/recipes.ts)
 *   demo/videos-complete               the demo's later videos are all made (demo/seed.ts)
 *   demo/drawn-ahead                   the demo's covers, thumbnails and first chapters are drawn (demo/plugin.ts)
 */

/** A video's media key: its folder under vod/ (and a path segment of its URLs). */
export const MEDIA_KEY_PATTERN = /^[a-z0-9][a-z0-9_-]{0,63}$/;

export const IMAGE_PREFIX = 'img/';
export const imageKeyOf = (hash: string, size: ImageSize) => `${IMAGE_PREFIX}${hash}_${size}_0.img`;
/** The picture hash an image key names, or null for a key that is not one. */
export const imageHashOf = (key: string): string | null =>
  /^img\/([a-f0-9]{16,64})_\d{1,4}_0\.img$/.exec(key)?.[1] ?? null;

export const pageManifestKey = (sourceHash: string, splitCount: number) =>
  `pages/${sourceHash}_${splitCount}.json`;

/** A file of a video's HLS output, `rel` relative to its master playlist ('' for the folder). */
export const vodKey = (mediaKey: string, rel = '') => `vod/${mediaKey}/${rel}`;

export const adClipKey = (key: string) => `ads/${key}.mp4`;

export const DEMO_RECIPES_KEY = 'demo/recipes.json';
export const DEMO_VIDEOS_COMPLETE_KEY = 'demo/videos-complete';
export const DEMO_DRAWN_AHEAD_KEY = 'demo/drawn-ahead';
