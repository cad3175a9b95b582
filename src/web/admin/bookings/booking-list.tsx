/**
 * The Bookings dialog's list (INBOX-2): the bookings under the filter, newest request first, one
 * card each; what an empty list means under that filter; nothing while the first answer is awaited.
 * PERF-8: the first CARDS_PER_PAGE cards, then "Show more" adds as many again, so the inbox opens
 * as fast with 500 bookings as with 20 (each card is a few dozen elements and its actions); a
 * change of filter starts again from the first page.
 */
import { useState } from 'react';
import type { Conflict } from '../../../shared/conflicts.js';
import { BookingCard } from './booking-card.js';
import { FILTER_WORDS } from './booking-words.js';
import type { BookingsDialogState } from './use-bookings-dialog.js';
import admin from '../admin.module.css';
import styles from './bookings.module.css';

/** Cards rendered at first and added by each press on "Show more" (PERF-8). */
export const CARDS_PER_PAGE = 10;

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
  const { bookings, filter } = dialog;
  const [shown, setShown] = useState({ filter, count: CARDS_PER_PAGE });
  if (bookings === null) return null;
  if (bookings.length === 0) return <p className={styles.empty}>{FILTER_WORDS[filter].empty}</p>;
  const count = shown.filter === filter ? shown.count : CARDS_PER_PAGE;
  const rest = bookings.length - count;
  return (
    <>
      <ul className={styles.list} aria-label="Bookings" aria-busy={dialog.loading}>
        {bookings.slice(0, count).map((b) => (
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
      {rest > 0 && (
        <p className={styles.more}>
          <button
            type="button"
            className={admin.button}
            onClick={() => setShown({ filter, count: count + CARDS_PER_PAGE })}
          >
            Show {Math.min(rest, CARDS_PER_PAGE)} more ({rest} not shown)
          </button>
        </p>
      )}
    </>
  );
}
