import { TIMEZONE } from '../../contract/index.js';

/**
 * Calendar days as the money rules count them (sign-in streaks, charge days, read and watch marks):
 * Asia/Shanghai. Pure functions of an instant; "now" comes from the context's clock (ctx.clock).
 */

const dayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: TIMEZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The calendar day 'YYYY-MM-DD' of an instant in Asia/Shanghai. */
export function shanghaiDay(at: Date): string {
  return dayFormat.format(at);
}

/** The day before a 'YYYY-MM-DD' day. */
export function previousDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d - 1)).toISOString().slice(0, 10);
}
