import { TIMEZONE_OFFSET_MINUTES } from '../../../contract';

/** A month of the find-account calendar; days are `YYYY-MM-DD` on the Asia/Shanghai calendar. */
export interface YearMonth {
  year: number;
  /** 1–12 */
  month: number;
}

export interface CalendarCell {
  date: string;
  day: number;
  /** After today: a deduction cannot have happened yet. */
  disabled: boolean;
  today: boolean;
}

/**
 * Today's date on the payment clock (Asia/Shanghai, a fixed UTC+8), `YYYY-MM-DD`. Arithmetic, not an
 * Intl time-zone formatter: the daily sign-in dialog asks this as the home screen starts, and loading
 * time-zone data costs tens of milliseconds there on a phone.
 */
export const todayIso = (now: Date = new Date()): string =>
  new Date(now.getTime() + TIMEZONE_OFFSET_MINUTES * 60_000).toISOString().slice(0, 10);

const pad = (n: number) => String(n).padStart(2, '0');
export const isoDate = (y: number, m: number, d: number) => `${y}-${pad(m)}-${pad(d)}`;

export function monthOf(iso: string): YearMonth {
  return { year: Number(iso.slice(0, 4)), month: Number(iso.slice(5, 7)) };
}

export function addMonths(ym: YearMonth, delta: number): YearMonth {
  const index = ym.year * 12 + (ym.month - 1) + delta;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

export const compareMonths = (a: YearMonth, b: YearMonth) => a.year * 12 + a.month - (b.year * 12 + b.month);

export function daysInMonth(ym: YearMonth): number {
  return new Date(Date.UTC(ym.year, ym.month, 0)).getUTCDate();
}

/**
 * The month as weeks of 7 slots starting on Sunday; null pads the days of the neighbouring months.
 * Days after `today` are disabled.
 */
export function monthGrid(ym: YearMonth, today: string): (CalendarCell | null)[][] {
  const firstWeekday = new Date(Date.UTC(ym.year, ym.month - 1, 1)).getUTCDay();
  const slots: (CalendarCell | null)[] = Array.from({ length: firstWeekday }, () => null);
  for (let d = 1; d <= daysInMonth(ym); d++) {
    const date = isoDate(ym.year, ym.month, d);
    slots.push({ date, day: d, disabled: date > today, today: date === today });
  }
  while (slots.length % 7 !== 0) slots.push(null);
  const weeks: (CalendarCell | null)[][] = [];
  for (let i = 0; i < slots.length; i += 7) weeks.push(slots.slice(i, i + 7));
  return weeks;
}
