/**
 * The Register dialog's sections (REG-5, REG-6): the day's arrivals and departures, the bookings
 * with no entry, and each foreign guest's Form III worksheet (every particular in the portal's
 * order with a Copy button, dates DD/MM/YYYY) with Mark submitted.
 */
import { useId, useState } from 'react';
import { formatClock, propertyDate } from '../../../shared/instants.js';
import {
  GUEST_CATEGORY_WORDS,
  ID_TYPE_WORDS,
  formIIIState,
  formIIIWorksheet,
  portalDate,
  type MissingEntry,
  type RegisterEntry,
} from '../../../shared/register.js';
import { ProblemText, type Problem } from '../problem-text.js';
import admin from '../admin.module.css';
import styles from './register.module.css';

/** A guest's one line: name, citizenship, ID, stay. */
function GuestLine({ e }: { e: RegisterEntry }) {
  return (
    <li className={styles.guest}>
      <strong>{e.name}</strong> · {GUEST_CATEGORY_WORDS[e.category]}
      {e.category !== 'indian' ? ` (${e.nationality})` : ''} · {ID_TYPE_WORDS[e.idType]} …
      {e.idLast4}
      <br />
      {e.propertyName} · {portalDate(e.arrival)} {e.arrivalTime} – {portalDate(e.departure)}
      {e.reference ? ` · ${e.reference}` : ' · recorded at check-in'}
    </li>
  );
}

/** The day's arrivals or departures. */
export function GuestsSection({
  title,
  entries,
  empty,
}: {
  title: string;
  entries: RegisterEntry[];
  empty: string;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className={styles.section}>
      <h3 id={id}>{`${title} (${entries.length})`}</h3>
      {entries.length === 0 ? (
        <p className={styles.empty}>{empty}</p>
      ) : (
        <ul className={styles.guests}>
          {entries.map((e) => (
            <GuestLine key={e.id} e={e} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** Confirmed bookings with no entry: the guest has not filled the form yet. */
export function MissingSection({ missing }: { missing: MissingEntry[] }) {
  const id = useId();
  if (missing.length === 0) return null;
  return (
    <section aria-labelledby={id} className={styles.section}>
      <h3 id={id}>{`Entries missing (${missing.length})`}</h3>
      <ul className={styles.guests}>
        {missing.map((m) => (
          <li key={m.bookingId} className={styles.missing}>
            <strong>{m.reference}</strong> · {m.propertyName} · {portalDate(m.arrival)} –{' '}
            {portalDate(m.departure)} · {m.guests} guest{m.guests === 1 ? '' : 's'}: no register
            yet. Ask them to fill it from their booking page, or record each adult at check-in.
          </li>
        ))}
      </ul>
    </section>
  );
}

/** "Form III due in 5 h" / "… overdue" / "Submitted"; more than a day ahead, its deadline in India. */
function dueWords(e: RegisterEntry, now: number): string {
  const state = formIIIState(e.formIII!, now);
  if (state.kind === 'submitted') return 'Submitted';
  if (state.kind === 'overdue') return 'Form III overdue';
  if (state.hours <= 24) return `Form III due in ${state.hours} h`;
  const due = Date.parse(e.formIII!.due);
  return `Form III due by ${portalDate(propertyDate(due))} ${formatClock(due)}`;
}

/** One foreign guest's Form III worksheet, with Copy buttons and Mark submitted. */
export function Worksheet({
  entry,
  now,
  copy,
  markSubmitted,
}: {
  entry: RegisterEntry;
  now: number;
  copy: (text: string) => Promise<boolean>;
  markSubmitted: (id: string, portalReference: string) => Promise<Problem | null>;
}) {
  const id = useId();
  const [copied, setCopied] = useState<string | null>(null);
  const [reference, setReference] = useState('');
  const [problem, setProblem] = useState<Problem | null>(null);
  const [busy, setBusy] = useState(false);
  const overdue = formIIIState(entry.formIII!, now).kind === 'overdue';
  const rows = formIIIWorksheet(entry);
  return (
    <section aria-labelledby={`${id}-title`} className={styles.worksheet}>
      <h4 id={`${id}-title`}>
        {`Form III: ${entry.name}`}{' '}
        <span className={overdue ? styles.overdue : styles.due}>{dueWords(entry, now)}</span>
      </h4>
      <table className={styles.sheet}>
        <tbody>
          {rows.map((r) => (
            <tr key={r.label}>
              <th scope="row">{r.label}</th>
              <td>{r.value}</td>
              <td>
                <button
                  type="button"
                  className={styles.copy}
                  aria-label={`Copy ${r.label}`}
                  onClick={() =>
                    void copy(r.value).then((ok) =>
                      setCopied(
                        ok
                          ? `${r.label} copied.`
                          : 'Copying is not allowed here: select the text instead.',
                      ),
                    )
                  }
                >
                  Copy
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p role="status" className={styles.copied}>
        {copied}
      </p>
      <form
        className={styles.submit}
        onSubmit={(ev) => {
          ev.preventDefault();
          setBusy(true);
          void markSubmitted(entry.id, reference.trim()).then((refusal) => {
            setBusy(false);
            setProblem(refusal);
          });
        }}
      >
        <label htmlFor={`${id}-ref`}>Portal’s reference</label>
        <input
          id={`${id}-ref`}
          value={reference}
          onChange={(ev) => setReference(ev.target.value)}
          autoComplete="off"
          required
          maxLength={60}
          {...(problem ? { 'aria-invalid': true, 'aria-describedby': `${id}-problem` } : {})}
        />
        <button type="submit" className={admin.primary} disabled={busy}>
          Mark submitted
        </button>
        {problem && (
          <p id={`${id}-problem`} className={styles.problem}>
            <ProblemText problem={problem} />
          </p>
        )}
      </form>
    </section>
  );
}
