/**
 * The "Double booking" notice (CONFLICT-3): under that title, each open conflict in one sentence
 * with its dates and every side ("Coffee View Suite: Mon 12 Jan 2026 to Tue 13 Jan 2026 (1 night)
 * is held by direct booking STY-7K2Q and Airbnb."), then what to do. Shown in the Admin Tools bar, at
 * the top of the Bookings inbox, on the card of a booking that is a side, and in the property's
 * Calendar dialog; nothing when there is no conflict. Under a conflict whose mail to the owner
 * was not delivered, the server's words saying so (BOOK-13), so the notice is not mistaken for a
 * mail that came. A polite live region, so a conflict found
 * while the page is open is read out once.
 */
import { CONFLICT_ADVICE, conflictSentence, type Conflict } from '../../../shared/conflicts.js';
import styles from './conflicts.module.css';

export interface ConflictNoticeProps {
  conflicts: readonly Conflict[];
  /** The property's name for a sentence; the id when it gives none. */
  nameOf?: (propertyId: string) => string | undefined;
  /** Where it stands (its `data-conflict-notice`, for tests); the card's is short, without the advice. */
  place: 'bar' | 'inbox' | 'card' | 'calendar';
}

export function ConflictNotice({ conflicts, nameOf, place }: ConflictNoticeProps) {
  const compact = place === 'card';
  return (
    <div role="status" className={styles.region}>
      {conflicts.length > 0 && (
        <div className={compact ? styles.compact : styles.notice} data-conflict-notice={place}>
          <p className={styles.title}>
            <span aria-hidden="true">⚠ </span>
            <strong>Double booking</strong>
          </p>
          <ul className={styles.list}>
            {conflicts.map((c) => (
              <li
                key={`${c.propertyId}/${c.from}/${c.to}/${c.sides.map((s) => s.reference ?? s.label).join('|')}`}
              >
                {conflictSentence(c, nameOf?.(c.propertyId))}
                {c.mailProblem && (
                  <span className={styles.mailProblem} data-conflict-mail-problem>
                    {c.mailProblem}
                  </span>
                )}
              </li>
            ))}
          </ul>
          {!compact && <p className={styles.advice}>{CONFLICT_ADVICE}</p>}
        </div>
      )}
    </div>
  );
}
