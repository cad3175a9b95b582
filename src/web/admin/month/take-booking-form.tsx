/**
 * A booking taken by phone or at the door (DAY-12), from free nights selected on the month grid: the
 * apartment, the dates (DateField, `11 Dec 2026`), the guests, the guest's name, phone and
 * optional e-mail, priced as the guest would be by the one quote (shared/quote.ts `quoteStay`),
 * then sent to `POST /api/bookings/taken`, which reads it by the stay request's contract
 * (STAY-1) and stores it accepted. A refusal is shown at the field it names; nothing typed is lost.
 */
import { useId, useState, type FormEvent } from 'react';
import { addDays, formatDay } from '../../../shared/calendar-dates.js';
import type { BookingTaken } from '../../../shared/bookings.js';
import { quoteStay, type QuoteSettings } from '../../../shared/quote.js';
import { API } from '../../../shared/routes.js';
import type { Property } from '../../../shared/site-data.js';
import { guestsOf } from '../../../shared/stay-request.js';
import { apiFetch, type ApiEnv } from '../../api-fetch.js';
import { DateField } from '../../components/date-field.js';
import { QuoteLines } from '../../components/quote-lines.js';
import { ProblemText, type Problem } from '../problem-text.js';
import admin from '../admin.module.css';
import styles from './month.module.css';

/** Where the form starts: the apartment and the free nights selected, [night, checkOut). */
export interface TakeStart {
  propertyId: string;
  night: string;
  /** The check-out day; the day after `night` when absent. */
  checkOut?: string;
}

type Field = 'checkIn' | 'checkOut' | 'guests' | 'name' | 'phone' | 'email';

export function TakeBookingForm({
  start,
  properties,
  settings,
  today,
  env = {},
  taken,
  cancel,
}: {
  start: TakeStart;
  properties: readonly Property[];
  settings: QuoteSettings;
  today: string;
  env?: ApiEnv;
  /** The booking is stored: the grid loads again and says so. */
  taken: (booking: BookingTaken, name: string) => void;
  cancel: () => void;
}) {
  const id = useId();
  const [propertyId, setPropertyId] = useState(start.propertyId);
  const [checkIn, setCheckIn] = useState(start.night);
  const [checkOut, setCheckOut] = useState(start.checkOut ?? addDays(start.night, 1));
  const [guests, setGuests] = useState('2');
  const [name, setName] = useState('');
  const [phone, setPhone] = useState('');
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<(Problem & { field?: string | undefined }) | null>(null);
  const [sending, setSending] = useState(false);
  const property = properties.find((p) => p.id === propertyId);
  const quote =
    property && checkIn && checkOut
      ? quoteStay(property, { checkIn, checkOut, guests: guestsOf(guests) }, { settings, today })
      : undefined;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSending(true);
    const r = await apiFetch(API.bookingTaken, {
      ...env,
      method: 'POST',
      body: {
        propertyId,
        checkIn,
        checkOut,
        guests: guestsOf(guests),
        name,
        phone,
        ...(email.trim() ? { email } : {}),
      },
    });
    setSending(false);
    if (r.ok) taken(r.value, name.trim());
    else setProblem(r);
  };

  const errorOf = (field: Field) => (problem?.field === field ? problem.error : undefined);
  const text = (
    field: Field,
    label: string,
    value: string,
    set: (v: string) => void,
    type = 'text',
    hint?: string,
  ) => (
    <div className={styles.field}>
      <label htmlFor={`${id}-${field}`}>{label}</label>
      <input
        id={`${id}-${field}`}
        className={admin.input}
        type={type}
        value={value}
        onChange={(e) => set(e.target.value)}
        aria-invalid={errorOf(field) ? true : undefined}
        aria-describedby={errorOf(field) ? `${id}-problem` : undefined}
        {...(type === 'tel' ? { autoComplete: 'off', inputMode: 'tel' as const } : {})}
        {...(hint ? { placeholder: hint } : {})}
      />
    </div>
  );

  return (
    <form className={styles.take} onSubmit={(e) => void submit(e)} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className={styles.takeTitle} tabIndex={-1}>
        Add a booking taken by phone
      </h3>
      <div className={styles.fields}>
        <div className={styles.field}>
          <label htmlFor={`${id}-property`}>Apartment</label>
          <select
            id={`${id}-property`}
            className={admin.input}
            value={propertyId}
            onChange={(e) => setPropertyId(e.target.value)}
          >
            {properties.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
        </div>
        <DateField
          className={styles.field}
          label="Check-in"
          value={checkIn}
          min={today}
          onChange={setCheckIn}
          error={errorOf('checkIn')}
        />
        <DateField
          className={styles.field}
          label="Check-out"
          value={checkOut}
          min={checkIn ? addDays(checkIn, 1) : today}
          onChange={setCheckOut}
          error={errorOf('checkOut')}
        />
        {text('guests', 'Guests', guests, setGuests, 'number')}
        {text('name', "Guest's name", name, setName)}
        {text('phone', "Guest's phone", phone, setPhone, 'tel', '+91 94480 12345')}
        {text('email', "Guest's e-mail (optional)", email, setEmail, 'email')}
      </div>
      {quote && quote.problems.length === 0 && (
        <QuoteLines
          quote={quote}
          layout="table"
          className={styles.quote}
          caption={`Price of ${formatDay(checkIn)} to ${formatDay(checkOut)}`}
          advanceLabel="Advance"
        />
      )}
      <p id={`${id}-problem`} role="status" className={problem ? styles.problem : styles.hint}>
        {problem ? (
          <ProblemText problem={problem} />
        ) : quote?.problems[0] ? (
          quote.problems[0].error
        ) : (
          'Stored as accepted: the guest pays the advance as any accepted guest does.'
        )}
      </p>
      <div className={admin.buttons}>
        <button type="submit" className={admin.primary} disabled={sending}>
          {sending ? 'Adding…' : 'Add booking'}
        </button>
        <button type="button" className={admin.button} onClick={cancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
