/**
 * The two-month calendar of the enquiry dialog (AVL-10), with react-day-picker: unavailable nights
 * are marked and cannot start a stay; after a check-in, only the days that can end it are offered
 * (long enough for the minimum stay of its season, no taken night in between), so a check-out on
 * the day another guest checks in is allowed. ENQ-3: each free night with a price shows it under
 * its date, as guests compare on Booking.com; screen readers hear it in the day's name. The choice
 * rules live in stay-dates.ts and the prices come from the caller (the quote's nightRate); this
 * file only draws them.
 *
 * Loaded with import() when the dialog first opens (AVL-13: the calendar's code is not part of
 * the JavaScript a page needs before interaction).
 */
import { createContext, useContext } from 'react';
import { DayButton, DayPicker, labelDayButton, type DayButtonProps } from 'react-day-picker';
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

/** A night's price as shown under its date ("₹4,500"), undefined for none. */
type PriceOf = (night: string) => string | undefined;

// The day button is a component type of its own (a new one each render would remount every day
// and lose the keyboard focus), so the prices reach it through context.
const noPrice: PriceOf = () => undefined;
const Prices = createContext<PriceOf>(noPrice);

/** react-day-picker's day button with the night's price under the date. */
function PricedDayButton(props: DayButtonProps) {
  const price = useContext(Prices)(isoOf(props.day.date));
  const { outside, unavailable } = props.modifiers;
  if (price === undefined || outside || unavailable) return <DayButton {...props} />;
  return (
    <DayButton {...props}>
      <span className={styles.date}>{props.children}</span>{' '}
      <span className={styles.price}>{price}</span>
    </DayButton>
  );
}

export interface StayCalendarProps {
  dates: StayDates;
  rules: StayRules;
  /** The first month shown ("YYYY-MM-DD" of any day in it). */
  month: string;
  onMonthChange: (month: string) => void;
  onChange: (dates: StayDates) => void;
  /** The price of a free night, or undefined (no nightly rate, taken, past: none shown). */
  priceOf?: PriceOf;
}

export default function StayCalendar({
  dates,
  rules,
  month,
  onMonthChange,
  onChange,
  priceOf,
}: StayCalendarProps) {
  const from = /^\d{4}-\d{2}-\d{2}$/.test(dates.checkIn) ? dateOf(dates.checkIn) : undefined;
  const to =
    from && /^\d{4}-\d{2}-\d{2}$/.test(dates.checkOut) ? dateOf(dates.checkOut) : undefined;
  return (
    <div className={priceOf ? `${styles.calendar} ${styles.priced}` : styles.calendar}>
      <Prices.Provider value={priceOf ?? noPrice}>
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
          components={{ DayButton: PricedDayButton }}
          labels={{
            // Screen readers hear what the strike-through and the price under the date show. A priced
            // day's name starts with its visible text, "29 ₹4,500", so a voice user can say what
            // they see (WCAG 2.5.3 Label in Name).
            labelDayButton: (date, modifiers, options, dateLib) => {
              const label = labelDayButton(date, modifiers, options, dateLib);
              if (modifiers.unavailable) return `${date.getDate()}, ${label}, taken`;
              const price = modifiers.outside ? undefined : priceOf?.(isoOf(date));
              return price
                ? `${date.getDate()} ${price} a night, ${label}`
                : `${date.getDate()}, ${label}`;
            },
          }}
          footer={
            <p className={styles.legend}>
              <span className={styles.legendSwatch} aria-hidden="true" /> Taken nights are struck
              through.
            </p>
          }
        />
      </Prices.Provider>
    </div>
  );
}
