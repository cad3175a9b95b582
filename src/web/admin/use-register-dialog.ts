/**
 * The Register dialog's state (REG-5, REG-6): the day shown (today unless the owner picks
 * another), the register of the stays around it (`GET /api/register?from=day-1&to=day+1` through
 * apiFetch), loaded when the admin page opens (so the bar can say "Form III due in 5 h") and at
 * each opening and each change of day (a load that a newer one replaces is dropped: useLatestCall,
 * CLIENT-3), and Mark submitted. Failures are apiFetch's (a session ended: SESSION_ENDED with the
 * login link, CLIENT-2).
 */
import { useCallback, useEffect, useState } from 'react';
import { apiFetch, type ApiEnv, type ApiFailure } from '../api-fetch.js';
import { useLatestCall } from '../latest-call.js';
import { addDays, isCalendarDate, today } from '../../shared/calendar-dates.js';
import {
  REGISTER_API,
  formIIIState,
  type MissingEntry,
  type RegisterEntry,
} from '../../shared/register.js';
import { checked } from './checked-answer.js';
import type { Problem } from './problem-text.js';

export interface RegisterDialogState {
  day: string;
  setDay: (day: string) => void;
  /** Entries arriving on `day`, and leaving on it. */
  arrivals: RegisterEntry[];
  departures: RegisterEntry[];
  /** Confirmed bookings around `day` without any entry. */
  missing: MissingEntry[];
  /** Foreign guests staying around `day` whose Form III is not marked submitted, soonest due first. */
  formIII: RegisterEntry[];
  loading: boolean;
  error: Problem | null;
  /** When the register shown was loaded (ms): the due hours count from it. */
  now: number;
  /** Marks a Form III submitted; resolves to the refusal (apiFetch's failure), or null when done. */
  markSubmitted: (id: string, portalReference: string) => Promise<ApiFailure | null>;
}

/** The bar's alert: the most urgent Form III not submitted, in words ("Form III overdue"), or null. */
export function formIIIAlert(entries: RegisterEntry[], now: number): string | null {
  let soonest: number | null = null;
  for (const e of entries) {
    if (!e.formIII || e.formIII.submittedAt) continue;
    const state = formIIIState(e.formIII, now);
    if (state.kind === 'overdue') return 'Form III overdue';
    if (state.kind === 'due' && (soonest === null || state.hours < soonest)) soonest = state.hours;
  }
  return soonest === null ? null : `Form III due in ${soonest} h`;
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
            query: { from: addDays(day, -1), to: addDays(day, 1) },
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
  };
}
