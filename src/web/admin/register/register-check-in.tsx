/**
 * The Register dialog's check-in form (REG-4, REG-11): the owner records one adult of a stay at
 * check-in (a walk-in, a channel guest, or an adult of a booking whose guest did not fill the
 * register), with the Form III particulars for a foreign national or an OCI cardholder. The
 * fields, their labels and hints are the guest form's (PERSON_FIELDS, FORM_III_FIELDS in
 * src/shared/register.ts); the server checks them with the same rules and words, and a refusal
 * names its field, marked beside it and focused. Behind a disclosure, one column, so the dialog
 * stays usable on a phone. State: useCheckInForm.
 */
import { useId, type ReactNode } from 'react';
import type { ApiFailure } from '../../api-fetch.js';
import {
  FORM_III_FIELDS,
  GUEST_CATEGORIES,
  GUEST_CATEGORY_WORDS,
  ID_TYPES,
  ID_TYPE_WORDS,
  PERSON_FIELDS,
  SEXES,
  SEX_WORDS,
  portalDate,
  registerFieldLabel,
  type MissingEntry,
  type OwnerEntryBody,
  type RegisterField,
} from '../../../shared/register.js';
import { WALK_IN, useCheckInForm } from './use-check-in-form.js';
import admin from '../admin.module.css';
import styles from './register.module.css';
import { DateField } from '../../components/date-field.js';

/** The stay's fields as a refusal names them. */
const STAY_LABELS: Record<string, string> = {
  bookingId: 'Stay',
  propertyId: 'Property',
  arrival: 'Arrival',
  departure: 'Departure',
};

export function CheckInSection({
  day,
  missing,
  properties,
  record,
}: {
  day: string;
  /** Confirmed bookings with no entry: a stay the adult may belong to. */
  missing: MissingEntry[];
  /** The properties a walk-in may stay at. */
  properties: readonly { id: string; name: string }[];
  record: (body: OwnerEntryBody) => Promise<ApiFailure | null>;
}) {
  const id = useId();
  const idOf = (key: string) => `${id}-${key}`;
  const f = useCheckInForm({
    day,
    missing,
    record,
    focus: (field) => document.getElementById(idOf(field))?.focus(),
  });
  const problem = f.problem;
  const foreign = f.values.category === 'foreign' || f.values.category === 'oci';

  /** ARIA attributes of the control of `key`: its hint and, when refused, its error. */
  const aria = (key: string, hint?: string) => {
    const invalid = problem?.field === key;
    const described = [hint ? `${idOf(key)}-hint` : '', invalid ? `${idOf(key)}-error` : '']
      .filter(Boolean)
      .join(' ');
    return {
      ...(invalid ? { 'aria-invalid': true as const } : {}),
      ...(described ? { 'aria-describedby': described } : {}),
    };
  };
  const row = (key: string, label: string, control: ReactNode, hint?: string) => (
    <div className={styles.field} key={key}>
      <label htmlFor={idOf(key)}>{label}</label>
      {hint && (
        <span className={styles.fieldHint} id={`${idOf(key)}-hint`}>
          {hint}
        </span>
      )}
      {control}
      {problem?.field === key && (
        <span className={styles.fieldError} id={`${idOf(key)}-error`}>
          {problem.error}
        </span>
      )}
    </div>
  );
  const options = (list: readonly string[], words: Record<string, string>) => (
    <>
      <option value="">Choose…</option>
      {list.map((k) => (
        <option key={k} value={k}>
          {words[k]}
        </option>
      ))}
    </>
  );

  /** One particular, asked as its kind says (the guest's form asks it the same way). */
  const field = (spec: RegisterField<string>) => {
    const { key, label, hint, kind } = spec;
    const common = {
      id: idOf(key),
      value: f.values[key] ?? '',
      ...aria(key, hint),
    };
    if (kind === 'category') {
      return (
        <fieldset
          className={styles.choices}
          key={key}
          {...(problem?.field === key ? { 'aria-describedby': `${idOf(key)}-error` } : {})}
        >
          <legend>{label}</legend>
          {GUEST_CATEGORIES.map((c, i) => (
            <label key={c}>
              <input
                type="radio"
                name={idOf(key)}
                value={c}
                {...(i === 0 ? { id: idOf(key) } : {})}
                checked={f.values[key] === c}
                {...(problem?.field === key ? { 'aria-invalid': true } : {})}
                onChange={() => f.set(key, c)}
              />{' '}
              {GUEST_CATEGORY_WORDS[c]}
            </label>
          ))}
          {problem?.field === key && (
            <span className={styles.fieldError} id={`${idOf(key)}-error`}>
              {problem.error}
            </span>
          )}
        </fieldset>
      );
    }
    if (kind === 'sex' || kind === 'idType') {
      return row(
        key,
        label,
        <select {...common} onChange={(e) => f.set(key, e.target.value)}>
          {kind === 'sex' ? options(SEXES, SEX_WORDS) : options(ID_TYPES, ID_TYPE_WORDS)}
        </select>,
        hint,
      );
    }
    if (kind === 'textarea') {
      return row(
        key,
        label,
        <textarea {...common} rows={2} onChange={(e) => f.set(key, e.target.value)} />,
        hint,
      );
    }
    return row(
      key,
      label,
      <input
        {...common}
        type={kind === 'date' ? 'date' : kind === 'tel' ? 'tel' : 'text'}
        autoComplete="off"
        {...(key === 'idLast4' ? { maxLength: 4, spellCheck: false } : {})}
        onChange={(e) => f.set(key, e.target.value)}
      />,
      hint,
    );
  };

  return (
    <details className={styles.checkIn}>
      <summary>Record a guest at check-in</summary>
      <p className={styles.hint}>
        A walk-in, a channel guest (Airbnb, Booking.com), or an adult of a booking whose guest did
        not fill the register: one entry per adult, checked as the guest’s own form is.
      </p>
      <form
        noValidate
        aria-label="Record a guest at check-in"
        onSubmit={(ev) => {
          ev.preventDefault();
          void f.submit();
        }}
      >
        {row(
          'bookingId',
          'Stay',
          <select
            id={idOf('bookingId')}
            value={f.stay}
            onChange={(e) => f.setStay(e.target.value)}
            {...aria('bookingId')}
          >
            <option value={WALK_IN}>A walk-in or channel guest</option>
            {missing.map((m) => (
              <option key={m.bookingId} value={m.bookingId}>
                {`${m.reference} · ${m.propertyName} · ${portalDate(m.arrival)} – ${portalDate(m.departure)}`}
              </option>
            ))}
          </select>,
        )}
        {f.stay === WALK_IN && (
          <>
            {row(
              'propertyId',
              'Property',
              <select
                id={idOf('propertyId')}
                value={f.propertyId}
                onChange={(e) => f.setPropertyId(e.target.value)}
                {...aria('propertyId')}
              >
                <option value="">Choose…</option>
                {properties.map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.name}
                  </option>
                ))}
              </select>,
            )}
            <div className={styles.dates}>
              {row(
                'arrival',
                'Arrival',
                <DateField
                  id={idOf('arrival')}
                  label="Arrival"
                  labelOutside
                  value={f.arrival}
                  onChange={f.setArrival}
                  describedBy={aria('arrival')['aria-describedby']}
                />,
              )}
              {row(
                'departure',
                'Departure',
                <DateField
                  id={idOf('departure')}
                  label="Departure"
                  labelOutside
                  value={f.departure}
                  min={f.arrival || undefined}
                  onChange={f.setDeparture}
                  describedBy={aria('departure')['aria-describedby']}
                />,
              )}
            </div>
          </>
        )}
        {row(
          'arrivalTime',
          'Arrival time',
          <input
            id={idOf('arrivalTime')}
            type="time"
            value={f.arrivalTime}
            onChange={(e) => f.setArrivalTime(e.target.value)}
            {...aria('arrivalTime', 'Empty: the property’s check-in time')}
          />,
          'Empty: the property’s check-in time',
        )}
        {PERSON_FIELDS.map(field)}
        {foreign && (
          <fieldset className={styles.formIII}>
            <legend>Form III particulars</legend>
            {FORM_III_FIELDS.map(field)}
          </fieldset>
        )}
        {problem && (
          <p className={styles.problem} role="alert">
            {`Not recorded: ${problem.field ? `${STAY_LABELS[problem.field] ?? registerFieldLabel(problem.field)}: ` : ''}${problem.error}`}
          </p>
        )}
        <button type="submit" className={admin.primary} disabled={f.busy}>
          Record this adult
        </button>
        <p role="status" className={styles.copied}>
          {f.done}
        </p>
      </form>
    </details>
  );
}
