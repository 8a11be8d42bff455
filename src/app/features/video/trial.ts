import { VOD_TRIAL_SECONDS, type Vod } from '../../../contract';
import { addWatchedSecond } from '../../lib/device/watch';

/** How the detail screen plays a video (spec §4 Video). */
export type WatchMode = 'full' | 'trial' | 'ended';

export interface TrialInput {
  vod: Pick<Vod, 'bought' | 'canTryWatch' | 'trialSeconds' | 'vodPointsPlay'>;
  /** Coins the user has (avaliableAmount). */
  balance: number;
  /** Trial seconds already watched on this device. */
  watched: number;
}

/** The trial length: the server's, else the spec's 40 s. */
export const trialLimit = (vod: Pick<Vod, 'trialSeconds'>) => vod.trialSeconds || VOD_TRIAL_SECONDS;

/**
 * Bought (or a full playlist: free or VIP) → full player. Otherwise a trial is allowed only when the
 * balance is below the price and canTryWatch; the trial ends when the watched seconds reach the limit.
 * Enough coins or no trial → the trial-end panel with its buy button.
 */
export function decideWatchMode({ vod, balance, watched }: TrialInput): WatchMode {
  if (vod.bought || vod.trialSeconds === 0) return 'full';
  if (!vod.canTryWatch || balance >= vod.vodPointsPlay) return 'ended';
  return watched >= trialLimit(vod) ? 'ended' : 'trial';
}

export interface TrialCounterOptions {
  vodId: number;
  limit: number;
  /** Whether the video is playing now (ticks only count while it plays). */
  isPlaying: () => boolean;
  onCount?: (watched: number) => void;
  onLimit: () => void;
  /** Storage of the counter (device storage by default). */
  add?: (vodId: number, limit: number) => Promise<number>;
  tickMs?: number;
}

/**
 * Counts watched trial seconds in device storage, one per second of playing, up to the limit
 * (spec §4, §9); calls onLimit once when it is reached. Returns a stop function.
 */
export function startTrialCounter(o: TrialCounterOptions): () => void {
  const add = o.add ?? addWatchedSecond;
  let stopped = false;
  let busy = false;
  const timer = setInterval(() => {
    if (stopped || busy || !o.isPlaying()) return;
    busy = true;
    add(o.vodId, o.limit)
      .then((n) => {
        if (stopped) return;
        o.onCount?.(n);
        if (n >= o.limit) {
          stop();
          o.onLimit();
        }
      })
      .catch((err: unknown) => console.warn('[trial] counter', err))
      .finally(() => {
        busy = false;
      });
  }, o.tickMs ?? 1000);
  const stop = () => {
    stopped = true;
    clearInterval(timer);
  };
  return stop;
}
