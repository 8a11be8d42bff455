/**
 * Lighthouse's CPU slowdown for a host of a given speed, after throttling.md's "Calibrating the CPU
 * slowdown": the mobile preset's 4× is meant to turn a high-end desktop (benchmarkIndex 1500–2000)
 * into a mid-tier phone. A host outside that bracket scales the multiplier, so the phone simulated is
 * the same whatever the host's speed in that minute.
 */
export const PRESET_SLOWDOWN = 4;
/** The middle of the benchmarkIndex bracket the preset's 4× is made for. */
export const PRESET_HOST_INDEX = 1750;

/** 4 × benchmarkIndex / 1750, to one decimal; never below 1 (a host slower than the phone). */
export function calibratedSlowdown(benchmarkIndex: number): number {
  const slowdown = (PRESET_SLOWDOWN * benchmarkIndex) / PRESET_HOST_INDEX;
  return Math.max(1, Math.round(slowdown * 10) / 10);
}
