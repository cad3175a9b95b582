/**
 * A booking's history in its inbox card (LEDGER-4): a "History" disclosure that, the first time it
 * is opened, asks `GET /api/bookings/{id}/events` and shows the stay's events as a timeline, oldest
 * first: what happened, who did it, when (Asia/Kolkata), the money it moved and new dates. Closed
 * cards ask nothing, so the inbox opens as fast as before (PERF-12).
 */
import { useState } from 'react';
import { formatDate } from '../../../shared/calendar-dates.js';
import { formatInstant } from '../../../shared/instants.js';
import { LEDGER_EVENT_WORDS, actorWords, type LedgerEvent } from '../../../shared/ledger.js';
import { API } from '../../../shared/routes.js';
import { apiFetch } from '../../api-fetch.js';
import { checked } from '../checked-answer.js';
import { ProblemText, type Problem } from '../problem-text.js';
import styles from './bookings.module.css';
import { formatPaise } from '../../../shared/money.js';

type State = { kind: 'closed' } | { kind: 'loading' } | { kind: 'shown'; events: LedgerEvent[] };

const isEvents = (v: unknown): v is { events: LedgerEvent[] } =>
  typeof v === 'object' && v !== null && Array.isArray((v as { events?: unknown }).events);

/** One event in the owner's words: "Advance received · ₹4,050 · by the payment gateway". */
function eventLine(e: LedgerEvent, previous: LedgerEvent | undefined): string {
  const parts = [LEDGER_EVENT_WORDS[e.kind]];
  if (e.amountPaise !== undefined && e.amountPaise > 0) parts.push(formatPaise(e.amountPaise));
  if (previous && (previous.checkIn !== e.checkIn || previous.checkOut !== e.checkOut))
    parts.push(`${formatDate(e.checkIn)} – ${formatDate(e.checkOut)}`);
  parts.push(`by ${actorWords(e.actor)}`);
  return parts.join(' · ');
}

export function BookingHistory({ bookingId }: { bookingId: string }) {
  const [state, setState] = useState<State>({ kind: 'closed' });
  const [problem, setProblem] = useState<Problem | null>(null);

  async function load() {
    setState({ kind: 'loading' });
    const r = checked(await apiFetch(API.bookingEvents, { params: { id: bookingId } }), isEvents);
    if (r.ok) {
      setProblem(null);
      setState({ kind: 'shown', events: r.value.events });
    } else {
      setProblem(r);
      setState({ kind: 'closed' });
    }
  }

  return (
    <details
      className={styles.history}
      onToggle={(e) => {
        if ((e.currentTarget as HTMLDetailsElement).open && state.kind === 'closed') void load();
      }}
    >
      <summary>History</summary>
      {state.kind === 'loading' && <p className={styles.historyNote}>Loading…</p>}
      {problem && (
        <p className={styles.problem} role="alert">
          <ProblemText problem={problem} />
        </p>
      )}
      {state.kind === 'shown' && (
        <ol className={styles.timeline} aria-label="What happened to this booking">
          {state.events.map((e, i) => (
            <li key={e.id}>
              <time dateTime={e.at}>{formatInstant(e.at)}</time>
              <span>{eventLine(e, state.events[i - 1])}</span>
            </li>
          ))}
        </ol>
      )}
    </details>
  );
}
