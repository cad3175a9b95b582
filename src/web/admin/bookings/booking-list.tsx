/**
 * The Bookings dialog's list (INBOX-2): the bookings under the filter, newest request first, one
 * card each; what an empty list means under that filter; nothing while the first answer is awaited.
 * PERF-8, PERF-12: the server's first page (INBOX_PAGE cards), then "Show more" asks for the next
 * page and adds it, so the inbox opens as fast with 500 bookings as with 20 (the answer and the
 * cards are one page); a change of filter starts again from the first page. "(N not shown)" is the
 * server's count under the filter, not of what was loaded.
 */
import type { Conflict } from '../../../shared/conflicts.js';
import { BookingCard } from './booking-card.js';
import { FILTER_WORDS } from './booking-words.js';
import { INBOX_PAGE, type BookingsDialogState } from './use-bookings-dialog.js';
import admin from '../admin.module.css';
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
  const { bookings, filter } = dialog;
  if (bookings === null) return null;
  if (bookings.length === 0) return <p className={styles.empty}>{FILTER_WORDS[filter].empty}</p>;
  const rest = Math.max(0, (dialog.total ?? bookings.length) - bookings.length);
  return (
    <>
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
      {dialog.hasMore && rest > 0 && (
        <p className={styles.more}>
          <button
            type="button"
            className={admin.button}
            disabled={dialog.loading || dialog.loadingMore}
            onClick={dialog.showMore}
          >
            {dialog.loadingMore
              ? 'Loading…'
              : `Show ${Math.min(rest, INBOX_PAGE)} more (${rest} not shown)`}
          </button>
        </p>
      )}
    </>
  );
}
