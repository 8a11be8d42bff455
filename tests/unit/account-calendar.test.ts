import { describe, expect, it } from 'vitest';
import {
  addMonths,
  compareMonths,
  daysInMonth,
  monthGrid,
  monthOf,
  todayIso,
} from '../../src/app/features/account/calendar';
import { isServiceOpen, serviceClockMinutes } from '../../src/app/features/support/service-hours';

describe('find-account calendar', () => {
  it('lays a month out in Sunday-first weeks with padding', () => {
    // November 2026 starts on a Sunday and has 30 days.
    const weeks = monthGrid({ year: 2026, month: 11 }, '2026-11-22');
    expect(weeks).toHaveLength(5);
    expect(weeks[0]![0]!.date).toBe('2026-11-01');
    expect(weeks.flat().filter(Boolean)).toHaveLength(30);
    expect(weeks.every((w) => w.length === 7)).toBe(true);
    // February 2026 starts on a Sunday: exactly 4 weeks.
    expect(monthGrid({ year: 2026, month: 2 }, '2026-11-22')).toHaveLength(4);
    // January 2026 starts on a Thursday: 4 empty slots first.
    const jan = monthGrid({ year: 2026, month: 1 }, '2026-11-22');
    expect(jan[0]!.slice(0, 4)).toEqual([null, null, null, null]);
    expect(jan[0]![4]!.date).toBe('2026-01-01');
  });

  it('allows past days and today, not later days', () => {
    const cells = monthGrid({ year: 2026, month: 11 }, '2026-11-22')
      .flat()
      .filter((c) => c !== null);
    expect(cells.find((c) => c.date === '2026-11-21')!.disabled).toBe(false);
    const today = cells.find((c) => c.date === '2026-11-22')!;
    expect(today.disabled).toBe(false);
    expect(today.today).toBe(true);
    expect(cells.find((c) => c.date === '2026-11-23')!.disabled).toBe(true);
    expect(cells.filter((c) => c.today)).toHaveLength(1);
  });

  it('moves between months across years', () => {
    expect(addMonths({ year: 2026, month: 1 }, -1)).toEqual({ year: 2025, month: 12 });
    expect(addMonths({ year: 2025, month: 12 }, 1)).toEqual({ year: 2026, month: 1 });
    expect(addMonths({ year: 2026, month: 5 }, -17)).toEqual({ year: 2024, month: 12 });
    expect(compareMonths({ year: 2026, month: 1 }, { year: 2025, month: 12 })).toBeGreaterThan(0);
    expect(daysInMonth({ year: 2024, month: 2 })).toBe(29);
    expect(daysInMonth({ year: 2026, month: 2 })).toBe(28);
    expect(monthOf('2026-03-09')).toEqual({ year: 2026, month: 3 });
  });

  it('takes today on the Asia/Shanghai calendar', () => {
    expect(todayIso(new Date('2026-11-21T16:30:00Z'))).toBe('2026-11-22');
    expect(todayIso(new Date('2026-11-21T15:59:00Z'))).toBe('2026-11-21');
  });

  it('agrees with the Asia/Shanghai time-zone data (no daylight saving) across years and hours', () => {
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai', dateStyle: 'short' });
    const clock = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Asia/Shanghai',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    for (let t = Date.UTC(1995, 0, 1); t < Date.UTC(2040, 0, 1); t += 97 * 60 * 60 * 1000 + 7 * 60 * 1000) {
      const now = new Date(t);
      expect(todayIso(now)).toBe(day.format(now));
      const [h, m] = clock.format(now).split(':').map(Number);
      expect(serviceClockMinutes(now)).toBe(h! * 60 + m!);
    }
  });
});

describe('online chat hours (11:00 to 18:00 Beijing time)', () => {
  const at = (hhmm: string) => new Date(`2026-11-22T${hhmm}:00+08:00`);
  it('is open from 11:00 until just before 18:00', () => {
    expect(isServiceOpen(at('11:00'))).toBe(true);
    expect(isServiceOpen(at('14:30'))).toBe(true);
    expect(isServiceOpen(at('17:59'))).toBe(true);
  });
  it('is closed before 11:00 and from 18:00', () => {
    expect(isServiceOpen(at('10:59'))).toBe(false);
    expect(isServiceOpen(at('18:00'))).toBe(false);
    expect(isServiceOpen(at('23:30'))).toBe(false);
    expect(isServiceOpen(at('00:00'))).toBe(false);
  });
  it('reads the clock in Beijing whatever the device zone', () => {
    expect(serviceClockMinutes(new Date('2026-11-22T03:00:00Z'))).toBe(11 * 60);
    expect(isServiceOpen(new Date('2026-11-22T02:59:00Z'))).toBe(false);
    expect(isServiceOpen(new Date('2026-11-22T09:59:00Z'))).toBe(true);
    expect(isServiceOpen(new Date('2026-11-22T10:00:00Z'))).toBe(false);
  });
});
