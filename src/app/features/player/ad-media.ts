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

/** Seeks to `seconds` once the (re)loaded source knows its length, then calls `then`; returns a cancel. */
export function seekWhenReady(video: HTMLVideoElement, seconds: number, then: () => void): () => void {
  const seek = () => {
    video.currentTime = seconds;
    then();
  };
  if (video.readyState >= HTMLMediaElement.HAVE_METADATA) {
    seek();
    return () => {};
  }
  video.addEventListener('loadedmetadata', seek, { once: true });
  return () => video.removeEventListener('loadedmetadata', seek);
}
