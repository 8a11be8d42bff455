import { describe, expect, it } from 'vitest';
import {
  AD_DURATION_ERROR,
  advance,
  checkAdDuration,
  countdownStart,
  skipAll,
  startAdvertBlockedByResume,
  startAdvertState,
  startRun,
  tickCountdown,
} from '../../src/app/features/player/ad-sequence';

describe('player adverts: pure rules', () => {
  it('adDuration must be greater than 0, in the spec words', () => {
    expect(checkAdDuration(3)).toBe(3);
    expect(checkAdDuration(0.5)).toBe(0.5);
    for (const bad of [0, -1, Number.NaN, Number.POSITIVE_INFINITY, '5' as unknown as number]) {
      expect(() => checkAdDuration(bad)).toThrow(AD_DURATION_ERROR);
    }
    expect(AD_DURATION_ERROR).toBe('adDuration must must be greater than 0');
  });

  it('the countdown starts at the length rounded up and drops by one a tick, not while paused', () => {
    expect(countdownStart(3)).toBe(3);
    expect(countdownStart(3.2)).toBe(4);
    expect(countdownStart(Number.NaN)).toBe(0);
    expect(countdownStart(-2)).toBe(0);
    let left = countdownStart(2.5);
    const seen = [left];
    for (const paused of [false, true, true, false, false, false]) {
      left = tickCountdown(left, paused);
      seen.push(left);
    }
    expect(seen).toEqual([3, 2, 2, 2, 1, 0, 0]);
  });

  it('ads play in order; one ad reported twice (end and zero) moves on once; done after the last', () => {
    let run = startRun(3);
    expect(run).toEqual({ index: 0, total: 3, done: false });
    run = advance(run, 0);
    expect(run.index).toBe(1);
    run = advance(run, 0); // the first ad's late 'ended'
    expect(run.index).toBe(1);
    run = advance(run, 1);
    run = advance(run, 2);
    expect(run.done).toBe(true);
    expect(advance(run, 2)).toBe(run);
    expect(startRun(0).done).toBe(true);
  });

  it('closing skips every remaining ad', () => {
    const run = skipAll(advance(startRun(3), 0));
    expect(run.done).toBe(true);
    expect(advance(run, 1).done).toBe(true);
  });

  it('the start advert gives way to a resume prompt whose position lies ahead', () => {
    expect(startAdvertBlockedByResume(null, 0)).toBe(false);
    expect(startAdvertBlockedByResume(42, 0)).toBe(true);
    expect(startAdvertBlockedByResume(42, 42)).toBe(false);
    expect(startAdvertBlockedByResume(10, 30)).toBe(false);
  });

  it('the start advert waits for the resume decision and does not play over a saved position', () => {
    // Not read yet: nothing shows (it would flash, then go).
    expect(startAdvertState(null)).toBe('wait');
    // A saved position ahead of the current time, sought at once (autoplay) or offered: no advert.
    expect(startAdvertState({ saved: 7.6, at: 0 })).toBe('skip');
    // Nothing saved (or watched to the end, so starting over): the advert plays.
    expect(startAdvertState({ saved: 0, at: 0 })).toBe('play');
    expect(startAdvertState({ saved: 5, at: 12 })).toBe('play');
  });
});
