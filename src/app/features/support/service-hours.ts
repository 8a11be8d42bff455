import { SERVICE_CLOSE_HOUR, SERVICE_OPEN_HOUR, TIMEZONE } from '../../../contract';

const hourFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: TIMEZONE,
  hour: 'numeric',
  minute: 'numeric',
  hourCycle: 'h23',
});

/** Minutes since midnight of `now` on the support team's clock (Asia/Shanghai). */
export function serviceClockMinutes(now: Date): number {
  const parts = Object.fromEntries(hourFormat.formatToParts(now).map((p) => [p.type, p.value]));
  return Number(parts.hour) * 60 + Number(parts.minute);
}

/** Online chat is staffed from 11:00 (inclusive) to 18:00 (exclusive), Beijing time. */
export function isServiceOpen(now: Date = new Date()): boolean {
  const m = serviceClockMinutes(now);
  return m >= SERVICE_OPEN_HOUR * 60 && m < SERVICE_CLOSE_HOUR * 60;
}
