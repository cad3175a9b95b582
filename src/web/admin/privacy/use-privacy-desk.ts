/**
 * The privacy desk's state (PRIV-4, PRIV-7): the rights requests and breaches (`GET
 * /api/privacy/requests`, `/api/privacy/breaches` through apiFetch), loaded when the owner's page
 * opens (the bar shows a request due within 7 days) and at each opening of the Privacy dialog;
 * an answer (a correction with its fields), recording a breach, telling the guests and recording
 * when the Board was told (PRIV-11), one at a time. A load a newer one replaces is
 * dropped (useLatestCall); failures are apiFetch's (a session ended: SESSION_ENDED).
 */
import { useEffect, useState } from 'react';
import { apiFetch } from '../../api-fetch.js';
import { useLatestCall } from '../../latest-call.js';
import {
  PRIVACY_API,
  daysLeft,
  type AnswerAction,
  type BoardStage,
  type BreachBody,
  type BreachView,
  type PrivacyRequestView,
} from '../../../shared/privacy.js';
import type { Problem } from '../problem-text.js';

/** Requests due within this many days show on the bar. */
const BAR_DAYS = 7;

export interface PrivacyDesk {
  requests: PrivacyRequestView[];
  breaches: BreachView[];
  contact: string;
  loading: boolean;
  error: Problem | null;
  /** What the last action did, or why it was refused. */
  done: string | null;
  problem: Problem | null;
  busy: boolean;
  /** The bar's words for the most urgent open request due within 7 days, or null. */
  alert: string | null;
  now: number;
  answer: (
    id: string,
    action: AnswerAction,
    message: string,
    corrections?: { name?: string; phone?: string; email?: string },
  ) => void;
  tellGuests: (id: string) => void;
  /** Records a breach; resolves true once recorded (the form then empties). */
  recordBreach: (body: BreachBody) => Promise<boolean>;
  /** Records that the Board was told now: `first` rule 7(2)(a), `report` rule 7(2)(b). */
  boardTold: (id: string, stage: BoardStage) => void;
}

/** "3 days left", "due today", "2 days overdue" for a due instant at `now`. */
export function dueWords(dueAt: string, now: number): string {
  const left = daysLeft(dueAt, now);
  if (Date.parse(dueAt) < now) {
    const over = Math.max(1, Math.ceil((now - Date.parse(dueAt)) / 86_400_000));
    return `${over} day${over === 1 ? '' : 's'} overdue`;
  }
  return left === 0 ? 'due today' : `${left} day${left === 1 ? '' : 's'} left`;
}

/** `opening`: the Privacy dialog's openings; each new value loads again. */
export function usePrivacyDesk(opening: number): PrivacyDesk {
  const [reloads, setReloads] = useState(0);
  const [requests, setRequests] = useState<PrivacyRequestView[]>([]);
  const [breaches, setBreaches] = useState<BreachView[]>([]);
  const [contact, setContact] = useState('');
  const [loaded, setLoaded] = useState('');
  const [error, setError] = useState<Problem | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [busy, setBusy] = useState(false);
  const [now, setNow] = useState(() => Date.now());
  const key = `${opening}|${reloads}`;
  const latest = useLatestCall();

  useEffect(() => {
    return latest.run(
      async (signal) => {
        const [r, b] = await Promise.all([
          apiFetch(PRIVACY_API.requests, { signal }),
          apiFetch(PRIVACY_API.breaches, { signal }),
        ]);
        if (!r.ok) return r;
        if (!b.ok) return b;
        return { ok: true as const, r: r.value, b: b.value };
      },
      (x) => {
        setLoaded(key);
        setNow(Date.now());
        if ('r' in x) {
          setRequests(Array.isArray(x.r.requests) ? x.r.requests : []);
          setContact(x.r.contact ?? '');
          setBreaches(Array.isArray(x.b.breaches) ? x.b.breaches : []);
          setError(null);
        } else setError(x);
      },
    );
    // key follows opening and reloads.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opening, reloads]);

  const urgent = requests
    .filter((r) => r.status === 'open' && daysLeft(r.dueAt, now) < BAR_DAYS)
    .sort((a, b) => Date.parse(a.dueAt) - Date.parse(b.dueAt))[0];

  async function act(
    call: () => Promise<{ ok: boolean } & Partial<Problem>>,
    words: string,
  ): Promise<boolean> {
    setBusy(true);
    setProblem(null);
    setDone(null);
    const r = await call();
    setBusy(false);
    if (!r.ok) {
      setProblem(r as Problem);
      return false;
    }
    setDone(words);
    setReloads((n) => n + 1);
    return true;
  }

  return {
    requests,
    breaches,
    contact,
    loading: loaded !== key,
    error,
    done,
    problem,
    busy,
    now,
    alert: urgent ? `Privacy request ${dueWords(urgent.dueAt, now)}` : null,
    answer: (id, action, message, corrections) =>
      void act(
        () =>
          apiFetch(PRIVACY_API.answer, {
            method: 'POST',
            params: { id },
            body: { action, message, ...(corrections ? { corrections } : {}) },
          }),
        action === 'refuse'
          ? 'Refused; the guest is mailed your reason.'
          : action === 'correct'
            ? 'Corrected; the guest is mailed what changed.'
            : 'Answered; the guest is mailed.',
      ),
    recordBreach: (body) =>
      act(
        () => apiFetch(PRIVACY_API.breaches, { method: 'POST', body }),
        'Breach recorded. Tell the Board now, and the guests.',
      ),
    boardTold: (id, stage) =>
      void act(
        () =>
          apiFetch(PRIVACY_API.boardTold, {
            method: 'POST',
            params: { id },
            body: { stage, at: new Date().toISOString() },
          }),
        stage === 'first' ? 'Recorded: the Board was told.' : 'Recorded: the report was sent.',
      ),
    tellGuests: (id) =>
      void act(
        () => apiFetch(PRIVACY_API.tellGuests, { method: 'POST', params: { id }, body: {} }),
        'The affected guests are being mailed, once each.',
      ),
  };
}
