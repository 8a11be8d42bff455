import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { VOD_TRIAL_SECONDS } from '../../src/contract';
import { decideWatchMode, startTrialCounter, trialLimit } from '../../src/app/features/video/trial';
import { getWatchedSeconds, setWatchedSeconds } from '../../src/app/lib/device/watch';
import { clearDeviceData } from '../../src/app/lib/db';

const vod = { bought: false, canTryWatch: true, trialSeconds: 40, vodPointsPlay: 25 };

describe('trial decision (spec §4 Video)', () => {
  it('plays in full when bought, or when the playlist is full (free, VIP)', () => {
    expect(decideWatchMode({ vod: { ...vod, bought: true, trialSeconds: 0 }, balance: 0, watched: 40 })).toBe(
      'full',
    );
    expect(
      decideWatchMode({ vod: { ...vod, trialSeconds: 0, canTryWatch: false }, balance: 0, watched: 0 }),
    ).toBe('full');
  });

  it('allows a trial only when the balance is below the price and canTryWatch', () => {
    expect(decideWatchMode({ vod, balance: 24, watched: 0 })).toBe('trial');
    expect(decideWatchMode({ vod, balance: 25, watched: 0 })).toBe('ended');
    expect(decideWatchMode({ vod, balance: 100, watched: 0 })).toBe('ended');
    expect(decideWatchMode({ vod: { ...vod, canTryWatch: false }, balance: 0, watched: 0 })).toBe('ended');
  });

  it('ends the trial once the watched seconds reach the limit', () => {
    expect(decideWatchMode({ vod, balance: 0, watched: 39 })).toBe('trial');
    expect(decideWatchMode({ vod, balance: 0, watched: 40 })).toBe('ended');
  });

  it('uses the spec limit when the server gives none', () => {
    expect(trialLimit({ trialSeconds: 40 })).toBe(40);
    expect(trialLimit({ trialSeconds: 0 })).toBe(VOD_TRIAL_SECONDS);
  });
});

describe('watched-seconds counter', () => {
  // Only the counter's interval is faked: fake-indexeddb needs real timers to finish its writes.
  const fakeInterval = () => vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  beforeEach(async () => {
    await clearDeviceData();
    fakeInterval();
  });
  afterEach(() => vi.useRealTimers());

  const tick = async (n: number) => {
    for (let i = 0; i < n; i++) {
      vi.advanceTimersByTime(1000);
      // Let the device-storage write of this tick finish.
      await new Promise((r) => setTimeout(r, 30));
    }
  };

  it('counts one second per second of playing into w_<vodId>, never past the limit', async () => {
    let playing = true;
    const counts: number[] = [];
    const onLimit = vi.fn();
    const stop = startTrialCounter({
      vodId: 7,
      limit: 3,
      isPlaying: () => playing,
      onCount: (n) => counts.push(n),
      onLimit,
    });
    await tick(1);
    await vi.waitFor(() => expect(counts).toEqual([1]));
    playing = false;
    await tick(2);
    expect(counts).toEqual([1]);
    playing = true;
    await tick(1);
    await vi.waitFor(() => expect(counts).toEqual([1, 2]));
    await tick(1);
    await vi.waitFor(() => expect(onLimit).toHaveBeenCalledTimes(1));
    expect(counts).toEqual([1, 2, 3]);
    // Stopped at the limit: no more ticks, the stored count stays at the limit.
    await tick(3);
    expect(counts).toEqual([1, 2, 3]);
    expect(onLimit).toHaveBeenCalledTimes(1);
    expect(await getWatchedSeconds(7)).toBe(3);
    stop();
  });

  it('continues from what the device already counted', async () => {
    await setWatchedSeconds(8, 39);
    const onLimit = vi.fn();
    const stop = startTrialCounter({ vodId: 8, limit: 40, isPlaying: () => true, onLimit });
    await tick(1);
    await vi.waitFor(() => expect(onLimit).toHaveBeenCalledTimes(1));
    stop();
    expect(await getWatchedSeconds(8)).toBe(40);
  });

  it('stops counting when stopped (player gone)', async () => {
    const add = vi.fn(async () => 1);
    const stop = startTrialCounter({ vodId: 9, limit: 40, isPlaying: () => true, onLimit: vi.fn(), add });
    await tick(2);
    const calls = add.mock.calls.length;
    expect(calls).toBe(2);
    stop();
    await tick(3);
    expect(add).toHaveBeenCalledTimes(calls);
  });
});
