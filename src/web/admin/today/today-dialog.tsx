/**
 * Today (DAY-10): one screen of what the owner has to do today and tomorrow (Asia/Kolkata), from
 * `GET /api/today` at each opening: double bookings, requests with the hours left, arrivals and
 * departures (direct and channel), advances and balances, Form III, messages held. Each row is one
 * button that opens its action (the booking's inbox, the register, the messages, the property's
 * calendar). An owner's dialog on the shared AdminDialog frame, in the lazily loaded admin chunk;
 * it opens by itself after login (the login page sends the owner to `/#today`).
 */
import { useEffect, useState } from 'react';
import { formatDay } from '../../../shared/calendar-dates.js';
import {
  TODAY_API,
  type TodayAction,
  type TodayAnswer,
  type TodayKind,
  type TodayRow,
} from '../../../shared/today.js';
import { apiFetch } from '../../api-fetch.js';
import { AdminDialog } from '../admin-dialog.js';
import { ProblemText, type Problem } from '../problem-text.js';
import styles from './today.module.css';

export const TODAY_DIALOG_ID = 'today';

const HEADINGS: Record<TodayKind, string> = {
  conflict: 'Double bookings',
  request: 'Requests waiting for your answer',
  arrival: 'Arrivals',
  departure: 'Departures',
  advance: 'Advances not received',
  balance: 'Balances due',
  'form-iii': 'Form III to report',
  message: 'Messages held',
};

const ACTION_WORDS: Record<TodayAction['to'], string> = {
  booking: 'Open booking',
  register: 'Open register',
  messages: 'Open messages',
  conflicts: 'Open bookings',
  calendar: 'Open calendar',
};

function Row({ row, go }: { row: TodayRow; go: (a: TodayAction) => void }) {
  return (
    <li className={styles.row} data-urgent={row.urgent || undefined}>
      <button type="button" className={styles.rowButton} onClick={() => go(row.action)}>
        <span className={styles.rowText}>
          {row.day && (
            <span className={styles.day}>{row.day === 'today' ? 'Today' : 'Tomorrow'}</span>
          )}
          {row.text}
        </span>
        {row.detail && <span className={styles.detail}>{row.detail}</span>}
        <span className={styles.go}>{ACTION_WORDS[row.action.to]} ›</span>
      </button>
    </li>
  );
}

export function TodayDialog({
  opening,
  close,
  go,
}: {
  opening: number;
  close: () => void;
  /** Opens a row's action (closing Today first). */
  go: (action: TodayAction) => void;
}) {
  const [answer, setAnswer] = useState<TodayAnswer | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  useEffect(() => {
    if (opening === 0) return;
    const controller = new AbortController();
    void apiFetch(TODAY_API.today, { signal: controller.signal }).then((r) => {
      if (controller.signal.aborted) return;
      if (r.ok) {
        setAnswer(r.value);
        setProblem(null);
      } else setProblem(r);
    });
    return () => controller.abort();
  }, [opening]);

  const kinds = answer ? [...new Set(answer.rows.map((r) => r.kind))] : [];
  return (
    <AdminDialog id={TODAY_DIALOG_ID} title="Today" className={styles.dialog} close={close}>
      {answer && (
        <p className={styles.days}>
          {formatDay(answer.today)} and tomorrow, {formatDay(answer.tomorrow)}
        </p>
      )}
      <p role="status" className={problem ? styles.problem : styles.status}>
        {problem ? <ProblemText problem={problem} /> : answer ? null : 'Loading…'}
      </p>
      {answer && answer.rows.length === 0 && (
        <p className={styles.empty}>Nothing waits for you today or tomorrow.</p>
      )}
      {kinds.map((kind) => (
        <section key={kind} aria-labelledby={`today-${kind}`} className={styles.section}>
          <h3 id={`today-${kind}`} className={styles.heading}>
            {HEADINGS[kind]}
          </h3>
          <ul className={styles.rows}>
            {answer!.rows
              .filter((r) => r.kind === kind)
              .map((row, i) => (
                <Row key={i} row={row} go={go} />
              ))}
          </ul>
        </section>
      ))}
    </AdminDialog>
  );
}
