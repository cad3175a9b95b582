/**
 * The Register dialog's state (REG-5, REG-6, REG-4): the day shown (today unless the owner picks
 * another), the register of the stays from FORM_III_LOOKBACK_DAYS before it to the day after
 * (`GET /api/register` through apiFetch), loaded when the admin page opens (so the bar and the
 * inbox's cards can say "Form III due in 5 h") and at each opening and each change of day (a load
 * that a newer one replaces is dropped: useLatestCall, CLIENT-3), Mark submitted, and an adult
 * recorded at check-in (`POST /api/register`). Failures are apiFetch's (a session ended:
 * SESSION_ENDED with the login link, CLIENT-2).
 */
import { useCallback, useEffect, useState } from 'react';
import { apiFetch, type ApiEnv, type ApiFailure } from '../../api-fetch.js';
import { useLatestCall } from '../../latest-call.js';
import { addDays, isCalendarDate, today } from '../../../shared/calendar-dates.js';
import {
  REGISTER_API,
  formIIIState,
  type MissingEntry,
  type OwnerEntryBody,
  type RegisterEntry,
} from '../../../shared/register.js';
import { checked } from '../checked-answer.js';
import type { Problem } from '../problem-text.js';

/**
 * How many days back the register is read: a foreign guest's Form III not marked submitted stays
 * "overdue" on the bar, the inbox and the dialog for a month after the stay began, even once the
 * guest has left (the report is still owed).
 */
export const FORM_III_LOOKBACK_DAYS = 31;

export interface RegisterDialogState {
  day: string;
  setDay: (day: string) => void;
  /** Every entry loaded (stays since FORM_III_LOOKBACK_DAYS before `day`, to the day after it). */
  entries: RegisterEntry[];
  /** Entries arriving on `day`, and leaving on it. */
  arrivals: RegisterEntry[];
  departures: RegisterEntry[];
  /** Confirmed bookings around `day` without any entry. */
  missing: MissingEntry[];
  /** Foreign guests of stays since FORM_III_LOOKBACK_DAYS before `day` whose Form III is not marked submitted, soonest due first. */
  formIII: RegisterEntry[];
  loading: boolean;
  error: Problem | null;
  /** When the register shown was loaded (ms): the due hours count from it. */
  now: number;
  /** Marks a Form III submitted; resolves to the refusal (apiFetch's failure), or null when done. */
  markSubmitted: (id: string, portalReference: string) => Promise<ApiFailure | null>;
  /** Records one adult at check-in (REG-4); resolves to the refusal (its field named), or null when done. */
  recordEntry: (body: OwnerEntryBody) => Promise<ApiFailure | null>;
}

/**
 * The bar's alert: the most urgent Form III not submitted, in words ("Form III overdue"), or null.
 * Only from the guest's arrival (24 hours or less before the deadline): a stay weeks ahead is no
 * alert, and the dialog says its deadline as a date.
 */
export function formIIIAlert(entries: RegisterEntry[], now: number): string | null {
  let soonest: number | null = null;
  for (const e of entries) {
    if (!e.formIII || e.formIII.submittedAt) continue;
    const state = formIIIState(e.formIII, now);
    if (state.kind === 'overdue') return 'Form III overdue';
    if (state.kind === 'due' && state.hours <= 24 && (soonest === null || state.hours < soonest))
      soonest = state.hours;
  }
  return soonest === null ? null : `Form III due in ${soonest} h`;
}

/** Each booking's alert (the inbox's cards), by booking id: its most urgent Form III not submitted. */
export function formIIIAlertsByBooking(
  entries: RegisterEntry[],
  now: number,
): ReadonlyMap<string, string> {
  const alerts = new Map<string, string>();
  const ids = new Set(entries.flatMap((e) => (e.bookingId ? [e.bookingId] : [])));
  for (const id of ids) {
    const alert = formIIIAlert(
      entries.filter((e) => e.bookingId === id),
      now,
    );
    if (alert) alerts.set(id, alert);
  }
  return alerts;
}

/** `opening` 0: not opened yet (the register still loads once, for the bar). */
export function useRegisterDialog(
  opening: number,
  env: ApiEnv = {},
): RegisterDialogState & {
  entries: RegisterEntry[];
} {
  const [day, setDay] = useState(() => today());
  const [reloads, setReloads] = useState(0);
  const [result, setResult] = useState<{
    key: string;
    entries: RegisterEntry[];
    missing: MissingEntry[];
    error: RegisterDialogState['error'];
    at: number;
  }>({ key: '', entries: [], missing: [], error: null, at: 0 });
  const key = `${opening}|${day}|${reloads}`;

  const latest = useLatestCall();
  useEffect(() => {
    if (!isCalendarDate(day)) return;
    return latest.run(
      async (signal) =>
        checked(
          await apiFetch(REGISTER_API.entries, {
            ...env,
            query: { from: addDays(day, -FORM_III_LOOKBACK_DAYS), to: addDays(day, 1) },
            signal,
          }),
          (v): v is { entries: RegisterEntry[]; missing: MissingEntry[] } => {
            const x = v as { entries?: unknown; missing?: unknown } | null;
            return Array.isArray(x?.entries) && Array.isArray(x.missing);
          },
        ),
      (r) =>
        setResult((prev) =>
          r.ok
            ? {
                key,
                entries: r.value.entries,
                missing: r.value.missing,
                error: null,
                at: Date.now(),
              }
            : { ...prev, key, error: r },
        ),
    );
    // env is the page's own server for the dialog's life; key follows opening, day and reloads.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opening, day, reloads]);

  const markSubmitted = useCallback(
    async (id: string, portalReference: string) => {
      const r = await apiFetch(REGISTER_API.submitted, {
        ...env,
        method: 'POST',
        params: { id },
        body: { portalReference },
      });
      if (!r.ok) return r;
      setReloads((n) => n + 1);
      return null;
    },
    // env is fixed for the dialog's life.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );

  const recordEntry = useCallback(
    async (body: OwnerEntryBody) => {
      const r = await apiFetch(REGISTER_API.entries, { ...env, method: 'POST', body });
      if (!r.ok) return r;
      setReloads((n) => n + 1);
      return null;
    },
    // env is fixed for the dialog's life.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );

  const { entries, missing, error, at } = result;
  return {
    day,
    setDay,
    entries,
    arrivals: entries.filter((e) => e.arrival === day),
    departures: entries.filter((e) => e.departure === day),
    missing: missing.filter((m) => m.arrival <= day && m.departure >= day),
    formIII: entries
      .filter((e) => e.formIII && !e.formIII.submittedAt)
      .sort((a, b) => Date.parse(a.formIII!.due) - Date.parse(b.formIII!.due)),
    loading: result.key !== key,
    error,
    now: at,
    markSubmitted,
    recordEntry,
  };
}
