/**
 * The state of the Register dialog's check-in form (REG-4): the stay (a confirmed booking with no
 * entry yet, or a walk-in or channel guest: property, arrival, departure), the arrival time, and
 * one adult's particulars keyed as PERSON_FIELDS and FORM_III_FIELDS name them. Sending posts
 * `POST /api/register` through the dialog's recordEntry; the server checks the entry as it checks
 * the guest's form (src/server/register/entry.ts) and a refusal names its field, which the form
 * marks and focuses. After a recorded adult the particulars empty and the stay stays, for the
 * next adult of the same stay.
 */
import { useState } from 'react';
import type { ApiFailure } from '../../api-fetch.js';
import { addDays } from '../../../shared/calendar-dates.js';
import type { MissingEntry, OwnerEntryBody } from '../../../shared/register.js';

/** The stay chosen: WALK_IN, or the id of a booking with no entry. */
export const WALK_IN = '';

export interface CheckInForm {
  stay: string;
  setStay: (stay: string) => void;
  propertyId: string;
  setPropertyId: (id: string) => void;
  arrival: string;
  setArrival: (day: string) => void;
  departure: string;
  setDeparture: (day: string) => void;
  arrivalTime: string;
  setArrivalTime: (time: string) => void;
  /** The adult's particulars as typed, by field key. */
  values: Record<string, string>;
  set: (key: string, value: string) => void;
  /** The last refusal: its words and the field at fault (a key above or of a particular). */
  problem: { error: string; field?: string } | null;
  /** Who was recorded last, in words. */
  done: string | null;
  busy: boolean;
  submit: () => Promise<void>;
}

/**
 * `day` is the dialog's day (a walk-in arrives on it by default); `missing` the bookings a stay
 * may be chosen from; `record` the dialog's POST; `focus(field)` moves the focus to a refused field.
 */
export function useCheckInForm({
  day,
  missing,
  record,
  focus,
}: {
  day: string;
  missing: MissingEntry[];
  record: (body: OwnerEntryBody) => Promise<ApiFailure | null>;
  focus: (field: string) => void;
}): CheckInForm {
  const [stay, setStay] = useState(WALK_IN);
  const [propertyId, setPropertyId] = useState('');
  const [dates, setDates] = useState<{ for: string; arrival: string; departure: string }>({
    for: day,
    arrival: day,
    departure: addDays(day, 1),
  });
  const [arrivalTime, setArrivalTime] = useState('');
  const [values, setValues] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<CheckInForm['problem']>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // A walk-in arrives on the day the dialog shows until the owner types other dates.
  const current =
    dates.for === day ? dates : { for: day, arrival: day, departure: addDays(day, 1) };
  const booking = missing.find((m) => m.bookingId === stay);

  const submit = async () => {
    const particulars = Object.fromEntries(
      Object.entries(values).filter(([, v]) => v.trim() !== ''),
    );
    const body = {
      ...particulars,
      ...(booking
        ? {
            bookingId: booking.bookingId,
            propertyId: booking.propertyId,
            arrival: booking.arrival,
            departure: booking.departure,
          }
        : { propertyId, arrival: current.arrival, departure: current.departure }),
      ...(arrivalTime ? { arrivalTime } : {}),
    } as OwnerEntryBody;
    setBusy(true);
    setDone(null);
    const refusal = await record(body);
    setBusy(false);
    if (refusal) {
      setProblem({ error: refusal.error, ...(refusal.field ? { field: refusal.field } : {}) });
      if (refusal.field) focus(refusal.field);
      return;
    }
    setProblem(null);
    setValues({});
    setDone(`${body.name} is recorded. Record the next adult of this stay the same way.`);
  };

  return {
    stay,
    setStay,
    propertyId,
    setPropertyId,
    arrival: current.arrival,
    setArrival: (arrival) => setDates({ ...current, arrival }),
    departure: current.departure,
    setDeparture: (departure) => setDates({ ...current, departure }),
    arrivalTime,
    setArrivalTime,
    values,
    set: (key, value) => setValues((v) => ({ ...v, [key]: value })),
    problem,
    done,
    busy,
    submit,
  };
}
