/**
 * The Privacy dialog (PRIV-4, PRIV-7), opened by the admin bar's 'Privacy' control: the guests'
 * rights requests with the days left to answer (overdue in red), each answered here (Send a
 * summary, Erase, Correct with the fields to change, Refuse with a reason), and the breaches:
 * Record a breach (PRIV-11), the hours left for the Board's report, when the Board was told
 * (rule 7(2)(a), 7(2)(b)), the pre-filled guests' mail (Tell the guests) and the report to
 * download. State:
 * usePrivacyDesk, held by the admin root so the bar can say "Privacy request 3 days left".
 */
import { useState } from 'react';
import { AdminDialog } from '../admin-dialog.js';
import { BreachForm } from './breach-form.js';
import { ProblemText } from '../problem-text.js';
import admin from '../admin.module.css';
import { formatInstant } from '../../../shared/instants.js';
import {
  PRIVACY_API,
  REQUEST_KIND_WORDS,
  type BreachView,
  type PrivacyRequestView,
} from '../../../shared/privacy.js';
import { apiPath } from '../../../shared/routes.js';
import { dueWords, type PrivacyDesk } from './use-privacy-desk.js';
import styles from './privacy.module.css';

export const PRIVACY_DIALOG_ID = 'privacy';

const CORRECTABLE = [
  ['name', 'Name', 'text', 'name'],
  ['phone', 'Phone', 'tel', 'tel'],
  ['email', 'E-mail', 'email', 'email'],
] as const;

/** The fields a correction changes (PRIV-4 `correct`): only those filled in. */
function CorrectionFields({
  id,
  value,
  set,
}: {
  id: string;
  value: Record<string, string>;
  set: (v: Record<string, string>) => void;
}) {
  return (
    <fieldset className={styles.who}>
      <legend className={styles.label}>Correct to (leave empty what stays)</legend>
      {CORRECTABLE.map(([key, label, type]) => (
        <label key={key} className={styles.field} htmlFor={`${id}-${key}`}>
          <span className={styles.label}>{label}</span>
          <input
            id={`${id}-${key}`}
            type={type}
            className={styles.input}
            value={value[key] ?? ''}
            onChange={(e) => set({ ...value, [key]: e.target.value })}
          />
        </label>
      ))}
    </fieldset>
  );
}

function RequestCard({ r, d }: { r: PrivacyRequestView; d: PrivacyDesk }) {
  const [message, setMessage] = useState('');
  const [corrections, setCorrections] = useState<Record<string, string>>({});
  const filled = Object.fromEntries(Object.entries(corrections).filter(([, v]) => v.trim() !== ''));
  const overdue = r.status === 'open' && Date.parse(r.dueAt) < d.now;
  const id = `privacy-${r.id}`;
  return (
    <li className={styles.card}>
      <p className={styles.head}>
        <strong>{REQUEST_KIND_WORDS[r.kind].en}</strong>
        {r.bookingReferences.length > 0 && <> · {r.bookingReferences.join(', ')}</>}
      </p>
      <p className={overdue ? styles.overdue : styles.state}>
        {r.status === 'open'
          ? `Received ${formatInstant(r.receivedAt)} · answer by ${formatInstant(r.dueAt)} · ${dueWords(r.dueAt, d.now)}`
          : `${r.status === 'refused' ? 'Refused' : 'Answered'} ${r.answeredAt ? formatInstant(r.answeredAt) : ''}`}
      </p>
      {r.message && <p className={styles.message}>“{r.message}”</p>}
      {r.status === 'open' && (
        <>
          <label htmlFor={`${id}-message`} className={styles.label}>
            Your answer to the guest (a reason is needed to refuse)
          </label>
          <textarea
            id={`${id}-message`}
            className={styles.text}
            value={message}
            onChange={(e) => setMessage(e.target.value)}
          />
          {r.kind === 'correction' && (
            <CorrectionFields id={id} value={corrections} set={setCorrections} />
          )}
          <div className={styles.actions}>
            {r.kind === 'correction' && (
              <button
                type="button"
                className={admin.primary}
                disabled={d.busy}
                onClick={() => d.answer(r.id, 'correct', message, filled)}
              >
                Correct
              </button>
            )}
            <button
              type="button"
              className={admin.button}
              disabled={d.busy}
              onClick={() => d.answer(r.id, 'send-summary', message)}
            >
              Send a summary
            </button>
            <button
              type="button"
              className={admin.button}
              disabled={d.busy}
              onClick={() => d.answer(r.id, 'erase', message)}
            >
              Erase
            </button>
            <button
              type="button"
              className={admin.button}
              disabled={d.busy}
              onClick={() => d.answer(r.id, 'refuse', message)}
            >
              Refuse
            </button>
          </div>
        </>
      )}
    </li>
  );
}

function BreachCard({ b, d }: { b: BreachView; d: PrivacyDesk }) {
  const hours = Math.floor((Date.parse(b.boardReportDueAt) - d.now) / 3_600_000);
  const late = hours < 0 && !b.boardReportedAt;
  return (
    <li className={styles.card}>
      <p className={styles.head}>
        <strong>Found out {formatInstant(b.discoveredAt)}</strong> ·{' '}
        {b.affectedGuests === 1 ? '1 guest' : `${b.affectedGuests} guests`}
      </p>
      <p className={styles.message}>{b.description}</p>
      {b.dataAffected && <p className={styles.state}>Data touched: {b.dataAffected}</p>}
      <ul className={styles.steps} aria-label="Who was told">
        <li className={b.boardIntimatedAt ? styles.state : styles.overdue}>
          {b.boardIntimatedAt
            ? `Board told ${formatInstant(b.boardIntimatedAt)}`
            : 'Board not told yet: tell it at once (rule 7(2)(a))'}
        </li>
        <li className={late ? styles.overdue : styles.state}>
          {b.boardReportedAt
            ? `Report sent to the Board ${formatInstant(b.boardReportedAt)}`
            : `Report to the Board due ${formatInstant(b.boardReportDueAt)} · ${
                hours < 0 ? `${-hours} hours overdue` : `${hours} hours left`
              } (rule 7(2)(b))`}
        </li>
        <li className={styles.state}>
          {b.guestsToldAt
            ? `Guests told ${formatInstant(b.guestsToldAt)}`
            : 'Guests not told yet (rule 7(1))'}
        </li>
      </ul>
      <div className={styles.actions}>
        {[
          !b.boardIntimatedAt && {
            label: 'I told the Board just now',
            act: () => d.boardTold(b.id, 'first'),
          },
          !b.boardReportedAt && {
            label: 'I sent the report just now',
            act: () => d.boardTold(b.id, 'report'),
          },
          !b.guestsToldAt && {
            label:
              b.affectedGuests === 1 ? 'Tell the guest' : `Tell the ${b.affectedGuests} guests`,
            act: () => d.tellGuests(b.id),
          },
        ].map(
          (action) =>
            action && (
              <button
                key={action.label}
                type="button"
                className={admin.button}
                disabled={d.busy}
                onClick={action.act}
              >
                {action.label}
              </button>
            ),
        )}
        <a className={admin.button} href={apiPath(PRIVACY_API.boardReport, { id: b.id })} download>
          Download the Board report
        </a>
      </div>
    </li>
  );
}

export function PrivacyDialog({ desk: d, close }: { desk: PrivacyDesk; close: () => void }) {
  const [recording, setRecording] = useState(false);
  return (
    <AdminDialog id={PRIVACY_DIALOG_ID} title="Privacy" className={styles.dialog} close={close}>
      <p className={styles.rule}>
        Guests’ requests about their data are answered within the days you set
        (PRIVACY_ANSWER_DAYS); every answer is mailed and names {d.contact || 'your contact'}.
      </p>
      <p className={d.error ? styles.problem : styles.status} role="status">
        {d.error ? <ProblemText problem={d.error} /> : d.loading ? 'Loading…' : null}
        {d.problem ? <ProblemText problem={d.problem} /> : d.done}
      </p>
      <h3 className={styles.section}>Requests</h3>
      {d.requests.length === 0 ? (
        <p className={styles.status}>No requests.</p>
      ) : (
        <ul className={styles.list} aria-label="Requests, the soonest due first">
          {d.requests.map((r) => (
            <RequestCard key={`${r.id}|${r.status}`} r={r} d={d} />
          ))}
        </ul>
      )}
      <h3 className={styles.section}>Breaches</h3>
      {recording ? (
        <BreachForm busy={d.busy} record={d.recordBreach} cancel={() => setRecording(false)} />
      ) : (
        <button
          type="button"
          className={`${admin.button} ${styles.record}`}
          onClick={() => setRecording(true)}
        >
          Record a breach
        </button>
      )}
      {d.breaches.length === 0 ? (
        <p className={styles.status}>None recorded.</p>
      ) : (
        <ul className={styles.list} aria-label="Breaches, newest first">
          {d.breaches.map((b) => (
            <BreachCard key={b.id} b={b} d={d} />
          ))}
        </ul>
      )}
    </AdminDialog>
  );
}
