import type Hls from 'hls.js';
import type Plyr from 'plyr';

/**
 * Imperative calls on the player objects, kept out of components: the media element and the player
 * are outside React, and these are commands to them, not state changes.
 */
export function seekAndPlay(video: HTMLVideoElement, seconds: number): Promise<void> {
  video.currentTime = seconds;
  return video.play();
}

export const selectSubtitle = (hls: Hls, index: number) => void (hls.subtitleTrack = index);
export const selectAudio = (hls: Hls, index: number) => void (hls.audioTrack = index);
export const setPoster = (plyr: Plyr, url: string) => void (plyr.poster = url);

/**
 * Calls `then` each time the media starts playing, however it was started (our call, plyr's controls,
 * a key, another overlay); returns the unsubscribe.
 */
export function whenPlaying(media: HTMLMediaElement, then: () => void): () => void {
  media.addEventListener('playing', then);
  return () => media.removeEventListener('playing', then);
}

/** play() was refused by the browser's autoplay policy (a tap is needed), not failed. */
export const playRefused = (err: unknown) => err instanceof DOMException && err.name === 'NotAllowedError';
