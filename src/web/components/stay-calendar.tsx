/**
 * The two-month calendar of the enquiry dialog (AVL-10), with react-day-picker: unavailable nights
 * are marked and cannot start a stay; after a check-in, only the days that can end it are offered
 * (long enough for the minimum stay, no taken night in between), so a check-out on the day another
 * guest checks in is allowed. The choice rules live in stay-dates.ts; this file only draws them.
 *
 * Loaded with import() when the dialog first opens (AVL-13: the calendar's code is not part of
 * the JavaScript a page needs before interaction).
 */
import { DayPicker, labelDayButton } from 'react-day-picker';
import { isNightUnavailable } from '../../shared/calendar-dates.js';
import { isSelectable, pickDate, type StayDates, type StayRules } from './stay-dates.js';
import styles from './stay-calendar.module.css';

/** A "YYYY-MM-DD" as the local-midnight Date that react-day-picker works with. */
function dateOf(iso: string): Date {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d);
}

/** The local calendar date of a Date, as "YYYY-MM-DD". */
function isoOf(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export interface StayCalendarProps {
  dates: StayDates;
  rules: StayRules;
  /** The first month shown ("YYYY-MM-DD" of any day in it). */
  month: string;
  onMonthChange: (month: string) => void;
  onChange: (dates: StayDates) => void;
}

export default function StayCalendar({
  dates,
  rules,
  month,
  onMonthChange,
  onChange,
}: StayCalendarProps) {
  const from = /^\d{4}-\d{2}-\d{2}$/.test(dates.checkIn) ? dateOf(dates.checkIn) : undefined;
  const to =
    from && /^\d{4}-\d{2}-\d{2}$/.test(dates.checkOut) ? dateOf(dates.checkOut) : undefined;
  return (
    <div className={styles.calendar}>
      <DayPicker
        mode="range"
        numberOfMonths={2}
        month={dateOf(month)}
        onMonthChange={(m) => onMonthChange(isoOf(m))}
        startMonth={dateOf(rules.today)}
        selected={from ? { from, to } : undefined}
        onSelect={(_range, trigger) => onChange(pickDate(dates, isoOf(trigger), rules))}
        disabled={(day) => !isSelectable(isoOf(day), dates, rules)}
        modifiers={{ unavailable: (day) => isNightUnavailable(isoOf(day), rules.unavailable) }}
        modifiersClassNames={{ unavailable: styles.unavailable! }}
        labels={{
          // Screen readers hear what the strike-through shows.
          labelDayButton: (date, modifiers, options, dateLib) =>
            `${labelDayButton(date, modifiers, options, dateLib)}${modifiers.unavailable ? ', taken' : ''}`,
        }}
        footer={
          <p className={styles.legend}>
            <span className={styles.legendSwatch} aria-hidden="true" /> Taken nights are struck
            through.
          </p>
        }
      />
    </div>
  );
}
