/**
 * The Reports dialog's state (FIG-9): the range (a preset or months the owner picks), the
 * property (all, or one), and "compare with the same period last year". Each choice loads the
 * report (`GET /api/reports` through apiFetch) and, when comparing, the same nights a year earlier
 * as the books stood a year before today (pace, FIG-6). A load a newer one replaces is dropped
 * (useLatestCall, CLIENT-3).
 */
import { useEffect, useState } from 'react';
import { apiFetch, type ApiEnv } from '../../api-fetch.js';
import { useLatestCall } from '../../latest-call.js';
import {
  monthStart,
  REPORTS_API,
  reportRange,
  yearEarlier,
  type Report,
  type ReportRangeKind,
} from '../../../shared/figures.js';
import { today as todayOf } from '../../../shared/calendar-dates.js';
import { systemClock, type Clock } from '../../../shared/instants.js';
import { checked } from '../checked-answer.js';
import type { Problem } from '../problem-text.js';

interface ReportsChoice {
  range: ReportRangeKind;
  /** Custom range: the first and last month, "YYYY-MM". */
  fromMonth: string;
  toMonth: string;
  /** '' for every apartment. */
  propertyId: string;
  compare: boolean;
}

export interface ReportsDialogState {
  choice: ReportsChoice;
  choose: (change: Partial<ReportsChoice>) => void;
  /** The nights asked for. */
  from: string;
  to: string;
  report: Report | null;
  /** The same nights a year earlier, as known a year ago (when comparing). */
  lastYear: Report | null;
  loading: boolean;
  error: Problem | null;
  /** The CSV of the same choice (one row per month and property). */
  csvUrl: string;
}

const isReport = (v: unknown): v is Report =>
  typeof v === 'object' && v !== null && Array.isArray((v as Report).byMonth);

/** The nights [from, to) of a choice on `today`. */
function rangeOf(choice: ReportsChoice, today: string): { from: string; to: string } {
  if (choice.range !== 'custom') return reportRange(choice.range, today);
  const [first, last] =
    choice.fromMonth <= choice.toMonth
      ? [choice.fromMonth, choice.toMonth]
      : [choice.toMonth, choice.fromMonth];
  return { from: `${first}-01`, to: monthStart(`${last}-01`, 1) };
}

/** `opening` 0: closed so far, nothing loaded; each new value loads again. */
export function useReportsDialog(
  opening: number,
  env: ApiEnv = {},
  now: Clock = systemClock,
): ReportsDialogState {
  const today = todayOf(now());
  const [choice, setChoice] = useState<ReportsChoice>({
    range: 'this-month',
    fromMonth: monthStart(today, -2).slice(0, 7),
    toMonth: today.slice(0, 7),
    propertyId: '',
    compare: false,
  });
  const [report, setReport] = useState<Report | null>(null);
  const [lastYear, setLastYear] = useState<Report | null>(null);
  const [loaded, setLoaded] = useState('');
  const [error, setError] = useState<Problem | null>(null);
  const { from, to } = rangeOf(choice, today);
  const query = (f: string, t: string, asOf?: string): Record<string, string> => ({
    from: f,
    to: t,
    ...(choice.propertyId ? { propertyId: choice.propertyId } : {}),
    ...(asOf ? { asOf } : {}),
  });
  const key = `${opening}|${from}|${to}|${choice.propertyId}|${choice.compare}`;

  const latest = useLatestCall();
  useEffect(() => {
    if (opening === 0) return;
    return latest.run(
      async (signal) => {
        const get = async (q: Record<string, string>) =>
          checked(await apiFetch(REPORTS_API.report, { ...env, signal, query: q }), isReport);
        const [now_, before] = await Promise.all([
          get(query(from, to)),
          choice.compare
            ? get(query(yearEarlier(from), yearEarlier(to), yearEarlier(today)))
            : Promise.resolve(null),
        ]);
        return { now_, before };
      },
      ({ now_, before }) => {
        setLoaded(key);
        if (!now_.ok) {
          setError(now_);
          return;
        }
        if (before && !before.ok) {
          setError(before);
          return;
        }
        setError(null);
        setReport(now_.value);
        setLastYear(before?.ok ? before.value : null);
      },
    );
    // env is the page's own server for the dialog's life; key follows every choice.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  return {
    choice,
    choose: (change) => setChoice((c) => ({ ...c, ...change })),
    from,
    to,
    report,
    lastYear,
    loading: opening > 0 && loaded !== key,
    error,
    csvUrl: `${env.base ?? ''}${REPORTS_API.csv}?${new URLSearchParams(query(from, to))}`,
  };
}
