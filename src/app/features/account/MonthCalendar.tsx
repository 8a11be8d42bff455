import { useState } from 'react';
import { AccountText, MineText } from '../../../contract';
import { addMonths, compareMonths, monthGrid, monthOf, todayIso } from './calendar';

/**
 * A month calendar for picking a past day (today included); later days are disabled.
 * `value` and `onChange` use `YYYY-MM-DD` on the Asia/Shanghai calendar.
 */
export function MonthCalendar({
  value,
  onChange,
  label,
}: {
  value: string | null;
  onChange: (date: string) => void;
  label: string;
}) {
  const today = todayIso();
  const thisMonth = monthOf(today);
  const [shown, setShown] = useState(() => (value ? monthOf(value) : thisMonth));
  const weeks = monthGrid(shown, today);
  const atLatest = compareMonths(shown, thisMonth) >= 0;

  return (
    <div className="cal" role="group" aria-label={label}>
      <div className="cal-head">
        <button
          type="button"
          className="cal-nav"
          aria-label={AccountText.prevMonth}
          onClick={() => setShown((m) => addMonths(m, -1))}
        >
          ‹
        </button>
        <span className="cal-title" aria-live="polite">
          {AccountText.monthTitle(shown.year, shown.month)}
        </span>
        <button
          type="button"
          className="cal-nav"
          aria-label={AccountText.nextMonth}
          disabled={atLatest}
          onClick={() => setShown((m) => addMonths(m, 1))}
        >
          ›
        </button>
      </div>
      <table className="cal-grid">
        <thead>
          <tr>
            {AccountText.weekdays.map((w) => (
              <th key={w} scope="col" abbr={AccountText.weekdayName(w)}>
                {w}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week, i) => (
            <tr key={i}>
              {week.map((cell, j) =>
                cell ? (
                  <td key={cell.date}>
                    <button
                      type="button"
                      className={[
                        'cal-day',
                        cell.today ? 'today' : '',
                        cell.date === value ? 'selected' : '',
                      ].join(' ')}
                      disabled={cell.disabled}
                      aria-pressed={cell.date === value}
                      aria-label={`${AccountText.dateLabel(shown.year, shown.month, cell.day)}${cell.today ? MineText.todayNote : ''}`}
                      onClick={() => onChange(cell.date)}
                    >
                      {cell.day}
                    </button>
                  </td>
                ) : (
                  <td key={`pad-${j}`} />
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
