/**
 * The Calendar dialog's 'Direct bookings' section (BOOK-6): the accepted and confirmed bookings
 * made on this site that hold nights from today on, by reference, with their status in words.
 * Read-only here (the Bookings inbox accepts and cancels them); they close the nights in the
 * export feed like a block. Shown only when there is one.
 */
import { BOOKING_STATUS_WORDS } from '../../../shared/bookings.js';
import { formatDate } from '../../../shared/calendar-dates.js';
import type { CalendarDialogState } from './use-calendar-dialog.js';
import styles from '../admin.module.css';

export function CalendarDirectBookings({
  id,
  dialog,
}: {
  id: string;
  dialog: CalendarDialogState;
}) {
  const bookings = dialog.stored?.directBookings ?? [];
  if (bookings.length === 0) return null;
  return (
    <section aria-labelledby={`${id}-direct`} className={styles.calendarSection}>
      <h3 id={`${id}-direct`}>Direct bookings</h3>
      <p className={styles.hint}>
        Accepted on this site: their nights are closed here and, through the export, on Airbnb and
        Booking.com. Manage them in Bookings.
      </p>
      <ul className={styles.rows}>
        {bookings.map((b) => (
          <li key={b.id} className={styles.row}>
            <span>
              <strong>{b.reference}</strong> · {formatDate(b.start)} to {formatDate(b.end)} ·{' '}
              {BOOKING_STATUS_WORDS[b.status]}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
