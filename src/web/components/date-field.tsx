/**
 * One date field for guests and the owner (DAY-7): it shows and takes a day as `11 Dec 2026`
 * (also 11/12/2026, day first, or 2026-12-11) whatever the browser's language, never the native
 * `<input type=date>` whose order follows the browser (12/11/2026 in en-US). "Choose" opens a
 * month of react-day-picker, loaded with import() the first time it is opened, so a visitor's
 * page carries none of its weight before interaction (PERF budget). The value is "YYYY-MM-DD" or
 * "" while empty or unreadable; a text that is not a day is shown as an error under the field.
 */
import { lazy, Suspense, useId, useState, type Ref } from 'react';
import { formatDay, readDay } from '../../shared/calendar-dates.js';
import styles from './date-field.module.css';

const DatePickerPanel = lazy(() => import('./date-picker-panel.js'));

export interface DateFieldProps {
  label: string;
  /** "YYYY-MM-DD" or "". */
  value: string;
  onChange(value: string): void;
  /** Earliest and latest days that can be chosen, "YYYY-MM-DD". */
  min?: string | undefined;
  max?: string | undefined;
  required?: boolean;
  /** A refusal of the value from outside (the server's), shown as this field's error. */
  error?: string | undefined;
  id?: string;
  name?: string;
  /** Extra class of the field's wrapper. */
  className?: string | undefined;
  /** The field's <label> is the caller's (for its `id`): none is drawn here. */
  labelOutside?: boolean;
  /** Extra description ids of the text box (the caller's error). */
  describedBy?: string | undefined;
  /** No Choose button: the caller shows a calendar of its own (the enquiry dialog's). */
  noPicker?: boolean;
  inputRef?: Ref<HTMLInputElement> | undefined;
  onBlur?: (() => void) | undefined;
  inputClassName?: string | undefined;
}

export function DateField({
  label,
  value,
  onChange,
  min,
  max,
  required,
  error,
  id: givenId,
  name,
  className,
  labelOutside,
  describedBy,
  noPicker,
  inputRef,
  onBlur,
  inputClassName,
}: DateFieldProps) {
  const ownId = useId();
  const id = givenId ?? ownId;
  const [text, setText] = useState(value ? formatDay(value) : '');
  const [problem, setProblem] = useState<string | undefined>();
  const [open, setOpen] = useState(false);
  // A value changed from outside (a reset, a pick elsewhere) is shown; a text being typed that is
  // not a day yet (value "") is kept.
  const [shownValue, setShownValue] = useState(value);
  if (shownValue !== value) {
    setShownValue(value);
    if (value ? readDay(text) !== value : readDay(text) !== undefined)
      setText(value ? formatDay(value) : '');
  }

  // A blur that leaves the day as it was is no change: the caller's state (an enquiry already
  // sent, say) must not be told of one.
  function change(day: string) {
    if (day !== value) onChange(day);
  }

  function commit(next: string) {
    if (next.trim() === '') {
      setProblem(required ? 'Write a date, like 11 Dec 2026.' : undefined);
      change('');
      return;
    }
    const day = readDay(next);
    if (!day) {
      setProblem('Write the date like 11 Dec 2026 (or 11/12/2026, day first).');
      change('');
      return;
    }
    if ((min && day < min) || (max && day > max)) {
      setProblem(
        min && day < min
          ? `Choose ${formatDay(min)} or later.`
          : `Choose ${formatDay(max!)} or earlier.`,
      );
    } else setProblem(undefined);
    setText(formatDay(day));
    change(day);
  }

  const shown = error ?? problem;
  return (
    <div className={`${styles.field} ${className ?? ''}`}>
      {!labelOutside && <label htmlFor={id}>{label}</label>}
      <div className={styles.row}>
        <input
          ref={inputRef}
          id={id}
          name={name}
          className={inputClassName ?? styles.input}
          type="text"
          autoComplete="off"
          placeholder="11 Dec 2026"
          data-min={min}
          data-max={max}
          required={required}
          value={text}
          aria-invalid={shown ? true : undefined}
          aria-describedby={
            [shown ? `${id}-error` : undefined, describedBy].filter(Boolean).join(' ') || undefined
          }
          onChange={(e) => {
            setText(e.currentTarget.value);
            const day = readDay(e.currentTarget.value);
            if (day) {
              setProblem(undefined);
              onChange(day);
            }
          }}
          onBlur={(e) => {
            commit(e.currentTarget.value);
            onBlur?.();
          }}
        />
        {!noPicker && (
          <button
            type="button"
            className={styles.choose}
            aria-expanded={open}
            aria-controls={`${id}-picker`}
            onClick={() => setOpen((o) => !o)}
          >
            Choose<span className="visually-hidden"> {label}</span>
          </button>
        )}
      </div>
      {shown && (
        <p id={`${id}-error`} className={styles.error}>
          {shown}
        </p>
      )}
      {open && (
        <div id={`${id}-picker`} className={styles.panel}>
          <Suspense fallback={<p className={styles.loading}>Loading the calendar…</p>}>
            <DatePickerPanel
              value={value}
              min={min}
              max={max}
              onPick={(day) => {
                setOpen(false);
                commit(day);
                document.getElementById(id)?.focus();
              }}
            />
          </Suspense>
        </div>
      )}
    </div>
  );
}
