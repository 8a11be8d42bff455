import type Hls from 'hls.js';

/**
 * The player's <video> lent to an ad on phones (spec §4): hls.js lets go of it, the ad's file plays in
 * it, and afterwards the main source comes back (hls.js attached again, or the native HLS URL).
 */
export function lendToAd(hls: Hls | null): void {
  hls?.detachMedia();
}

export function loadAd(video: HTMLVideoElement, src: string): void {
  video.src = src;
  video.load();
}

export function giveBack(video: HTMLVideoElement, hls: Hls | null, mainSrc: string): void {
  video.pause();
  video.removeAttribute('src');
  video.load();
  if (hls) hls.attachMedia(video);
  else video.src = mainSrc;
}
