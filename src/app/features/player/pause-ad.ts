/** A player advert (spec §3 player items): cover image and the link it opens (in a new tab). */
export interface PlayerAdvert {
  coverUrl: string;
  adUrl: string;
  title?: string;
}

export interface PauseAdInput {
  paused: boolean;
  ended: boolean;
  /** The trial's end layer is up: it stays alone. */
  previewOver: boolean;
  /** Closed by the user during this pause. */
  closed: boolean;
  /** Playback has started at least once (a fresh, never-played player shows no advert). */
  started: boolean;
}

/** The pause advert shows on pause and hides on play or close (spec §4). */
export function pauseAdVisible(s: PauseAdInput): boolean {
  return s.started && s.paused && !s.ended && !s.previewOver && !s.closed;
}
