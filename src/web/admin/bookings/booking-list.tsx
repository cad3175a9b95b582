/**
 * The Bookings dialog's list (INBOX-2): the bookings under the filter, newest request first, one
 * card each; what an empty list means under that filter; nothing while the first answer is awaited.
 */
import type { Conflict } from '../../../shared/conflicts.js';
import { BookingCard } from './booking-card.js';
import { FILTER_WORDS } from './booking-words.js';
import type { BookingsDialogState } from './use-bookings-dialog.js';
import styles from './bookings.module.css';

export function BookingList({
  dialog,
  now,
  conflicts = [],
  formIII,
}: {
  dialog: BookingsDialogState;
  now: number;
  /** CONFLICT-3: each card shows the conflicts its booking is a side of. */
  conflicts?: readonly Conflict[];
  /** REG-6: each card shows its booking's Form III alert, by booking id. */
  formIII?: ReadonlyMap<string, string>;
}) {
  const { bookings } = dialog;
  if (bookings === null) return null;
  if (bookings.length === 0)
    return <p className={styles.empty}>{FILTER_WORDS[dialog.filter].empty}</p>;
  return (
    <ul className={styles.list} aria-label="Bookings" aria-busy={dialog.loading}>
      {bookings.map((b) => (
        <BookingCard
          key={b.id}
          booking={b}
          dialog={dialog}
          now={now}
          conflicts={conflicts.filter((c) =>
            c.sides.some((s) => s.source === 'direct' && s.reference === b.reference),
          )}
          formIII={formIII?.get(b.id)}
        />
      ))}
    </ul>
  );
}
