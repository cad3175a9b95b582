/**
 * The month the date field opens (DAY-7): react-day-picker in single mode, days before `min` or
 * after `max` disabled. Loaded with import() by date-field.tsx when first opened.
 */
import { DayPicker, labelDayButton } from 'react-day-picker';
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

export default function DatePickerPanel({
  value,
  min,
  max,
  onPick,
}: {
  value: string;
  min?: string | undefined;
  max?: string | undefined;
  onPick(day: string): void;
}) {
  const selected = value ? dateOf(value) : undefined;
  return (
    <div className={styles.calendar}>
      <DayPicker
        mode="single"
        selected={selected}
        defaultMonth={selected ?? (min ? dateOf(min) : undefined)}
        {...(min ? { startMonth: dateOf(min) } : {})}
        {...(max ? { endMonth: dateOf(max) } : {})}
        onSelect={(d) => d && onPick(isoOf(d))}
        // A day's name starts with its visible number (WCAG 2.5.3 Label in Name).
        labels={{
          labelDayButton: (date, modifiers, options, dateLib) =>
            `${date.getDate()}, ${labelDayButton(date, modifiers, options, dateLib)}`,
        }}
        disabled={[
          ...(min ? [{ before: dateOf(min) }] : []),
          ...(max ? [{ after: dateOf(max) }] : []),
        ]}
      />
    </div>
  );
}
