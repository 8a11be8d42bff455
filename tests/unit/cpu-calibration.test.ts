import { describe, expect, it } from 'vitest';
import { calibratedSlowdown } from '../bench/cpu-calibration';

describe("Lighthouse's CPU slowdown calibrated to the host (throttling.md)", () => {
  it('keeps the preset 4× for a host in the middle of the high-end desktop bracket', () => {
    expect(calibratedSlowdown(1750)).toBe(4);
  });

  it('scales with the host: a slower host is slowed less, a faster one more', () => {
    expect(calibratedSlowdown(1000)).toBe(2.3);
    expect(calibratedSlowdown(1260)).toBe(2.9);
    expect(calibratedSlowdown(2200)).toBe(5);
  });

  it('never speeds a host up, even one slower than the phone', () => {
    expect(calibratedSlowdown(300)).toBe(1);
  });
});
