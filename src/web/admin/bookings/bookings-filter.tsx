/**
 * The Bookings dialog's filter bar (INBOX-2): open (requests waiting for an answer, with their
 * number), upcoming, past, all, as one radio group, and 'Refresh' (new requests arrive while the
 * dialog is open).
 */
import { BOOKING_FILTERS } from '../../../shared/bookings.js';
import { FILTER_WORDS } from './booking-words.js';
import type { BookingsDialogState } from './use-bookings-dialog.js';
import admin from '../admin.module.css';
import styles from './bookings.module.css';

export function BookingsFilter({ id, dialog }: { id: string; dialog: BookingsDialogState }) {
  return (
    <div className={styles.toolbar}>
      <fieldset className={styles.filters}>
        <legend className="visually-hidden">Show</legend>
        {BOOKING_FILTERS.map((f) => (
          <label key={f} className={styles.filter}>
            <input
              type="radio"
              name={`${id}-filter`}
              value={f}
              checked={dialog.filter === f}
              onChange={() => dialog.setFilter(f)}
            />
            {FILTER_WORDS[f].label}
            {f === 'open' && dialog.openCount ? ` (${dialog.openCount})` : ''}
          </label>
        ))}
      </fieldset>
      <button
        type="button"
        className={admin.button}
        disabled={dialog.loading}
        onClick={dialog.refresh}
      >
        Refresh
      </button>
    </div>
  );
}
