/**
 * The parts every section of the Rates dialog is made of: a titled section, and one typed number
 * of the Rates dialog (RATES-2, RATES-5): its label, the unit beside it, the
 * numeric keypad on a phone (`inputmode="numeric"`), and its refusal or note under it, tied to the
 * input by aria-describedby. A typed text box rather than type="number": the owner may type
 * "4,500" or "₹4,500" as in the prompts (field-kinds.ts reads both), and a blank box clears.
 */
import { useId, type ReactNode } from 'react';
import { fieldLabel, PROPERTY_FIELDS } from '../../../shared/property-fields.js';
import adminStyles from '../admin.module.css';
import type { NumberField, RatesDialogState } from './use-rates-dialog.js';
import styles from './rates.module.css';

export interface NumberInputProps {
  label: string;
  value: string;
  onChange: (text: string) => void;
  /** Shown before the box ('₹') or after it ('%', 'nights'). */
  before?: string;
  after?: string;
  error?: string;
  /** What a blank box means, or another hint. */
  note?: string;
}

export function NumberInput({
  label,
  value,
  onChange,
  before,
  after,
  error,
  note,
}: NumberInputProps) {
  const id = useId();
  const described = [error ? `${id}-error` : '', note ? `${id}-note` : '']
    .filter(Boolean)
    .join(' ');
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      <div className={styles.unit}>
        {before && <span aria-hidden="true">{before}</span>}
        <input
          id={id}
          className={adminStyles.input}
          inputMode="numeric"
          autoComplete="off"
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={described || undefined}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
        {after && <span aria-hidden="true">{after}</span>}
      </div>
      {error && (
        <p id={`${id}-error`} className={styles.error}>
          {error}
        </p>
      )}
      {note && (
        <p id={`${id}-note`} className={styles.note}>
          {note}
        </p>
      )}
    </div>
  );
}

/** The unit words of each typed kind the dialog edits. */
const UNITS = {
  money: { before: '₹' },
  percent: { after: '%' },
  count: {},
} as const;

/** A rate field of the property-field table: its label and unit come from the table. */
export function RateInput({
  field,
  state,
  note,
  after,
}: {
  field: NumberField;
  state: RatesDialogState;
  note?: string;
  after?: string;
}) {
  const kind = PROPERTY_FIELDS[field].kind;
  return (
    <NumberInput
      label={fieldLabel(field)}
      value={state.draft.fields[field]}
      onChange={(text) => state.setField(field, text)}
      error={state.errors[field]}
      note={note}
      {...UNITS[kind]}
      {...(after ? { after } : {})}
    />
  );
}

/** A section of the dialog, named by its heading. */
export function RatesSection({
  title,
  hint,
  children,
}: {
  title: string;
  hint?: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className={styles.section}>
      <h3 id={id}>{title}</h3>
      {hint && <p className={adminStyles.hint}>{hint}</p>}
      {children}
    </section>
  );
}
