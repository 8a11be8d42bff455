import hlsWorkerUrl from 'hls.js/dist/hls.worker.js?url';
import plyrSprite from '../../../../node_modules/plyr/dist/plyr.svg?url';
import blankVideo from './assets/blank.mp4?no-inline';

/**
 * plyr and hls.js are loaded on demand, so only the video routes pay for them (the /home bundle
 * budget is 120 KB gzip). The sprite, the blank video and the hls.js worker are self-hosted assets:
 * plyr would fetch the first two from its CDN, and the hls.js ESM build has no inline worker.
 */
export async function loadPlayerLibs() {
  const [{ default: Plyr }, { default: Hls }] = await Promise.all([import('plyr'), import('hls.js')]);
  return { Plyr, Hls, assets: { plyrSprite, blankVideo, hlsWorkerUrl } };
}
export type PlayerLibs = Awaited<ReturnType<typeof loadPlayerLibs>>;
