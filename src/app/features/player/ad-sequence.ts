/** Pure rules of the player's adverts (spec §4 start advert, single ad, multi ad; §5 adDuration). */

/** The spec's own wording (§5), typo included: it is the text developers search for. */
export const AD_DURATION_ERROR = 'adDuration must must be greater than 0';

/** A start advert needs a positive length; anything else is a developer error. */
export function checkAdDuration(adDuration: number): number {
  if (!(typeof adDuration === 'number' && Number.isFinite(adDuration) && adDuration > 0)) {
    throw new Error(AD_DURATION_ERROR);
  }
  return adDuration;
}

/** The countdown starts at the ad's length rounded up (0 while the length is unknown). */
export function countdownStart(lengthS: number): number {
  return Number.isFinite(lengthS) && lengthS > 0 ? Math.ceil(lengthS) : 0;
}

/** One tick (each second): down by one, never below zero; a paused ad does not tick. */
export function tickCountdown(remaining: number, paused: boolean): number {
  return paused ? remaining : Math.max(0, remaining - 1);
}

/**
 * The start advert does not play when a resume prompt exists with a saved position beyond the
 * current time (spec §4): the viewer came back to continue, not to watch an advert first.
 */
export function startAdvertBlockedByResume(resumeAt: number | null, currentTime: number): boolean {
  return resumeAt !== null && resumeAt > currentTime;
}

/**
 * Whether the start advert plays, from what the player's startup found (null: not read yet). It waits
 * for that: shown first and dropped after, it would flash over a video already held at its saved
 * position. A position used either way counts, sought at once (autoplay on) or offered by the prompt.
 */
export function startAdvertState(found: { saved: number; at: number } | null): 'wait' | 'play' | 'skip' {
  if (!found) return 'wait';
  return startAdvertBlockedByResume(found.saved > 0 ? found.saved : null, found.at) ? 'skip' : 'play';
}

/** Where a run of video ads stands: one entry is the single ad, several the multi ad. */
export interface AdRun {
  index: number;
  total: number;
  done: boolean;
}

export const startRun = (total: number): AdRun => ({ index: 0, total, done: total <= 0 });

/** The current ad ended (or its countdown reached zero): the next one, or done after the last. */
export function advance(run: AdRun, from: number): AdRun {
  // Ended and zero can both report the same ad: only the first report moves on.
  if (run.done || from !== run.index) return run;
  return run.index + 1 < run.total ? { ...run, index: run.index + 1 } : { ...run, done: true };
}

/** Closing skips every remaining ad. */
export const skipAll = (run: AdRun): AdRun => ({ ...run, done: true });
