import { SERVICE_CLOSE_HOUR, SERVICE_OPEN_HOUR, TIMEZONE_OFFSET_MINUTES } from '../../../contract';

const DAY_MINUTES = 24 * 60;

/**
 * Minutes since midnight of `now` on the support team's clock (Asia/Shanghai). A fixed offset, not
 * Intl: the home screen asks this on its first render, and a time-zone formatter costs ~40 ms there.
 */
export function serviceClockMinutes(now: Date): number {
  const utc = now.getUTCHours() * 60 + now.getUTCMinutes();
  return (utc + TIMEZONE_OFFSET_MINUTES) % DAY_MINUTES;
}

/** Online chat is staffed from 11:00 (inclusive) to 18:00 (exclusive), Beijing time. */
export function isServiceOpen(now: Date = new Date()): boolean {
  const m = serviceClockMinutes(now);
  return m >= SERVICE_OPEN_HOUR * 60 && m < SERVICE_CLOSE_HOUR * 60;
}
