/**
 * The Privacy dialog (PRIV-4, PRIV-7), opened by the admin bar's 'Privacy' control: the guests'
 * rights requests with the days left to answer (overdue in red), each answered here (Send a
 * summary, Erase, Refuse with a reason), and the breaches with the hours left for the Board's
 * report, the pre-filled guests' mail (Tell the guests) and the report to download. State:
 * usePrivacyDesk, held by the admin root so the bar can say "Privacy request 3 days left".
 */
import { useState } from 'react';
import { AdminDialog } from '../admin-dialog.js';
import { ProblemText } from '../problem-text.js';
import admin from '../admin.module.css';
import { formatInstant } from '../../../shared/instants.js';
import {
  PRIVACY_API,
  REQUEST_KIND_WORDS,
  type PrivacyRequestView,
} from '../../../shared/privacy.js';
import { apiPath } from '../../../shared/routes.js';
import { dueWords, type PrivacyDesk } from './use-privacy-desk.js';
import styles from './privacy.module.css';

export const PRIVACY_DIALOG_ID = 'privacy';

function RequestCard({ r, d }: { r: PrivacyRequestView; d: PrivacyDesk }) {
  const [message, setMessage] = useState('');
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
          <div className={styles.actions}>
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

export function PrivacyDialog({ desk: d, close }: { desk: PrivacyDesk; close: () => void }) {
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
      {d.breaches.length === 0 ? (
        <p className={styles.status}>
          None recorded. Record one at once with POST {PRIVACY_API.breaches}.
        </p>
      ) : (
        <ul className={styles.list} aria-label="Breaches, newest first">
          {d.breaches.map((b) => {
            const hours = Math.floor((Date.parse(b.boardReportDueAt) - d.now) / 3_600_000);
            return (
              <li key={b.id} className={styles.card}>
                <p className={styles.head}>
                  <strong>Discovered {formatInstant(b.discoveredAt)}</strong> · {b.affectedGuests}{' '}
                  guests
                </p>
                <p className={hours < 0 ? styles.overdue : styles.state}>
                  Report to the Data Protection Board by {formatInstant(b.boardReportDueAt)} ·{' '}
                  {hours < 0 ? `${-hours} hours overdue` : `${hours} hours left`}
                </p>
                <p className={styles.message}>{b.description}</p>
                <div className={styles.actions}>
                  <a
                    className={admin.button}
                    href={apiPath(PRIVACY_API.boardReport, { id: b.id })}
                    download
                  >
                    Download the Board report
                  </a>
                  {b.guestsToldAt ? (
                    <span className={styles.state}>
                      Guests told {formatInstant(b.guestsToldAt)}
                    </span>
                  ) : (
                    <button
                      type="button"
                      className={admin.button}
                      disabled={d.busy}
                      onClick={() => d.tellGuests(b.id)}
                    >
                      Tell the {b.affectedGuests} guests
                    </button>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </AdminDialog>
  );
}
